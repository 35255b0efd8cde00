/**
 * The Vars tab's "from a snapshot" over a home whose archive holds snapshots evolcore's cleanup
 * already deleted: they are listed with the folder's and load as scenarios from the archive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SnapshotScenarioRead } from '../../shared/api/snapshot-scenario-read';
import type { VarsSnapshot } from '../../shared/scenarios/snapshot-scenario';
import { DEBUG_FILE_KINDS, debugFileName } from '../../shared/debug-files/names';
import { useCoreHarness } from '../api/test-support/core-harness';
import { archiveHome } from '../archive/archive-home';
import { debugDirOf } from '../history/debug-dir';

const harness = useCoreHarness();

describe("the Vars tab's snapshots over the archive", () => {
  it('lists an archived-only snapshot and loads it as the live one loaded', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-vars-archive-');
    const debug = debugDirOf(home);
    const settingsDir = process.env['ECK_INSPECTOR_SETTINGS_DIR'] as string;
    await harness.start({ choice: { home, packageRoot } });
    const before = await harness.call<VarsSnapshot[]>('listVarsSnapshots');
    const oldest = before[before.length - 1] as VarsSnapshot;
    const live = await harness.call<SnapshotScenarioRead>('readSnapshotScenario', {
      key: oldest.key,
      reroot: true,
    });

    await archiveHome({ home, settingsDir, settleMs: 0 });
    // evolcore's cleanup takes the oldest snapshot after it was archived.
    for (const kind of DEBUG_FILE_KINDS)
      fs.rmSync(path.join(debug, debugFileName(kind, oldest.key)), { force: true });

    const after = await harness.call<VarsSnapshot[]>('listVarsSnapshots');
    expect(after).toEqual(before);
    const archived = await harness.call<SnapshotScenarioRead>('readSnapshotScenario', {
      key: oldest.key,
      reroot: true,
    });
    expect(archived).toEqual(live);
    expect(fs.existsSync(path.join(debug, debugFileName('vars', oldest.key)))).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../shared/api';
import type {
  ArchiveListing,
  ArchivedSnapshotFiles,
  ArchiveSettingsShape,
} from '../../shared/api/methods/archive';
import { useCoreHarness } from '../api/test-support/core-harness';
import { debugDirOf } from '../history/debug-dir';
import { until } from '../test-support/until';
import { writeArchiveSettings } from './archive-settings';

const harness = useCoreHarness();

describe('the archive through the API', () => {
  it('lists what the running core archived of the open home and reads a snapshot back', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-archive-api-');
    const debug = debugDirOf(home);
    // Written a minute ago: settled, so the first run copies them all.
    const old = (Date.now() - 60_000) / 1000;
    for (const name of fs.readdirSync(debug)) fs.utimesSync(path.join(debug, name), old, old);
    // Far inside the default 90 days, whatever day the demo renders carry.
    writeArchiveSettings({ enabled: true, keepDays: null }, process.env['ECK_INSPECTOR_SETTINGS_DIR']);
    await harness.start({ choice: { home, packageRoot }, archive: { firstDelayMs: 0 } });
    const snapshots = new Set(fs.readdirSync(debug).map((n) => /-(\d{4}-.*)\.(json|md)$/.exec(n)?.[1]));
    let listing: ArchiveListing | null = null;
    await until(
      () => {
        void harness.call<ArchiveListing>('listArchive').then((l) => (listing = l));
        return listing?.keys.length === snapshots.size;
      },
      15_000,
      'the archive of the demo home',
    );
    const l = listing as unknown as ArchiveListing;
    expect(l.exists).toBe(true);
    expect(l.dir.startsWith(path.join(process.env['ECK_INSPECTOR_SETTINGS_DIR'] as string, 'archive'))).toBe(
      true,
    );
    expect(l.storedBytes).toBeLessThan(l.rawBytes / 4);
    expect([...l.times]).toEqual([...l.times].sort((a, b) => a - b));

    const key = l.keys[3] as string;
    const one = await harness.call<ArchivedSnapshotFiles>('getArchivedSnapshot', { key });
    const context = one.files.context;
    expect(context.ok).toBe(true);
    if (context.ok) expect(context.text).toBe(fs.readFileSync(path.join(debug, `context-${key}.md`), 'utf8'));

    const missing = (await harness.core.dispatch('getArchivedSnapshot', {
      key: '1999-01-01-00-00-00',
    })) as ApiResult<unknown>;
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.code).toBe('not-found');
  });

  it('keeps the settings the user sets, and refuses nonsense', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-archive-settings-');
    await harness.start({ choice: { home, packageRoot } });
    expect(await harness.call<ArchiveSettingsShape>('getArchiveSettings')).toEqual({
      enabled: true,
      keepDays: 90,
    });
    await harness.call('setArchiveSettings', { enabled: false, keepDays: 30 });
    expect(await harness.call<ArchiveSettingsShape>('getArchiveSettings')).toEqual({
      enabled: false,
      keepDays: 30,
    });
    const bad = (await harness.core.dispatch('setArchiveSettings', {
      enabled: true,
      keepDays: 0,
    })) as ApiResult<unknown>;
    expect(bad.ok).toBe(false);
  });
});

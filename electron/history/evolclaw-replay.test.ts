/**
 * A real evolclaw record: `e2e/fixtures/evolclaw-home/data/eck-debug/` holds the four
 * files evolclaw's own engine wrote when it rendered the fixture kit for the owner's private chat
 * on another machine (under /tmp/claw-rec-0dr2). Opened as an evolclaw workspace, the snapshot
 * replays with no section difference: the recorded home is read from EVOLCLAW_HOME, home and
 * package paths are re-rooted, and nothing is called "manifest changed".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../shared/api';
import { decodeListing } from '../../shared/history/listing-wire';
import type { ReplayResult } from '../../shared/api/history-models';
import { useCoreHarness } from '../api/test-support/core-harness';
import { APP_ROOT } from '../services/app-paths';

const FIXTURES = path.join(APP_ROOT, 'e2e', 'fixtures');
/** Where the real engine's render was recorded. */
const RECORDED_HOME = '/tmp/claw-rec-0dr2/home';
const harness = useCoreHarness();
const { call } = harness;

async function open(): Promise<{ home: string; packageRoot: string }> {
  const tmp = harness.tempRoot('eck-claw-replay-');
  const packageRoot = path.join(tmp, 'evolclaw');
  const home = path.join(tmp, 'home');
  fs.cpSync(path.join(FIXTURES, 'evolclaw-kit'), packageRoot, { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'evolclaw-home'), home, { recursive: true });
  await harness.start({ choice: { home, packageRoot } });
  return { home, packageRoot };
}

async function onlyKey(): Promise<string> {
  const listing = decodeListing(await call<unknown>('getHistory'));
  if (!listing.ok) throw new Error(listing.error);
  expect(listing.value.snapshots).toHaveLength(1);
  return listing.value.snapshots[0]!.key;
}

describe('a real evolclaw snapshot', () => {
  it('replays with no manifest difference; its home and package paths re-rooted, no unknown root', async () => {
    const { home } = await open();
    const replay = await call<ReplayResult>('replaySnapshot', { key: await onlyKey() });
    expect(replay.warnings.filter((w) => /home is unknown|package root is unknown/.test(w))).toEqual([]);
    expect(replay.rerooted).toEqual(
      expect.arrayContaining(['EVOLCLAW_HOME', 'PERSONAL_DIR', 'RELATIONS_DIR']),
    );
    expect(replay.diff.manifest).toEqual([]);
    // identity prints {{EVOLCLAW_HOME}}: its bytes follow the home's new place; nothing else moves,
    // and nothing is blamed on the manifest.
    expect(replay.diff.sections.map((d) => d.id)).toEqual(['identity']);
    expect(replay.diff.sections[0]?.causes).not.toContain('manifest-changed');
    const moved = (replay.recordedContext ?? '').split(RECORDED_HOME).join(home.replace(/\\/g, '/'));
    expect(replay.replayedContext).toBe(moved);
  });

  it('a changed persona: the text differs there, and no section is blamed on the manifest', async () => {
    const { home } = await open();
    fs.writeFileSync(
      path.join(home, 'agents', 'aid-nova-7f3a', 'personal', 'persona.md'),
      '# Nova\n\nNew.\n',
    );
    const replay = await call<ReplayResult>('replaySnapshot', { key: await onlyKey() });
    expect(replay.diff.identical).toBe(false);
    expect(replay.diff.manifest).toEqual([]);
    expect(replay.diff.sections.filter((s) => s.causes.includes('manifest-changed'))).toEqual([]);
    expect(replay.replayedContext).toContain('New.');
  });

  it('"Use these vars": the scenario is the recorded one, re-rooted onto this workspace', async () => {
    await open();
    const key = await onlyKey();
    const { scenario, warnings } = await call<{ scenario: Scenario; warnings: string[] }>(
      'snapshotAsScenario',
      {
        key,
      },
    );
    expect(warnings.filter((w) => w.includes('unknown'))).toEqual([]);
    expect(scenario.vars['lifecycle']).toBe('active');
    for (const v of Object.values(scenario.vars))
      if (typeof v === 'string') expect(v.includes('/tmp/claw-rec-0dr2')).toBe(false);
  });
});

/**
 * The History methods end to end over the real engine and a copy of the demo home: listing,
 * one snapshot, diff, replay (an unchanged snapshot replays with no difference), what-if,
 * bundles re-rendered from their own tree, clean only when confirmed, and live updates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until as waitUntil } from '../test-support/until';
import type { ApiResult } from '../../shared/api';
import type { HistoryListing } from '../../shared/history/history-types';
import { decodeListing } from '../../shared/history/listing-wire';
import type {
  HistoryDelta,
  ReplayResult,
  SnapshotDetail,
  SnapshotDiff,
} from '../../shared/api/history-models';
import { useCoreHarness } from '../api/test-support/core-harness';

const harness = useCoreHarness();
const { call } = harness;
let tmp = '';

function copyWorkspace(): { home: string; packageRoot: string } {
  const { root, home, packageRoot } = harness.appWorkspace('eck-history-');
  tmp = root;
  return { home, packageRoot };
}

async function start(watch = false) {
  const choice = copyWorkspace();
  const core = await harness.start({ choice, watch });
  return { core, choice, events: harness.events };
}

/** `getHistory`, decoded from its columns as the renderer does. */
async function listed(): Promise<HistoryListing> {
  const r = decodeListing(await call<unknown>('getHistory'));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const until = (check: () => boolean, ms = 8000): Promise<void> => waitUntil(check, ms);

describe('History API over the demo home', () => {
  it('lists the 45 demo snapshots and reads one with its four files', async () => {
    await start();
    const listing = await listed();
    expect(listing.snapshots).toHaveLength(45);
    expect(listing.snapshots.some((s) => s.suffix === 2)).toBe(true);
    const key = listing.snapshots[1]!.key;
    const detail = await call<SnapshotDetail>('getSnapshot', { key });
    expect(detail.files.context.ok && detail.files.vars.ok).toBe(true);
    expect(detail.report?.sections.length).toBeGreaterThan(5);
    expect(detail.vars?.vars).toBeTypeOf('object');
  });

  it('fills the Session column of evolcore-format snapshots by the manifest their sections match, marked as a guess', async () => {
    await start();
    let snaps = (await listed()).snapshots;
    await until(() => {
      void listed().then((l) => (snaps = l.snapshots));
      return snaps.every((s) => s.parseState === 'done');
    });
    const types = new Map<string, number>();
    for (const s of snaps) {
      const key = `${s.columns.sessionType}|${s.columns.sessionInferredFrom}`;
      types.set(key, (types.get(key) ?? 0) + 1);
    }
    // Every demo snapshot is in evolcore's format (no session type recorded), and the demo kit's
    // main and auxiliary manifests list different sections. The rest are message bodies
    // (eck_message_manifest.json), which belong to no session type: no guess.
    expect(Object.fromEntries(types)).toEqual({
      'main|eck_manifest.json': 32,
      'auxiliary|eck_manifest.auxiliary.json': 5,
      'null|null': 8,
    });
  });

  it('replays every unchanged demo snapshot with no difference', async () => {
    await start();
    const listing = await listed();
    for (const s of listing.snapshots) {
      const replay = await call<ReplayResult>('replaySnapshot', { key: s.key });
      expect({ key: s.key, diff: replay.diff }).toEqual({
        key: s.key,
        diff: expect.objectContaining({ identical: true }),
      });
    }
  });

  it('replays a changed kit file as a difference labelled "file content changed"', async () => {
    const { choice, events } = await start(true);
    const key = (await listed()).snapshots[0]!.key;
    const rules = path.join(choice.packageRoot, 'kits', 'rules');
    const first = fs.readdirSync(rules).find((n) => n.endsWith('.md'))!;
    fs.appendFileSync(path.join(rules, first), '\nOne more rule.\n');
    await until(() => events.some((e) => e.event === 'onDidChangeOnDisk'));
    const replay = await call<ReplayResult>('replaySnapshot', { key });
    expect(replay.diff.identical).toBe(false);
    expect(replay.diff.contextEqual).toBe(false);
    const rulesDiff = replay.diff.sections.find((d) => d.id === 'rules');
    expect(rulesDiff?.causes).toEqual(['file-content-changed']);
  });

  it('diffs two snapshots: vars that differ and sections labelled by cause', async () => {
    await start();
    const snaps = (await listed()).snapshots;
    const d = await call<SnapshotDiff>('diffSnapshots', { a: snaps[0]!.key, b: snaps[1]!.key });
    expect(d.diff.vars.length).toBeGreaterThan(0);
    expect(d.diff.sections.length).toBeGreaterThan(0);
    expect(d.diff.sections.every((s) => s.causes.length > 0)).toBe(true);
    expect(d.diff.sections.some((s) => s.causes.includes('vars-changed'))).toBe(true);
  });

  it('what-if lists the snapshots a draft that disables rules would change', async () => {
    await start();
    const snaps = (await listed()).snapshots.slice(0, 6);
    const draft = {
      manifestFile: 'eck_manifest.json',
      overrideText: '{"sections":[{"id":"rules","enabled":false}]}',
    };
    const r = await call<{ rendered: number; changes: { sectionsLost: string[] }[] }>('whatIf', {
      keys: snaps.map((s) => s.key),
      draft,
    });
    expect(r.rendered).toBe(6);
    expect(r.changes.length).toBeGreaterThan(0);
    expect(r.changes.every((c) => c.sectionsLost.includes('rules'))).toBe(true);
  });

  it('exports a bundle that re-renders from its own tree with no difference, even with the home gone', async () => {
    const { choice } = await start();
    const key = (await listed()).snapshots[3]!.key;
    const out = await call<{ path: string; files: number }>('exportBundle', { key });
    expect(out.files).toBeGreaterThan(3);
    const moved = path.join(tmp, 'elsewhere.json');
    fs.renameSync(out.path, moved);
    fs.rmSync(choice.home, { recursive: true, force: true });
    fs.rmSync(path.join(choice.packageRoot, 'kits', 'rules'), { recursive: true, force: true });
    const replay = await call<ReplayResult>('openBundle', { path: moved });
    expect(replay.diff.identical).toBe(true);
  });

  it('cancels an export before it writes: the call ends "cancelled" and no file appears', async () => {
    const choice = copyWorkspace();
    // The save dialog stands open until released, so the cancel arrives mid-export.
    let release: (file: string) => void = () => undefined;
    let asked = false;
    const core = await harness.start({
      choice,
      chooseSaveTarget: () => {
        asked = true;
        return new Promise<string>((resolve) => (release = resolve));
      },
    });
    const key = (await listed()).snapshots[3]!.key;
    const exporting = core.dispatch('exportBundle', { key, saveAs: true });
    await until(() => asked);
    expect(await call('cancelExport')).toEqual({ cancelled: true });
    const target = path.join(tmp, 'chosen.json');
    release(target);
    const r = (await exporting) as ApiResult<unknown>;
    expect(r.ok ? null : r.error.code).toBe('cancelled');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(tmp).filter((n) => n.includes('chosen'))).toEqual([]);
    // Nothing runs now: a cancel says so, and the next export writes.
    expect(await call('cancelExport')).toEqual({ cancelled: false });
    const again = core.dispatch('exportBundle', { key, saveAs: true });
    await until(() => asked);
    release(target);
    expect(((await again) as ApiResult<unknown>).ok).toBe(true);
    expect(fs.existsSync(target)).toBe(true);
  });

  it('gives a snapshot as a scenario re-rooted onto the workspace, and searches context text', async () => {
    const { choice } = await start();
    const snaps = (await listed()).snapshots;
    const withAgent = snaps[1]!.key;
    const r = await call<{ scenario: { vars: Record<string, unknown> }; rerooted: string[] }>(
      'snapshotAsScenario',
      {
        key: withAgent,
      },
    );
    expect(JSON.stringify(r.scenario.vars)).not.toContain('/opt/evolcore');
    expect(JSON.stringify(r.scenario.vars)).not.toContain('/home/demo/.evolcore');
    expect(r.scenario.vars['selfAid']).toBe('nova.aid.pub');
    const all = await call<{ keys: string[]; searched: number }>('searchSnapshots', {
      query: 'EvolCore Context Kit',
    });
    expect(all.searched).toBe(45);
    expect(all.keys).toHaveLength(45);
    const none = await call<{ keys: string[] }>('searchSnapshots', { query: 'no such words anywhere 42' });
    expect(none.keys).toEqual([]);
    expect(choice.home).not.toBe('');
  });

  it('cleans only when confirmed, and says how many first', async () => {
    const { choice } = await start();
    const dir = path.join(choice.home, 'data', 'eck-debug');
    const old = new Date(Date.now() - 48 * 3_600_000);
    for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), old, old);
    const asked = await call<{ count: number; deleted: boolean }>('cleanOldSnapshots', {
      hours: 24,
      confirm: false,
    });
    expect(asked).toMatchObject({ count: 45, deleted: false });
    expect((await listed()).snapshots).toHaveLength(45);
  });

  it('pushes a new render written into the folder', async () => {
    const { choice, events } = await start(true);
    await listed();
    const dir = path.join(choice.home, 'data', 'eck-debug');
    fs.writeFileSync(path.join(dir, 'vars-2030-01-01-00-00-00.json'), '{"chatType":"group"}');
    fs.writeFileSync(path.join(dir, 'not-a-snapshot.txt'), 'x');
    await until(() =>
      events.some(
        (e) =>
          e.event === 'onDidChangeHistory' &&
          (e.payload as HistoryDelta).upserts.keys.includes('2030-01-01-00-00-00'),
      ),
    );
    const listing = await listed();
    expect(listing.snapshots).toHaveLength(46);
    await until(
      () =>
        listing.foreign.length > 0 ||
        events.some((e) => e.event === 'onDidChangeHistory' && (e.payload as HistoryDelta).foreign !== null),
    );
  });
});

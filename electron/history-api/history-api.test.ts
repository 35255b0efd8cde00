/**
 * The History methods end to end over the real engine and a copy of the demo home: listing,
 * one snapshot, diff, replay (an unchanged snapshot replays with no difference), what-if,
 * bundles re-rendered from their own tree, clean only when confirmed, and live updates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult, EventName } from '../../shared/api';
import type { HistoryListing } from '../../shared/debug-files/history-types';
import { decodeListing } from '../../shared/history/listing-wire';
import type {
  HistoryDelta,
  ReplayResult,
  SnapshotDetail,
  SnapshotDiff,
} from '../../shared/api/history-models';
import type { InspectorCore } from '../api/inspector-core';
import { APP_ROOT, copyAppWorkspace } from '../workspace/test-support/app-workspace-copy';
import { startInspectorCore } from '../api/inspector-core';

let core: InspectorCore | null = null;
let tmp = '';

afterEach(async () => {
  await core?.close();
  core = null;
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  delete process.env['ECK_INSPECTOR_SETTINGS_DIR'];
});

function copyWorkspace(): { home: string; packageRoot: string } {
  const { root, home, packageRoot } = copyAppWorkspace('eck-history-');
  tmp = root;
  process.env['ECK_INSPECTOR_SETTINGS_DIR'] = path.join(tmp, 'settings');
  return { home, packageRoot };
}

async function start(watch = false) {
  const choice = copyWorkspace();
  const events: { event: EventName; payload: unknown }[] = [];
  core = await startInspectorCore({ appRoot: APP_ROOT, choice, watch, log: () => undefined });
  core.hub.subscribe((event, payload) => events.push({ event, payload }));
  return { core, choice, events };
}

async function call<T>(method: string, input?: unknown): Promise<T> {
  const r = (await core!.dispatch(method, input)) as ApiResult<T>;
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** `getHistory`, decoded from its columns as the renderer does. */
async function listed(): Promise<HistoryListing> {
  const r = decodeListing(await call<unknown>('getHistory'));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

async function until(check: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

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

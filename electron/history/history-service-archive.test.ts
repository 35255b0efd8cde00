/**
 * The History service keeps the timeline live on both sides: a snapshot evolcore deletes from
 * eck-debug moves to "archive" (pushed as a changed row, not a removed one), and what the
 * running archiver copies turns live rows into "both" without listing the folder again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryDelta } from '../../shared/api/history-models';
import { debugFileName } from '../../shared/debug-files/names';
import { decodeListing, decodeRows } from '../../shared/history/listing-wire';
import type { WireListing } from '../../shared/history/listing-wire';
import { useCoreHarness } from '../api/test-support/core-harness';
import { archiveHome } from '../archive/archive-home';
import { writeArchiveSettings } from '../archive/archive-settings';
import { until } from '../test-support/until';
import { debugDirOf } from './debug-dir';
import { serviceOver } from './test-support/service-over';

const harness = useCoreHarness();

/** `key → where` of the rows a delta pushed. */
function pushed(delta: HistoryDelta): Map<string, string> {
  const rows = decodeRows(delta.upserts);
  if (!rows.ok) throw new Error(rows.error);
  return new Map(rows.value.map((s) => [s.key, s.where ?? 'live']));
}

describe('the History service over the folder and the archive', () => {
  it('pushes a snapshot evolcore deleted as archived, and one it never archived as removed', async () => {
    const root = harness.tempRoot('eck-history-service-archive-');
    const home = path.join(root, 'home');
    const dir = debugDirOf(home);
    fs.mkdirSync(dir, { recursive: true });
    const keys = ['2026-11-29-08-00-00', '2026-11-29-09-00-00'];
    for (const key of keys)
      fs.writeFileSync(path.join(dir, debugFileName('vars', key)), '{"chatType":"group"}');
    const archiveDir = path.join(root, 'archive');
    await archiveHome({ home, dir: archiveDir, settleMs: 0 });
    // A third snapshot, written after the archive run: live only.
    const late = '2026-11-29-10-00-00';
    fs.writeFileSync(path.join(dir, debugFileName('vars', late)), '{}');
    const { service, deltas } = serviceOver(home, archiveDir);
    expect(service.listing().snapshots.map((s) => s.where ?? 'live')).toEqual(['live', 'live', 'live']);
    await service.whenArchiveMerged();
    expect(pushed(deltas.at(-1) as HistoryDelta)).toEqual(new Map(keys.map((k) => [k, 'both'])));

    // evolcore's cleanup takes the oldest and the late one.
    deltas.length = 0;
    const gone = [debugFileName('vars', keys[0] as string), debugFileName('vars', late)].map((n) =>
      path.join(dir, n),
    );
    for (const file of gone) fs.rmSync(file);
    service.handleDiskChange({ paths: gone, count: gone.length, at: 0, affectsRender: false });
    expect(deltas).toHaveLength(1);
    expect(pushed(deltas[0] as HistoryDelta)).toEqual(new Map([[keys[0], 'archive']]));
    expect(deltas[0]?.removed).toEqual([late]);
    expect(service.listing().snapshots.map((s) => `${s.key} ${s.where ?? 'live'}`)).toEqual([
      `${keys[0]} archive`,
      `${keys[1]} both`,
    ]);
    await service.close();
  });

  it('pushes the rows only the archive holds in parts, newest first, until every one is listed', async () => {
    const root = harness.tempRoot('eck-history-service-parts-');
    const home = path.join(root, 'home');
    const dir = debugDirOf(home);
    fs.mkdirSync(dir, { recursive: true });
    const keys = [0, 1, 2, 3, 4, 5, 6].map((m) => `2026-11-29-08-0${m}-00`);
    for (const key of keys)
      fs.writeFileSync(path.join(dir, debugFileName('vars', key)), '{"chatType":"group"}');
    const archiveDir = path.join(root, 'archive');
    await archiveHome({ home, dir: archiveDir, settleMs: 0 });
    // evolcore's cleanup took them all: every row is the archive's.
    for (const key of keys) fs.rmSync(path.join(dir, debugFileName('vars', key)));
    const { service, deltas } = serviceOver(home, archiveDir, { first: 2, rest: 3 });
    expect(service.listing().snapshots).toEqual([]);
    await service.whenArchiveMerged();
    const parts = deltas.map((d) => [...pushed(d).keys()].sort());
    expect(parts).toEqual([keys.slice(5), keys.slice(2, 5), keys.slice(0, 2)]);
    expect(deltas.every((d) => [...pushed(d).values()].every((w) => w === 'archive'))).toBe(true);
    expect(service.listing().snapshots.map((s) => `${s.key} ${s.where ?? 'live'}`)).toEqual(
      keys.map((k) => `${k} archive`),
    );
    await service.close();
  });

  it('marks the rows the running archiver copied as in both places', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-history-archiver-');
    const debug = debugDirOf(home);
    const old = (Date.now() - 60_000) / 1000;
    for (const name of fs.readdirSync(debug)) fs.utimesSync(path.join(debug, name), old, old);
    writeArchiveSettings({ enabled: true, keepDays: null }, process.env['ECK_INSPECTOR_SETTINGS_DIR']);
    await harness.start({ choice: { home, packageRoot }, archive: { firstDelayMs: 0 } });
    const first = decodeListing(await harness.call<WireListing>('getHistory'));
    if (!first.ok) throw new Error(first.error);
    const total = first.value.snapshots.length;
    const both = new Set<string>();
    await until(
      () => {
        for (const e of harness.events.splice(0))
          if (e.event === 'onDidChangeHistory')
            for (const [k, where] of pushed(e.payload as HistoryDelta)) if (where === 'both') both.add(k);
        return both.size === total;
      },
      15_000,
      'every row marked as archived too',
    );
    const after = decodeListing(await harness.call<WireListing>('getHistory'));
    if (!after.ok) throw new Error(after.error);
    expect(after.value.snapshots.map((s) => s.where)).toEqual(first.value.snapshots.map(() => 'both'));
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexFile, packFile } from './archive-files';
import { ArchiveStore } from './archive-store';
import { archiveHome } from './archive-home';
import { applyRetention } from './retention';
import { generatedSnapshot, writeSnapshot } from './test-support/archive-fixtures';
import { formatTimestamp } from '../../shared/debug-files/names';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-retention-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 1, 12);

/** A snapshot `days` days before NOW. */
function snapshotDaysAgo(
  days: number,
  n: number,
): { key: string; time: number; files: ReturnType<typeof generatedSnapshot> } {
  const time = NOW - days * DAY;
  return { key: formatTimestamp(new Date(time)), time, files: generatedSnapshot(n) };
}

function archiveOf(days: readonly number[]): string {
  const dir = tempDir();
  const w = ArchiveStore.openWriter(dir);
  w.append(days.map((d, n) => snapshotDaysAgo(d, n)));
  w.close();
  return dir;
}

describe('the retention', () => {
  it('drops what is older than the days kept; the rest reads back byte for byte, in less space', () => {
    const days = [200, 150, 120, 95, 60, 30, 1];
    const dir = archiveOf(days);
    const w = ArchiveStore.openWriter(dir);
    const before = w.stats();
    expect(applyRetention(w, 90, NOW)).toBe(4);
    expect(w.generation).toBe(2);
    expect(w.list().map((s) => s.key)).toEqual([60, 30, 1].map((d, i) => snapshotDaysAgo(d, i + 4).key));
    expect(w.stats().packBytes).toBeLessThan(before.packBytes);
    w.close();
    // The old generation is gone; a reader opens the new one.
    expect(fs.existsSync(indexFile(dir, 1))).toBe(false);
    expect(fs.existsSync(packFile(dir, 1))).toBe(false);
    const r = ArchiveStore.openReader(dir);
    for (const [i, d] of [60, 30, 1].entries()) {
      const s = snapshotDaysAgo(d, i + 4);
      for (const [kind, bytes] of Object.entries(s.files))
        expect(r?.readFile(s.key, kind as 'vars')?.equals(bytes)).toBe(true);
    }
    r?.close();
  });

  it('waits for a day past the limit before it rewrites, and keeps everything with keepDays null', () => {
    const dir = archiveOf([90.5, 10]);
    const w = ArchiveStore.openWriter(dir);
    expect(applyRetention(w, 90, NOW)).toBe(0);
    expect(applyRetention(w, null, NOW)).toBe(0);
    expect(w.generation).toBe(1);
    expect(applyRetention(w, 89, NOW)).toBe(1);
    w.close();
  });

  it('killed before the switch: the half-written next generation is removed, the archive is as it was', () => {
    const dir = archiveOf([200, 1]);
    // What a kill mid-rewrite leaves: generation 2's files, part written; CURRENT still 1.
    fs.writeFileSync(indexFile(dir, 2), Buffer.from([1, 2, 3]));
    fs.writeFileSync(packFile(dir, 2), Buffer.from([4, 5]));
    fs.writeFileSync(path.join(dir, 'CURRENT.tmp'), '2');
    const w = ArchiveStore.openWriter(dir);
    expect(w.generation).toBe(1);
    expect(w.size).toBe(2);
    expect(fs.existsSync(indexFile(dir, 2))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'CURRENT.tmp'))).toBe(false);
    w.close();
  });

  it('a reader open during the rewrite moves to the new generation on refresh', () => {
    const dir = archiveOf([200, 1]);
    const r = ArchiveStore.openReader(dir);
    const w = ArchiveStore.openWriter(dir);
    applyRetention(w, 90, NOW);
    w.close();
    r?.refresh();
    expect(r?.size).toBe(1);
    const kept = snapshotDaysAgo(1, 1);
    expect(r?.readFile(kept.key, 'context')?.equals(kept.files.context as Buffer)).toBe(true);
    r?.close();
  });

  it('copies nothing the retention would drop at once: older snapshots are not even read', async () => {
    const home = tempDir();
    const debug = path.join(home, 'data', 'eck-debug');
    const days = [200, 120, 95, 60, 1];
    const snaps = days.map((d, n) => snapshotDaysAgo(d, n));
    for (const s of snaps) writeSnapshot(debug, s.key, s.files, NOW - DAY);
    const bytesOf = (picked: typeof snaps): number =>
      picked.reduce((n, s) => n + Object.values(s.files).reduce((m, b) => m + b.length, 0), 0);
    const kept = snaps.slice(3);
    const run = await archiveHome({
      home,
      dir: path.join(home, '..', `${path.basename(home)}-a`),
      keepDays: 90,
      settleMs: 0,
      now: () => NOW,
    });
    dirs.push(run.dir);
    expect(run).toMatchObject({ listed: 5, tooOld: 3, archived: 2, expired: 0, bytesRead: bytesOf(kept) });
    const r = ArchiveStore.openReader(run.dir);
    expect(r?.list().map((s) => s.key)).toEqual(kept.map((s) => s.key));
    r?.close();
    // Keeping everything (`all`), every snapshot is copied.
    const all = await archiveHome({
      home,
      dir: path.join(home, '..', `${path.basename(home)}-b`),
      keepDays: null,
      settleMs: 0,
      now: () => NOW,
    });
    dirs.push(all.dir);
    expect(all).toMatchObject({ tooOld: 0, archived: 5, bytesRead: bytesOf(snaps) });
  });
});

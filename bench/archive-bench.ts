/**
 * Bench of the archive: N generated snapshots (default 10,000; the demo home's
 * renders varied by message, session and time, as a busy home varies them) written to a temp
 * eck-debug, then `archiveHome` over it. Reports the archive's size against the raw files,
 * import throughput against reading every file once (the baseline: the least a copy costs),
 * a second run (nothing new: the cost of idempotence), reopening the archive and reading one
 * snapshot. `ECK_BENCH_ARCHIVE_N` changes N.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { debugDirOf } from '../electron/history/debug-dir';
import { archiveHome } from '../electron/archive/archive-home';
import { ArchiveStore } from '../electron/archive/archive-store';
import { generatedSnapshot, keyAt, writeSnapshot } from '../electron/archive/test-support/archive-fixtures';
import { round } from './measure';

function duBytes(dir: string): number {
  return fs.readdirSync(dir).reduce((n, name) => n + fs.statSync(path.join(dir, name)).size, 0);
}

/** Runs the bench; returns one result object. */
export async function benchArchive(
  n = Number(process.env['ECK_BENCH_ARCHIVE_N'] ?? 10_000),
): Promise<object> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bench-archive-'));
  try {
    const home = path.join(root, 'home');
    const debug = debugDirOf(home);
    const old = Date.now() - 60_000;
    let raw = 0;
    let files = 0;
    for (let i = 0; i < n; i++) {
      const f = generatedSnapshot(i);
      writeSnapshot(debug, keyAt(i).key, f);
      for (const b of Object.values(f)) {
        raw += b.length;
        files++;
      }
    }
    for (const name of fs.readdirSync(debug)) fs.utimesSync(path.join(debug, name), old / 1000, old / 1000);

    // Baseline: list the folder and read every file once (a `cat` of the folder).
    const t0 = performance.now();
    let read = 0;
    for (const name of fs.readdirSync(debug)) read += fs.readFileSync(path.join(debug, name)).length;
    const readAllMs = performance.now() - t0;

    const dir = path.join(root, 'archive');
    const first = await archiveHome({ home, dir, settleMs: 0 });
    const second = await archiveHome({ home, dir, settleMs: 0 });

    const t1 = performance.now();
    const reader = ArchiveStore.openReader(dir) as ArchiveStore;
    const openMs = performance.now() - t1;
    const t2 = performance.now();
    const listed = reader.list().length;
    const listMs = performance.now() - t2;
    const middle = keyAt(Math.floor(n / 2)).key;
    const t3 = performance.now();
    for (const kind of reader.kindsOf(middle)) reader.readFile(middle, kind);
    const readOneMs = performance.now() - t3;
    reader.close();

    const archived = duBytes(dir);
    return {
      name: 'archive-import',
      snapshots: n,
      files,
      rawBytes: raw,
      readBaselineBytes: read,
      archiveBytes: archived,
      packBytes: first.stats.packBytes,
      indexBytes: first.stats.indexBytes,
      sizeRatio: round(archived / raw),
      bytesPerSnapshot: Math.round(archived / n),
      importMs: round(first.ms),
      readAllMs: round(readAllMs),
      importVsReadAll: round(first.ms / readAllMs),
      snapshotsPerSecond: Math.round(n / (first.ms / 1000)),
      rawMiBPerSecond: round(raw / (1024 * 1024) / (first.ms / 1000)),
      secondRunMs: round(second.ms),
      secondRunCopied: second.archived + second.completed,
      reopenMs: round(openMs),
      listMs: round(listMs),
      listed,
      readOneSnapshotMs: round(readOneMs),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]).endsWith(path.join('bench', 'archive-bench.ts'))
)
  void benchArchive().then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`));

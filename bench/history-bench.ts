/**
 * Bench of the history index (a history of 50,000 files lists in well under 1 s).
 * Builds a temp folder of 12,500 snapshots × 4 files, then times, alternating runs, a bare
 * `readdirSync` of it (the baseline: the least any listing can cost) and the index's first list
 * (listing + grouping, no stat, no background parse: the index's default), and the same list
 * with one stat per snapshot and with one per file. Medians of 7 runs. Then what the listing
 * costs on the wire (listing-wire.ts): encoding it as columns and its JSON, against the JSON of
 * the same listing as objects (what was sent before), and decoding it as the renderer does.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDebugTexts } from './debug-file-texts';
import { debugFileName, formatSnapshotKey, formatTimestamp } from '../shared/debug-files/names';
import { HistoryIndex } from '../electron/history/history-index';
import type { ListingSizes } from '../electron/history/history-index';
import { decodeListing, encodeListing } from '../shared/history/listing-wire';

const SNAPSHOTS = 12_500;
const RUNS = 7;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** Writes the folder: two days of renders, every 10th sharing its second with the one before. */
function makeFolder(dir: string): void {
  const contents = benchDebugTexts();
  const start = new Date(2026, 10, 29, 0, 0, 0).getTime();
  let second = 0;
  for (let i = 0; i < SNAPSHOTS; i++) {
    const sameSecond = i % 10 === 9;
    if (!sameSecond) second += 13;
    const key = formatSnapshotKey(formatTimestamp(new Date(start + second * 1000)), sameSecond ? 2 : null);
    for (const kind of ['vars', 'context', 'fragments', 'manifest'] as const) {
      writeFileSync(join(dir, debugFileName(kind, key)), contents[kind]);
    }
  }
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** The first listing on the wire: encode + JSON (main side), JSON.parse + decode (renderer). */
function wireFigures(index: HistoryIndex): object {
  const listing = index.listing();
  const encode: number[] = [];
  const decode: number[] = [];
  const objects: number[] = [];
  const objectParse: number[] = [];
  let text = '';
  let objectText = '';
  for (let run = 0; run < RUNS; run++) {
    objects.push(time(() => (objectText = JSON.stringify(listing))));
    objectParse.push(time(() => JSON.parse(objectText) as unknown));
    encode.push(time(() => (text = JSON.stringify(encodeListing(listing)))));
    decode.push(
      time(() => {
        if (!decodeListing(JSON.parse(text)).ok) throw new Error('bench: the listing did not decode');
      }),
    );
  }
  return {
    wireBytes: text.length,
    objectJsonBytes: objectText.length,
    wireEncodeMs: round(median(encode)),
    wireDecodeMs: round(median(decode)),
    // The same listing as objects (what was sent before): its JSON both ways.
    objectStringifyMs: round(median(objects)),
    objectParseMs: round(median(objectParse)),
  };
}

/** Runs the bench; returns `{name, medianMs, baselineMs, ratio, …}` for `bench/run.ts`. */
export async function benchHistory(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'eck-history-bench-'));
  try {
    makeFolder(dir);
    const files = readdirSync(dir).length;
    const variants: ListingSizes[] = ['none', 'context', 'all'];
    const samples: Record<'baseline' | ListingSizes, number[]> = {
      baseline: [],
      context: [],
      none: [],
      all: [],
    };
    let snapshots = 0;
    for (let run = 0; run < RUNS; run++) {
      samples.baseline.push(time(() => readdirSync(dir)));
      for (const sizes of variants) {
        samples[sizes].push(
          time(() => {
            snapshots = new HistoryIndex(dir, { sizes }).refresh().snapshots.length;
          }),
        );
      }
    }
    const index = new HistoryIndex(dir);
    index.refresh();
    const wire = wireFigures(index);
    const t0 = performance.now();
    await index.parseInBackground();
    const backgroundParseMs = performance.now() - t0;
    const withErrors = index.listing().snapshots.filter((s) => s.error !== null).length;

    const baselineMs = median(samples.baseline);
    const medianMs = median(samples.none);
    return {
      name: 'history-index-50k',
      files,
      snapshots,
      runs: RUNS,
      medianMs: round(medianMs),
      baselineMs: round(baselineMs),
      ratio: round(medianMs / baselineMs),
      // The first build of the run (code not yet optimised by the JIT), as an app's first list is.
      firstRunMs: round(samples.none[0] as number),
      baselineFirstMs: round(samples.baseline[0] as number),
      // The same list stating the context file of each snapshot, and every file.
      contextStatMs: round(median(samples.context)),
      statAllMs: round(median(samples.all)),
      // One full background pass (vars + manifest report of every snapshot, the other sizes).
      backgroundParseMs: Math.round(backgroundParseMs),
      backgroundErrors: withErrors,
      ...wire,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

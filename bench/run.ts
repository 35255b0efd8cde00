/**
 * `npm run bench`: every performance goal as JSON — medians, each with a baseline measured
 * in the same run and the ratio (timings on this 2-core machine are noisy; ratios are not).
 *
 * The scale figures (bench/scale-bench.ts) run on 25,000 hard-linked snapshots by default;
 * `--snapshots 250000` (or `ECK_BENCH_SNAPSHOTS`) runs the full 250,000, `--scale-only` only them.
 */
import { benchEngine } from './engine-bench';
import { benchDefaultKitVsReal } from './real-bench';
import { benchTimeline } from './timeline-bench';
import { benchVarsKeystroke } from './vars-keystroke-bench';

async function scaleResults(): Promise<unknown[]> {
  const { benchScale, scaleSnapshots } = await import('./scale-bench');
  const n = scaleSnapshots(process.argv.slice(2), process.env);
  try {
    return await benchScale(n);
  } catch (err) {
    return [{ name: 'scale', snapshots: n, error: err instanceof Error ? err.message : String(err) }];
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--scale-only')) {
    const results = await scaleResults();
    process.stdout.write(
      `${JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2)}\n`,
    );
    return;
  }
  const results: unknown[] = [...benchEngine()];
  try {
    results.push(await benchDefaultKitVsReal());
  } catch (err) {
    results.push({ name: 'default-kit-vs-real', error: err instanceof Error ? err.message : String(err) });
  }
  results.push(benchTimeline(), await benchVarsKeystroke());
  try {
    const { benchHistory } = await import('./history-bench');
    results.push(await benchHistory());
  } catch (err) {
    results.push({ name: 'history-index-50k', error: err instanceof Error ? err.message : String(err) });
  }
  try {
    const { benchArchive } = await import('./archive-bench');
    results.push(await benchArchive());
  } catch (err) {
    results.push({ name: 'archive-import', error: err instanceof Error ? err.message : String(err) });
  }
  try {
    // A generated year of a busy home: 200,000 snapshots by default, 2,000,000 with
    // ECK_BENCH_ARCHIVE_SNAPSHOTS=2000000 (give node the heap: NODE_OPTIONS=--max-old-space-size=16000).
    const { benchArchiveScale } = await import('./archive-bench');
    results.push(...(await benchArchiveScale()));
  } catch (err) {
    results.push({ name: 'archive-open-2m', error: err instanceof Error ? err.message : String(err) });
  }
  try {
    // The same year in the History page (Chromium), from the click to its first rows and filters.
    const { benchArchivePage } = await import('./archive-page-bench');
    results.push(...(await benchArchivePage()));
  } catch (err) {
    results.push({
      name: 'archive-page-first-rows',
      error: err instanceof Error ? err.message : String(err),
    });
  }
  try {
    const { benchPackage } = await import('./package-bench');
    results.push(...(await benchPackage()));
  } catch (err) {
    results.push({ name: 'eck-render-compiled', error: err instanceof Error ? err.message : String(err) });
  }
  results.push(...(await scaleResults()));
  process.stdout.write(
    `${JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2)}\n`,
  );
}

void main();

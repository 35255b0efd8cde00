/** Timing helpers for `npm run bench`: medians of repeated runs, never single samples. */
import { performance } from 'node:perf_hooks';

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Runs `fn` `warmup` times, then `runs` times, and returns the median in milliseconds. */
export function medianMs(fn: () => void, runs: number, warmup = Math.min(5, runs)): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** One bench result: the measured median, its same-run baseline and their ratio. */
export interface BenchResult {
  readonly name: string;
  readonly medianMs: number;
  readonly baselineMs: number;
  readonly ratio: number;
  readonly baseline: string;
  readonly target?: string;
  readonly meetsTarget?: boolean;
  readonly [extra: string]: unknown;
}

/** Rounds to 3 decimals for readable JSON. */
export const round = (n: number): number => Math.round(n * 1000) / 1000;

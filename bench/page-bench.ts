/**
 * The History page at scale, in Debian's Chromium (the e2e browser), against the same page on
 * the demo home in the same run:
 *
 * - `page-memory-scale`: the page's JS heap, after a garbage collection, once the History lists
 *   every snapshot of the scale home; the demo home's after the same steps is the baseline;
 *   goal under 150 MB.
 * - `page-frames-index-pass`: the intervals between the page's frames while the background
 *   index pass pushes its rows (the History tab open, nothing else done), p50/p95/max; the
 *   demo home's idle frames are the baseline; goal p95 under 50 ms.
 *
 * Skipped (an `error` figure) where /usr/bin/chromium is missing.
 */
import fs from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { AppStart } from '../scripts/installed-app';
import { round, type BenchResult } from './measure';
import { callApi } from './serve-probe';

/**
 * What the page functions below use of the browser's globals: this file compiles without DOM
 * types, and a function given to `page.evaluate` runs in the page, so the cast is inline.
 */
interface PageGlobals {
  requestAnimationFrame(callback: () => void): number;
  readonly document: { querySelector(selector: string): { readonly textContent: string | null } | null };
}

export const CHROMIUM = '/usr/bin/chromium';
/** How long frames are sampled while the pass runs. */
const FRAME_SAMPLE_MS = 5_000;

/** Starts the inspector on a home (scale-bench.ts owns how). */
export type StartInspector = (home: string) => Promise<AppStart>;

interface PageFigures {
  readonly heapMb: number;
  readonly listedMs: number;
  readonly frames: { readonly p50: number; readonly p95: number; readonly max: number; readonly n: number };
  readonly indexingWhileSampled: boolean;
}

export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return round(usedSize / 1e6);
}

/** Frame intervals for `ms`, taken in the page with requestAnimationFrame. */
function sampleFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(async (span) => {
    const gaps: number[] = [];
    const end = performance.now() + span;
    let last = performance.now();
    while (last < end) {
      await new Promise((r) => (globalThis as unknown as PageGlobals).requestAnimationFrame(() => r(null)));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    return gaps;
  }, ms);
}

function quantiles(gaps: readonly number[]): PageFigures['frames'] {
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (q: number): number =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), max: round(sorted[sorted.length - 1] ?? 0), n: sorted.length };
}

/** Opens the History of the app at `url` and waits for `snapshots` rows listed. */
async function historyPage(browser: Browser, app: AppStart, snapshots: number): Promise<PageFigures> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(app.url);
    const t0 = performance.now();
    await page.getByRole('tab', { name: 'History' }).click();
    // "12,500 of 12,500 snapshots": every snapshot listed, none filtered out.
    await page.waitForFunction(
      (n) => {
        const text =
          (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="history-count"]')
            ?.textContent ?? '';
        const m = /^([\d,]+) of ([\d,]+) snapshots$/.exec(text);
        return m !== null && Number(m[1]?.replace(/,/g, '')) === n && m[1] === m[2];
      },
      snapshots,
      { timeout: 10 * 60_000, polling: 100 },
    );
    const listedMs = performance.now() - t0;
    const frames = quantiles(await sampleFrames(page, FRAME_SAMPLE_MS));
    // Asked after the sample: still pending then, so the pass ran all through it.
    const { value } = await callApi(app, 'historyIndexing', {});
    const indexingWhileSampled = (value as { pending: number }).pending > 0;
    return { heapMb: await heapMb(cdp), listedMs: round(listedMs), frames, indexingWhileSampled };
  } finally {
    await context.close();
  }
}

/** The figure `name` as not measured, where Debian's Chromium is missing; `null` where it is there. */
export function chromiumMissing(name: string): BenchResult[] | null {
  if (fs.existsSync(CHROMIUM)) return null;
  return [
    {
      name,
      medianMs: NaN,
      baselineMs: NaN,
      ratio: NaN,
      baseline: 'not measured',
      error: `${CHROMIUM} is missing (apt-get install -y chromium)`,
    },
  ];
}

/** Debian's Chromium as the e2e run starts it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
}

export async function pageFigures(
  start: StartInspector,
  demoHome: string,
  demoSnapshots: number,
  scaleHome: string,
  snapshots: number,
): Promise<BenchResult[]> {
  const missing = chromiumMissing('page-memory-scale');
  if (missing !== null) return missing;
  const browser = await launchChromium();
  try {
    const run = async (home: string, n: number): Promise<PageFigures> => {
      const app = await start(home);
      try {
        return await historyPage(browser, app, n);
      } finally {
        app.stop();
      }
    };
    const demo = await run(demoHome, demoSnapshots);
    const scale = await run(scaleHome, snapshots);
    return [
      {
        name: 'page-memory-scale',
        snapshots,
        medianMs: scale.listedMs,
        baselineMs: demo.listedMs,
        ratio: round(scale.heapMb / demo.heapMb),
        heapMb: scale.heapMb,
        demoHeapMb: demo.heapMb,
        baseline: "the page's JS heap on the demo home after the same steps (MB, after a GC)",
        target: 'the page under 150 MB at 250k snapshots',
        meetsTarget: scale.heapMb < 150,
        runs: 1,
      },
      {
        name: 'page-frames-index-pass',
        snapshots,
        medianMs: scale.frames.p50,
        baselineMs: demo.frames.p50,
        ratio: round(scale.frames.p95 / Math.max(1, demo.frames.p95)),
        frames: scale.frames,
        demoFrames: demo.frames,
        indexingWhileSampled: scale.indexingWhileSampled,
        baseline: `frame intervals on the demo home's History, ${FRAME_SAMPLE_MS} ms sampled`,
        target: 'frames under 50 ms (p95) while the index pass runs',
        meetsTarget: scale.indexingWhileSampled && scale.frames.p95 < 50,
        runs: 1,
      },
    ];
  } finally {
    await browser.close();
  }
}

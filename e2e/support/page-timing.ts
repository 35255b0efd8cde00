/**
 * Wall times measured inside the page, so the figures do not include Playwright's polling
 * (an `expect` retries every 100 to 1,000 ms, which once made up most of "listed in 2.2 s").
 * A time is "shown" at the first animation frame after the DOM holds what a user would see.
 */
import type { Page } from '@playwright/test';

interface TimingWindow {
  __eckSent: Record<string, number>;
}

/** Records, from before the app loads, when each API call leaves the page (serve's WebSocket). */
export async function recordApiCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: Record<string, number> = {};
    (window as unknown as TimingWindow).__eckSent = sent;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]): void {
      if (typeof data === 'string') {
        const m = /"method":"(\w+)"/.exec(data);
        if (m?.[1] !== undefined) sent[m[1]] = performance.now();
      }
      send.call(this, data);
    };
  });
}

/** Page time at which `method` was last sent. */
export function sentAt(page: Page, method: string): Promise<number> {
  return page.evaluate((m) => (window as unknown as TimingWindow).__eckSent[m] ?? Number.NaN, method);
}

/** What to wait for: an element matching `selector`, whose text (when given) equals `text`. */
export interface ShownCheck {
  readonly selector: string;
  readonly text?: string;
}

/**
 * Starts watching at once; resolves with the page time of the first frame in which the check
 * holds. Call it before the action, await it after.
 */
export function shownAt(page: Page, check: ShownCheck, timeoutMs = 30_000): Promise<number> {
  return page.evaluate(
    ({ selector, text, timeoutMs: limit }) =>
      new Promise<number>((resolve, reject) => {
        const holds = (): boolean => {
          const el = document.querySelector(selector);
          return el !== null && (text === undefined || el.textContent === text);
        };
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now()));
        };
        const observer = new MutationObserver(() => {
          if (holds()) finish();
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not shown within ${limit} ms: ${selector} ${text ?? ''}`));
        }, limit);
        if (holds()) finish();
      }),
    { ...check, timeoutMs },
  );
}

/** Records the page time of the next click anywhere (before any handler runs). */
export function armClick(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.addEventListener(
      'click',
      () => {
        (window as unknown as { __eckClick: number }).__eckClick = performance.now();
      },
      { capture: true, once: true },
    );
  });
}

/** Page time of the click `armClick` waited for. */
export function clickedAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __eckClick?: number }).__eckClick ?? Number.NaN);
}

/** Page time now. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * Scrolls `selector` from top to bottom in `frames` equal steps, one per animation frame, and
 * returns the frame intervals (ms): what "smooth to scroll" means in numbers.
 */
export function scrollFrames(page: Page, selector: string, frames: number): Promise<number[]> {
  return page.evaluate(
    ({ selector: sel, frames: n }) =>
      new Promise<number[]>((resolve) => {
        const el = document.querySelector(sel);
        if (el === null) {
          resolve([]);
          return;
        }
        el.scrollTop = 0;
        const step = (el.scrollHeight - el.clientHeight) / n;
        const gaps: number[] = [];
        let last = performance.now();
        let i = 0;
        const tick = (): void => {
          const now = performance.now();
          if (i > 0) gaps.push(now - last);
          last = now;
          if (i++ >= n) {
            resolve(gaps);
            return;
          }
          el.scrollTop = Math.round(step * i);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selector, frames },
  );
}

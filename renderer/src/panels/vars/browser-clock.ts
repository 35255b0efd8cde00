/** The window's timers as a `SchedulerClock` (tests inject a manual one instead). */
import type { SchedulerClock } from './render-scheduler';

export const BROWSER_CLOCK: SchedulerClock = {
  setTimeout: (fn: () => void, ms: number): unknown => window.setTimeout(fn, ms),
  clearTimeout: (handle: unknown): void => window.clearTimeout(handle as number),
};

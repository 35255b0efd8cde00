/**
 * When the JSON view takes in the newest vars. A form edit's render is on its way
 * when it is made; Monaco's edit, tokenising and layout for it (≈30 ms a keystroke in
 * software-rendered Chromium) would run before that render's message is handled and delay it.
 * So the view is held back while the edit's request is pending and catches up as soon as it is
 * answered, after at most `maxDelayMs`, or at once when the view is focused — text typed into a
 * view still catching up would lose what was typed in the form.
 */
import type { SchedulerClock } from './render-scheduler';

/** The controller of one view. */
export interface DeferredSync {
  /** The wanted state changed, or the request state did: apply now unless `hold`. */
  update(hold: boolean): void;
  /** Applies now (the view got focus). */
  flush(): void;
  /** Stops any waiting timer (the view unmounts). */
  dispose(): void;
}

/** A controller calling `apply` (idempotent: brings the view up to the newest state). */
export function createDeferredSync(
  apply: () => void,
  clock: SchedulerClock,
  maxDelayMs: number,
): DeferredSync {
  let timer: unknown = null;
  const stop = (): void => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  const flush = (): void => {
    stop();
    apply();
  };
  return {
    update(hold) {
      if (!hold) return flush();
      // The first held change starts the clock; later ones do not push the deadline back, so
      // continuous typing against a slow main side still shows in the view every `maxDelayMs`.
      if (timer === null) timer = clock.setTimeout(flush, maxDelayMs);
    },
    flush,
    dispose: stop,
  };
}

/**
 * A value that follows `value` once the browser has painted the change that brought it: the
 * History's chart takes its filters through this, so a filter's table is on screen before the
 * chart works out its points (at 2M rows about a second, which `useDeferredValue` did not keep
 * off the frame: a deferred render that is one long computation still runs before the paint).
 * `stale` is true while the value shown lags (the chart says so: aria-busy, dimmed).
 */
import { useEffect, useState } from 'react';

export function useAfterPaint<T>(value: T): { readonly value: T; readonly stale: boolean } {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The frame callback runs before that frame's paint; the task after it, after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(() => value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [value, shown]);
  return { value: shown, stale: !Object.is(shown, value) };
}

/**
 * A value that follows `value` as `quietShowAt` says (quiet-value.ts): at once after a quiet
 * spell, at most every so often in a burst, and the last of a burst a moment after it. `stale`
 * is true while the value shown lags. With no `timing` it is `value` itself: a small listing's
 * chart is cheap, and held back it showed empty for two seconds while the pass filled the rows.
 */
import { useEffect, useRef, useState } from 'react';
import { quietShowAt } from './quiet-value';
import type { QuietTiming } from './quiet-value';

export function useQuietValue<T>(
  value: T,
  timing: QuietTiming | null,
): { readonly value: T; readonly stale: boolean } {
  const [shown, setShown] = useState(value);
  const previousChange = useRef<number | null>(null);
  const lastShown = useRef(0);
  useEffect(() => {
    if (timing === null || Object.is(shown, value)) return;
    const now = performance.now();
    const at = quietShowAt(now, previousChange.current, lastShown.current, timing);
    previousChange.current = now;
    // Always from a timer (0 ms when at once): the change itself is painted first.
    const timer = setTimeout(
      () => {
        lastShown.current = performance.now();
        setShown(() => value);
      },
      Math.max(0, at - now),
    );
    return () => clearTimeout(timer);
  }, [value, shown, timing]);
  if (timing === null) return { value, stale: false };
  return { value: shown, stale: !Object.is(shown, value) };
}

/**
 * The width of an element, kept current with a ResizeObserver: the detail split is clamped
 * against the panel's width, which changes with the window.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/** A first guess before the element is laid out (the smaller operators' window). */
const FALLBACK = 1280;

/** The element's width in px. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK);
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver | null } | null>(null);
  // No deps: the element appears after the first render (the panel shows "Rendering…" first);
  // each render only checks whether it is still the one observed.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === observed.current?.el) return;
    observed.current?.observer?.disconnect();
    observed.current = null;
    if (el === null) return;
    const measure = (): void => setWidth(el.clientWidth || FALLBACK);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    observed.current = { el, observer };
  });
  useLayoutEffect(
    () => () => {
      observed.current?.observer?.disconnect();
      observed.current = null;
    },
    [],
  );
  return width;
}

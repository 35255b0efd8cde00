/**
 * Mounts its children only once they scroll into view: the Manifest tab's Monaco panes sit
 * below the form, and starting five editors nobody looks at would slow the tab down.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** Props of the wrapper. */
export interface LazyMountProps {
  /** Height of the placeholder, so the page does not jump. */
  readonly height: number;
  /** Mount at once (e.g. expert mode needs the editor now). */
  readonly eager?: boolean;
  readonly children: ReactNode;
}

/** The wrapper. */
export function LazyMount({ height, eager, children }: LazyMountProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  // Without IntersectionObserver (old engines, some test DOMs) everything mounts at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const el = ref.current;
    if (seen || el === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  if (seen || eager) return <>{children}</>;
  return <div ref={ref} className="lazy-placeholder" style={{ height }} />;
}

/**
 * Expert mode in place: the table on the left, the JSON beside it on the right, with
 * a handle between them that the pointer drags and the arrow keys move (a `separator` with its
 * value, as WAI-ARIA's window splitter pattern has it).
 */
import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

/** The side's share of the width: where it starts, and the bounds the handle keeps it in. */
const START = 0.45;
const MIN = 0.2;
const MAX = 0.75;
const STEP = 0.05;

const clamp = (x: number): number => Math.min(MAX, Math.max(MIN, x));

/** Props of the split. */
export interface ExpertSplitProps {
  readonly side: ReactNode;
  readonly children: ReactNode;
  /** The handle's accessible name. */
  readonly label: string;
}

/** The split. */
export function ExpertSplit({ side, children, label }: ExpertSplitProps) {
  const [share, setShare] = useState(START);
  const box = useRef<HTMLDivElement | null>(null);
  const dragging = useRef(false);
  const follow = (clientX: number): void => {
    const r = box.current?.getBoundingClientRect();
    if (r === undefined || r.width === 0) return;
    setShare(clamp((r.right - clientX) / r.width));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const by = e.key === 'ArrowLeft' ? STEP : e.key === 'ArrowRight' ? -STEP : 0;
    if (e.key === 'Home') setShare(MAX);
    else if (e.key === 'End') setShare(MIN);
    else if (by !== 0) setShare((s) => clamp(s + by));
    else return;
    e.preventDefault();
  };
  return (
    <div
      ref={box}
      className="expert-split"
      data-testid="expert-split"
      style={{ gridTemplateColumns: `minmax(0, ${1 - share}fr) 8px minmax(0, ${share}fr)` }}
    >
      <div className="expert-split-main">{children}</div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuemin={Math.round(MIN * 100)}
        aria-valuemax={Math.round(MAX * 100)}
        aria-valuenow={Math.round(share * 100)}
        tabIndex={0}
        className="expert-split-handle"
        data-testid="expert-split-handle"
        onKeyDown={onKey}
        onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (dragging.current) follow(e.clientX);
        }}
        onPointerUp={(e) => {
          dragging.current = false;
          e.currentTarget.releasePointerCapture(e.pointerId);
        }}
      />
      <div className="expert-split-side">{side}</div>
    </div>
  );
}

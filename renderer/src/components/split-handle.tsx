/**
 * The draggable bar between a table and its detail pane: drag it, or focus it and
 * use ← / → (Shift for bigger steps), Home / End. A `separator` with its value, as WAI-ARIA's
 * window splitter pattern has it, so assistive tech can read and move it.
 */
import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { clampSplit, splitKey, splitRange } from './split-width';
import './split-handle.css';

/** Props of the handle. */
export interface SplitHandleProps {
  /** The pane's width now. */
  readonly width: number;
  /** Width of the container the table and pane share. */
  readonly total: number;
  readonly onResize: (width: number) => void;
  readonly label: string;
  readonly testId?: string;
}

/** The handle. */
export function SplitHandle({ width, total, onResize, label, testId }: SplitHandleProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const { min, max } = splitRange(total);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    // The pane is to the right: moving left widens it.
    if (d !== null) onResize(clampSplit(d.width + d.x - e.clientX, total));
  };
  const onPointerUp = (): void => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const next = splitKey(e.key, e.shiftKey, width, total);
    if (next === null) return;
    e.preventDefault();
    onResize(next);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className="split-handle"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      data-testid={testId}
    />
  );
}

/**
 * Where the window opens: the kept bounds, unless they no longer fit on any display (a
 * monitor unplugged since last run), in which case the default size, centred.
 */
import type { WindowState } from './settings-store';

/** A display's usable area. */
export interface DisplayArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Size of a first run. */
export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820, maximized: false };

/** How much of the title bar must be visible on some display for kept bounds to count. */
const MIN_VISIBLE = 64;

/** The bounds to open with. */
export function initialWindowState(kept: WindowState | null, displays: readonly DisplayArea[]): WindowState {
  if (kept === null) return DEFAULT_WINDOW;
  if (kept.x === undefined || kept.y === undefined) return { ...kept, x: undefined, y: undefined };
  const { x, y } = kept;
  const visible = displays.some(
    (d) =>
      x + kept.width - MIN_VISIBLE >= d.x &&
      x + MIN_VISIBLE <= d.x + d.width &&
      y >= d.y &&
      y + MIN_VISIBLE <= d.y + d.height,
  );
  if (visible) return kept;
  return { width: kept.width, height: kept.height, maximized: kept.maximized };
}

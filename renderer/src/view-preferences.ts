/**
 * Per-tab view choices kept in localStorage between runs: each tab's table sort and
 * the width of its detail pane. Anything unreadable is dropped field by field, so a bad entry
 * (another version, a hand edit) costs that choice only.
 */
import type { PanelId } from '../../shared/api';
import { PANEL_IDS } from '../../shared/api';
import type { TableSort, ViewPreferences } from './store/view-slice';

const KEY = 'eck-inspector.view';

/** Longest column name and widest pane kept; anything else is not ours. */
const MAX_COLUMN = 64;
const MAX_WIDTH = 10_000;

const record = (x: unknown): Record<string, unknown> | null =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null;

function sortOf(x: unknown): TableSort | null {
  const r = record(x);
  if (r === null) return null;
  const { column, desc } = r;
  return typeof column === 'string' &&
    column.length > 0 &&
    column.length <= MAX_COLUMN &&
    typeof desc === 'boolean'
    ? { column, desc }
    : null;
}

function perTab<T>(x: unknown, read: (v: unknown) => T | null): Partial<Record<PanelId, T>> {
  const r = record(x);
  const out: Partial<Record<PanelId, T>> = {};
  if (r === null) return out;
  for (const tab of PANEL_IDS) {
    const v = Object.hasOwn(r, tab) ? read(r[tab]) : null;
    if (v !== null) out[tab] = v;
  }
  return out;
}

const widthOf = (x: unknown): number | null =>
  typeof x === 'number' && Number.isFinite(x) && x > 0 && x <= MAX_WIDTH ? Math.round(x) : null;

/** Reads the remembered view choices. */
export function loadViewPreferences(storage: Pick<Storage, 'getItem'> | null): ViewPreferences {
  try {
    const raw = record(JSON.parse(storage?.getItem(KEY) ?? 'null'));
    return { sorts: perTab(raw?.['sorts'], sortOf), splits: perTab(raw?.['splits'], widthOf) };
  } catch {
    return { sorts: {}, splits: {} };
  }
}

/** Remembers the view choices. */
export function saveViewPreferences(storage: Pick<Storage, 'setItem'> | null, prefs: ViewPreferences): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ sorts: prefs.sorts, splits: prefs.splits }));
  } catch {
    // Storage full or disabled: the choice lasts for this session only.
  }
}

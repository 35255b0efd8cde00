/**
 * What one override text changes against another, in terms a person reads: which
 * sections are now on, which off, which otherwise changed, and whether anything else did (the
 * mode, another field, the file appeared or broke). The save message and the versions list say
 * it in words; this file only finds the facts. Pure.
 */
import { isPlainObject } from '../base/is-plain-object';

/** The facts of a change from one override text to another. */
export interface OverrideChange {
  /** Sections whose `enabled` became true (by id, in the later file's order). */
  readonly on: readonly string[];
  /** Sections whose `enabled` became false. */
  readonly off: readonly string[];
  /** Sections whose entry was added, removed or changed in another way. */
  readonly changed: readonly string[];
  /** Something other than a section entry changed. */
  readonly other: boolean;
}

/** The empty change. */
export const NO_CHANGE: OverrideChange = { on: [], off: [], changed: [], other: false };

type Parsed = { readonly byId: ReadonlyMap<string, Record<string, unknown>>; readonly rest: string } | null;

function parse(text: string | null): Parsed {
  if (text === null) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(doc)) return null;
  const { sections, ...rest } = doc;
  const byId = new Map<string, Record<string, unknown>>();
  for (const entry of Array.isArray(sections) ? (sections as unknown[]) : []) {
    if (isPlainObject(entry) && typeof entry['id'] === 'string' && !byId.has(entry['id']))
      byId.set(entry['id'], entry);
  }
  return { byId, rest: JSON.stringify(rest) };
}

/** The base manifest's `enabled` per section id (a section without the field is on). */
function baseEnabled(baseText: string | null): ReadonlyMap<string, boolean> {
  const base = parse(baseText);
  const out = new Map<string, boolean>();
  for (const [id, entry] of base?.byId ?? []) out.set(id, entry['enabled'] !== false);
  return out;
}

const withoutEnabled = (entry: Record<string, unknown> | undefined): string | undefined => {
  if (entry === undefined) return undefined;
  const { enabled: _enabled, ...rest } = entry;
  return JSON.stringify(rest);
};

/**
 * Compares override `before` with override `after` (`null`: no file). `baseText` tells what a
 * section without an override entry does, so removing `"enabled": false` reads as "on".
 */
export function overrideChange(
  before: string | null,
  after: string | null,
  baseText: string | null = null,
): OverrideChange {
  const a = parse(before);
  const b = parse(after);
  const base = baseEnabled(baseText);
  const was = a?.byId ?? new Map<string, Record<string, unknown>>();
  const now = b?.byId ?? new Map<string, Record<string, unknown>>();
  const effective = (entries: ReadonlyMap<string, Record<string, unknown>>, id: string): boolean => {
    const e = entries.get(id)?.['enabled'];
    return typeof e === 'boolean' ? e : (base.get(id) ?? true);
  };
  const on: string[] = [];
  const off: string[] = [];
  const changed: string[] = [];
  const ids = [...now.keys(), ...[...was.keys()].filter((id) => !now.has(id))];
  for (const id of ids) {
    const e0 = effective(was, id);
    const e1 = effective(now, id);
    if (e0 !== e1) (e1 ? on : off).push(id);
    if (
      withoutEnabled(was.get(id)) !== withoutEnabled(now.get(id)) &&
      !(e0 !== e1 && isToggleOnly(was, now, id))
    )
      changed.push(id);
  }
  const other =
    (a === null) !== (b === null) ||
    (a !== null && b !== null && a.rest !== b.rest) ||
    (a === null && b === null && before !== after);
  return { on, off, changed, other };
}

/** An entry that only appeared or went away to carry `enabled` is a toggle, not another change. */
function isToggleOnly(
  was: ReadonlyMap<string, Record<string, unknown>>,
  now: ReadonlyMap<string, Record<string, unknown>>,
  id: string,
): boolean {
  const only = (e: Record<string, unknown> | undefined): boolean =>
    e === undefined || Object.keys(e).every((k) => k === 'id' || k === 'enabled');
  return only(was.get(id)) && only(now.get(id));
}

/** `true` when nothing changed. */
export function isNoOverrideChange(c: OverrideChange): boolean {
  return c.on.length === 0 && c.off.length === 0 && c.changed.length === 0 && !c.other;
}

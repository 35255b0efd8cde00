/**
 * What changed in the override when it was reloaded from disk: the sections added,
 * removed and changed, by id, so the Manifest tab can say so instead of reloading silently.
 * Pure: two texts in, three lists out.
 */

/** The difference between the override as it was shown and as it is on disk now. */
export interface ReloadChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  /** Something other than a section entry changed (the mode, another field, the file broke or came back). */
  readonly other: boolean;
}

type Entries = { readonly byId: ReadonlyMap<string, string>; readonly rest: string } | null;

/** Section entries by id (as canonical JSON) plus everything else; `null` for a missing or broken file. */
function entriesOf(text: string | null): Entries {
  if (text === null) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const { sections, ...rest } = doc as Record<string, unknown>;
  const byId = new Map<string, string>();
  let unnamed = 0;
  for (const entry of Array.isArray(sections) ? (sections as unknown[]) : []) {
    const id =
      typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string'
        ? (entry as { id: string }).id
        : `#${unnamed++}`;
    if (!byId.has(id)) byId.set(id, JSON.stringify(entry));
  }
  return { byId, rest: JSON.stringify(rest) };
}

/** Compares the override shown before (`before`) with the one reloaded (`after`). */
export function reloadChanges(before: string | null, after: string | null): ReloadChanges {
  const a = entriesOf(before);
  const b = entriesOf(after);
  const was = a?.byId ?? new Map<string, string>();
  const now = b?.byId ?? new Map<string, string>();
  const added = [...now.keys()].filter((id) => !was.has(id));
  const removed = [...was.keys()].filter((id) => !now.has(id));
  const changed = [...now.keys()].filter((id) => was.has(id) && was.get(id) !== now.get(id));
  const other =
    (a === null) !== (b === null) ||
    (a !== null && b !== null && a.rest !== b.rest) ||
    (a === null && b === null && before !== after);
  return { added, removed, changed, other };
}

/** `true` when the lists say nothing changed at all (a touch that rewrote the same content). */
export function isNoChange(c: ReloadChanges): boolean {
  return c.added.length === 0 && c.removed.length === 0 && c.changed.length === 0 && !c.other;
}

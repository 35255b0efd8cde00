/**
 * Comparing two scenarios: the vars that differ, and the sections whose status
 * differs between the two renders.
 */
import type { SectionReport, SectionStatus } from '../engine';

/** The part of a render the status diff reads. */
export interface SectionsOf {
  readonly sections: readonly Pick<SectionReport, 'id' | 'status' | 'bytes'>[];
}

/** One var that differs; `undefined` means the var is not set on that side (unset ≠ null). */
export interface VarDifference {
  readonly name: string;
  readonly left: unknown;
  readonly right: unknown;
  readonly kind: 'added' | 'removed' | 'changed';
}

/** Deep equality of JSON-like values (key order of objects ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && jsonEqual(ra[k], rb[k]));
}

/** Vars that differ, in the left's key order then the right's new keys. */
export function diffVars(
  left: Readonly<Record<string, unknown>>,
  right: Readonly<Record<string, unknown>>,
): VarDifference[] {
  const out: VarDifference[] = [];
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  for (const name of Object.keys(left)) {
    if (!has(right, name)) out.push({ name, left: left[name], right: undefined, kind: 'removed' });
    else if (!jsonEqual(left[name], right[name])) {
      out.push({ name, left: left[name], right: right[name], kind: 'changed' });
    }
  }
  for (const name of Object.keys(right)) {
    if (!has(left, name)) out.push({ name, left: undefined, right: right[name], kind: 'added' });
  }
  return out;
}

/** One section whose status differs; `null` where the section is not in that render. */
export interface SectionDifference {
  readonly id: string;
  readonly left: SectionStatus | null;
  readonly right: SectionStatus | null;
  readonly leftBytes: number;
  readonly rightBytes: number;
}

/** Sections whose status differs, in the left's merged order, then sections only the right has. */
export function diffSectionStatuses(left: SectionsOf, right: SectionsOf): SectionDifference[] {
  const rightById = new Map(right.sections.map((s) => [s.id, s]));
  const leftIds = new Set(left.sections.map((s) => s.id));
  const out: SectionDifference[] = [];
  for (const l of left.sections) {
    const r = rightById.get(l.id);
    if (r === undefined || r.status !== l.status) {
      out.push({
        id: l.id,
        left: l.status,
        right: r?.status ?? null,
        leftBytes: l.bytes,
        rightBytes: r?.bytes ?? 0,
      });
    }
  }
  for (const r of right.sections) {
    if (!leftIds.has(r.id))
      out.push({ id: r.id, left: null, right: r.status, leftBytes: 0, rightBytes: r.bytes });
  }
  return out;
}

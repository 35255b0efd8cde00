/**
 * The edits a person makes to an override from the form, as pure functions of the override's
 * value (reference 合并与覆盖: a patch entry is merged shallowly into the base section of the
 * same id, a new id is appended). Each edit writes only what differs from the base: setting
 * a field back to its base value removes it from the entry.
 */
import type { Json, RawSection } from '../engine';
import { isJsonObject } from '../engine';
import { MANIFEST_FORMAT, type SectionType } from '../format';
import { jsonEqual } from './json-equal';

/** The parsed top-level object of an override file. */
export type OverrideValue = { readonly [key: string]: Json };

/** Base sections by id (the first one wins, as the merge finds it). */
export type BaseSections = ReadonlyMap<string, RawSection>;

const isObject = isJsonObject;

/** The base manifest's sections by id; empty for anything that is not a manifest. */
export function indexBaseSections(base: Json | undefined): BaseSections {
  const out = new Map<string, RawSection>();
  if (!isObject(base) || !Array.isArray(base.sections)) return out;
  for (const s of base.sections as readonly Json[]) {
    if (isObject(s) && typeof s.id === 'string' && !out.has(s.id)) out.set(s.id, s);
  }
  return out;
}

/** An override with no entries (what a first edit starts from when no file exists). */
export const EMPTY_OVERRIDE: OverrideValue = { sections: [] };

/** The entries of an override (`[]` when `sections` is missing or not a list). */
export function overrideEntries(doc: OverrideValue): readonly Json[] {
  return Array.isArray(doc.sections) ? (doc.sections as readonly Json[]) : [];
}

/** `replace` when the override replaces the base wholesale (reference: `"mode": "replace"`). */
export function overrideMode(doc: OverrideValue | null): 'patch' | 'replace' {
  return doc?.mode === 'replace' ? 'replace' : 'patch';
}

function withEntries(doc: OverrideValue, entries: readonly Json[]): OverrideValue {
  return { ...doc, sections: entries };
}

/** Index of the entry that decides a section (the last with that id: later entries win). */
export function entryIndex(doc: OverrideValue, id: string): number {
  const entries = overrideEntries(doc);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (isObject(e) && e.id === id) return i;
  }
  return -1;
}

/** The override's entry for a section, if it has one. */
export function overrideEntry(doc: OverrideValue, id: string): { readonly [key: string]: Json } | null {
  const e = overrideEntries(doc)[entryIndex(doc, id)];
  return isObject(e) ? e : null;
}

/**
 * The section as the merge would see it: `{...base, ...entries}` in a patch, the entry alone
 * in a replace (or for an id the base lacks). `null` when neither has it.
 */
export function effectiveSection(
  doc: OverrideValue | null,
  base: BaseSections,
  id: string,
): RawSection | null {
  const replace = overrideMode(doc) === 'replace';
  let out: Record<string, Json> | null = replace ? null : base.has(id) ? { ...base.get(id) } : null;
  for (const e of doc === null ? [] : overrideEntries(doc)) {
    if (isObject(e) && e.id === id) out = { ...(out ?? {}), ...e };
  }
  return out;
}

/**
 * Sets one field of a section to `value` (`undefined` = the field is absent). In a patch, a
 * value equal to the base's removes the field from the entry instead of copying it.
 */
export function setSectionField(
  doc: OverrideValue,
  base: BaseSections,
  id: string,
  field: string,
  value: Json | undefined,
): OverrideValue {
  if (field === 'id') throw new Error('the id of a section is its key; it cannot be set');
  const baseSection = overrideMode(doc) === 'patch' ? base.get(id) : undefined;
  const sameAsBase = baseSection !== undefined && jsonEqual(baseSection[field], value);
  const entries = [...overrideEntries(doc)];
  const index = entryIndex(doc, id);
  const entry = index >= 0 ? (entries[index] as { readonly [key: string]: Json }) : null;
  if (value === undefined || sameAsBase) {
    if (entry === null || !Object.hasOwn(entry, field)) return doc;
    const { [field]: _removed, ...rest } = entry;
    entries[index] = rest;
    return withEntries(doc, entries);
  }
  if (entry !== null && jsonEqual(entry[field], value)) return doc;
  if (entry === null) entries.push({ id, [field]: value });
  else entries[index] = { ...entry, [field]: value };
  return withEntries(doc, entries);
}

/**
 * Switches a section on or off. Off writes `"enabled": false`; on removes that again, or
 * writes `"enabled": true` when the base itself has the section off.
 */
export function setSectionEnabled(
  doc: OverrideValue,
  base: BaseSections,
  id: string,
  enabled: boolean,
): OverrideValue {
  if (!enabled) return setSectionField(doc, base, id, 'enabled', false);
  const baseSection = overrideMode(doc) === 'patch' ? base.get(id) : undefined;
  const baseOff = baseSection?.enabled === false;
  return setSectionField(doc, base, id, 'enabled', baseOff ? true : undefined);
}

/** Removes every entry of the section from the override ("reset to base"). */
export function resetSection(doc: OverrideValue, id: string): OverrideValue {
  const entries = overrideEntries(doc);
  const kept = entries.filter((e) => !(isObject(e) && e.id === id));
  return kept.length === entries.length ? doc : withEntries(doc, kept);
}

/** What the "add a section" form collects. */
export interface NewSection {
  readonly id: string;
  readonly type: SectionType;
  /** The path as written, with `$NAME` tokens (`$AGENT_DIR/custom/rules.md`); the type says which field holds it. */
  readonly path: string;
  readonly order: number;
  readonly when: Json;
  readonly needsInjection: boolean;
  readonly description?: string;
}

/** Why a new section cannot be added, or `null` when it can. */
export function newSectionProblem(
  section: NewSection,
  takenIds: readonly string[],
): 'id-missing' | 'id-taken' | 'path-missing' | 'order-invalid' | null {
  if (section.id.trim() === '') return 'id-missing';
  if (takenIds.includes(section.id.trim())) return 'id-taken';
  if (section.path.trim() === '') return 'path-missing';
  if (!Number.isFinite(section.order)) return 'order-invalid';
  return null;
}

/**
 * Appends a complete section of its type, its path in the field the format names for that type
 * (an id the base lacks is appended by the merge).
 */
export function addSection(doc: OverrideValue, section: NewSection): OverrideValue {
  const entry: Record<string, Json> = {
    id: section.id.trim(),
    type: section.type,
    [MANIFEST_FORMAT.pathFieldOf(section.type)]: section.path.trim(),
    order: section.order,
    needsInjection: section.needsInjection,
    when: section.when,
  };
  const description = section.description?.trim() ?? '';
  if (description !== '') entry.description = description;
  return withEntries(doc, [...overrideEntries(doc), entry]);
}

/** A section's place in the merged list, for moving it. */
export interface OrderedSection {
  readonly id: string;
  readonly order: number | null;
}

/**
 * The order that moves a section one place up or down in the merged list, changing only that
 * section: halfway between its new neighbours (fractional orders such as 21.5 are normal), or
 * one past the end. `null` when it is already first/last or the orders are not numbers.
 */
export function orderForMove(
  sections: readonly OrderedSection[],
  id: string,
  direction: 'up' | 'down',
): number | null {
  const i = sections.findIndex((s) => s.id === id);
  if (i < 0) return null;
  const step = direction === 'up' ? -1 : 1;
  const neighbour = sections[i + step];
  if (neighbour === undefined || neighbour.order === null) return null;
  const beyond = sections[i + 2 * step];
  if (beyond === undefined || beyond.order === null) return neighbour.order + step;
  if (beyond.order === neighbour.order) return null;
  return roundOrder((neighbour.order + beyond.order) / 2);
}

/**
 * The order that drops a section just before `beforeId` (or after the last section when
 * `beforeId` is null), changing only that section, as a drag in the table does: halfway between
 * its new neighbours, one below the first, or one past the last. `null` when that is where it
 * already is, when the neighbours share an order (no number fits between them) or when an order
 * is not a number.
 */
export function orderForDrop(
  sections: readonly OrderedSection[],
  id: string,
  beforeId: string | null,
): number | null {
  const from = sections.findIndex((s) => s.id === id);
  if (from < 0 || beforeId === id) return null;
  const rest = sections.filter((s) => s.id !== id);
  const at = beforeId === null ? rest.length : rest.findIndex((s) => s.id === beforeId);
  if (at < 0 || at === from) return null; // Unknown target, or dropped where it stands.
  const prev = rest[at - 1];
  const next = rest[at];
  if (prev?.order === null || next?.order === null) return null;
  if (prev === undefined && next === undefined) return null;
  if (prev === undefined) return roundOrder((next as OrderedSection & { order: number }).order - 1);
  if (next === undefined) return roundOrder(prev.order + 1);
  if (prev.order === next.order) return null;
  return roundOrder((prev.order + next.order) / 2);
}

/** Keeps orders readable (20.5, not 20.499999999). */
function roundOrder(n: number): number {
  return Math.round(n * 1000) / 1000;
}

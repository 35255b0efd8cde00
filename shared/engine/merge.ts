/**
 * Merging a base manifest with an override exactly as evolcore does (`loadAndMergeManifest`,
 * docs/engine.md §11), with the origin of every field kept for the inspector:
 *
 * - no override file → the base's sections;
 * - override `mode: "replace"` → its sections;
 * - otherwise by `id` in a Map (`{...base, ...override}`, shallow; new ids appended, an entry
 *   without `id` too, under the key `undefined`); the evolcore reference then drops a patch's
 *   `relation-group-profile`;
 * - anything in the override that makes the real code throw (not an object, `sections` not a
 *   list, a `null` entry, …) → the base's sections alone;
 * - then a stable sort by `order` with the real comparator (`a.order - b.order`).
 *
 * What makes the real code throw outside that fallback (a base whose `sections` is not a list,
 * a section that is not an object) is returned as a `crash`: evolcore fails the message.
 */
import type {
  Diagnostic,
  FieldOrigin,
  Json,
  MergedManifest,
  MergedSection,
  RawSection,
  SectionOrigin,
} from './types';
import { isPlainObject, numberOrNaN } from './truthy';
import { closestName } from './closest';
import { DEPRECATED_SECTION_ID, TOTAL_LIMIT_DEFAULTS, type TotalLimitField } from '../format';

/** Defaults of the total gate (`TOTAL_MAX_FILES`, `TOTAL_MAX_BYTES`): the format's. */
export const DEFAULT_TOTAL_MAX_FILES: number = TOTAL_LIMIT_DEFAULTS.totalMaxFiles;
export const DEFAULT_TOTAL_MAX_BYTES: number = TOTAL_LIMIT_DEFAULTS.totalMaxBytes;

/** The deprecated id a patch drops (evolcore reference: profiles load through peer-profile). */
export { DEPRECATED_SECTION_ID };

/** A manifest file as read: its path and parsed JSON (`value` null when absent or not JSON). */
export interface ManifestDoc {
  readonly path: string;
  /** The parsed JSON value, whatever its shape (the real code uses it as it is). */
  readonly value: Json | null;
  /** False when there is no override file (then `value` is null too). */
  readonly present?: boolean;
}

interface Entry {
  value: unknown;
  origin: SectionOrigin;
  fieldOrigins: Record<string, FieldOrigin>;
}

/** Why the merged list cannot be rendered: the real engine throws. */
export interface MergeCrash {
  readonly message: string;
}

const keysOf = (v: unknown): string[] => (typeof v === 'object' && v !== null ? Object.keys(v) : []);
const originsOf = (v: unknown, origin: FieldOrigin): Record<string, FieldOrigin> =>
  Object.fromEntries(keysOf(v).map((k) => [k, origin]));
const idOf = (v: unknown): unknown => (isPlainObject(v) ? v.id : undefined);
/** An id as the inspector names it: `String(id)`, `""` when there is none. */
export const idText = (id: unknown): string => (id === undefined || id === null ? '' : String(id));

/** `list.slice().sort((a, b) => a.order - b.order)` over entries: V8's sort, same comparator. */
function sortByOrder(entries: Entry[]): Entry[] {
  const order = (e: Entry): number => Number((e.value as { order?: unknown }).order);
  return entries.slice().sort((a, b) => order(a) - order(b));
}

/** What `sortSections(list)` does to a list taken as it is; a reason when it throws. */
function asSortable(list: unknown, what: string): unknown[] | string {
  if (!Array.isArray(list)) return `${what} is ${list === undefined ? 'missing' : 'not a list'}`;
  // The comparator reads `.order` of every element of a list of two or more.
  if (list.length > 1 && list.some((e) => e === null)) return `${what} holds null`;
  return list;
}

function plainEntries(list: unknown[], origin: SectionOrigin, field: FieldOrigin): Entry[] {
  return list.map((value) => ({ value, origin, fieldOrigins: originsOf(value, field) }));
}

/** The real patch merge; a reason when the real code throws inside its try (→ base alone). */
function patch(base: Json, override: Json, file: string, diagnostics: Diagnostic[]): Entry[] | string {
  const baseList = (base as { sections?: unknown }).sections;
  if (!Array.isArray(baseList)) return 'the base sections are not a list';
  if (override === null) return 'the override is null';
  const overrideList = (override as { sections?: unknown }).sections;
  if (!Array.isArray(overrideList))
    return `its "sections" is ${overrideList === undefined ? 'missing' : 'not a list'}`;
  const merged = new Map<unknown, Entry>();
  for (const s of baseList) {
    if (s === null) return 'a base section is null';
    const copy = { ...(s as Record<string, unknown>) };
    const key = (s as { id?: unknown }).id;
    merged.set(key, { value: copy, origin: 'base', fieldOrigins: originsOf(copy, 'base') });
  }
  const dropped: unknown[] = [];
  for (const s of overrideList) {
    if (s === null) return 'an override section is null';
    const key = (s as { id?: unknown }).id;
    if (key === DEPRECATED_SECTION_ID) {
      dropped.push(s);
      continue;
    }
    const existing = merged.get(key);
    if (existing) {
      existing.value = { ...(existing.value as Record<string, unknown>), ...(s as Record<string, unknown>) };
      for (const k of keysOf(s)) existing.fieldOrigins[k] = 'override';
      if (existing.origin === 'base') existing.origin = 'override';
    } else merged.set(key, { value: s, origin: 'added', fieldOrigins: originsOf(s, 'override') });
  }
  if (dropped.length > 0)
    diagnostics.push({
      level: 'info',
      code: 'deprecated-section',
      message: `"${DEPRECATED_SECTION_ID}" is deprecated and ignored in a patch override; profiles load through "peer-profile"`,
      section: DEPRECATED_SECTION_ID,
      file,
    });
  return [...merged.values()];
}

/** The limit as the real `loadManifestMeta` reads it: override, else base, else the default. */
function limitOf(name: TotalLimitField, base: ManifestDoc, override: ManifestDoc | null) {
  const pick = (doc: ManifestDoc | null): unknown =>
    doc?.value !== null && typeof doc?.value === 'object'
      ? (doc.value as Record<string, unknown>)[name]
      : undefined;
  const fromOverride = pick(override);
  if (fromOverride !== undefined && fromOverride !== null)
    return { raw: fromOverride as Json, origin: 'override' as const, doc: override };
  const fromBase = pick(base);
  if (fromBase !== undefined && fromBase !== null)
    return { raw: fromBase as Json, origin: 'base' as const, doc: base };
  return {
    raw: TOTAL_LIMIT_DEFAULTS[name],
    origin: 'default' as const,
    doc: null,
  };
}

/** A merged manifest, or the crash the real engine would hit. */
export type MergeResult = { readonly manifest: MergedManifest; readonly crash: MergeCrash | null };

/** Merges base and override into the ordered section list of one render. */
export function mergeManifests(
  file: string,
  base: ManifestDoc,
  override: ManifestDoc | null,
  overrideState: MergedManifest['overrideState'],
  diagnostics: Diagnostic[],
): MergeResult {
  const baseValue = base.value as Json;
  let entries: Entry[] | null = null;
  let crash: MergeCrash | null = null;
  let mode: MergedManifest['mode'] = 'patch';
  const baseIds = Array.isArray((baseValue as { sections?: unknown } | null)?.sections)
    ? ((baseValue as { sections: unknown[] }).sections.map(idOf) as unknown[])
    : [];
  const fromBase = (why: string | null): Entry[] | null => {
    if (why !== null && override)
      diagnostics.push({
        level: 'error',
        code: 'manifest-shape',
        message: `${override.path}: ${why}; evolcore ignores the whole override and uses the base alone`,
        file: override.path,
      });
    const list = asSortable(
      (baseValue as { sections?: unknown } | null)?.sections,
      `${base.path}: "sections"`,
    );
    if (typeof list === 'string') {
      crash = { message: `${list}; evolcore's engine throws and the message fails` };
      return null;
    }
    return sortByOrder(plainEntries(list, 'base', 'base'));
  };

  const ov = overrideState === 'file' || overrideState === 'draft' ? (override?.value ?? null) : null;
  // A replace override is taken before the base is touched: the real code never reads the
  // base's sections on that path, so a base that is `null`, `5` or `[]` still renders.
  const replacing = ov !== null && override !== null && (ov as { mode?: unknown }).mode === 'replace';
  if (!replacing && (baseValue === null || typeof baseValue !== 'object')) {
    crash = {
      message: `${base.path}: a manifest must be a JSON object (it is ${baseValue === null ? 'null' : typeof baseValue}); evolcore's engine throws reading its sections and the message fails`,
    };
  } else if (ov === null || override === null) {
    // No override, or one that cannot be read or parsed (its own diagnostic says so).
    entries = fromBase(null);
  } else if (replacing) {
    mode = 'replace';
    const list = asSortable((ov as { sections?: unknown }).sections, '"sections" of a replace override');
    entries =
      typeof list === 'string'
        ? fromBase(list)
        : sortByOrder(
            list.map((value) => ({
              value,
              origin: baseIds.includes(idOf(value)) ? 'override' : 'added',
              fieldOrigins: originsOf(value, 'override'),
            })),
          );
  } else {
    const merged = patch(baseValue, ov, override.path, diagnostics);
    entries = typeof merged === 'string' ? fromBase(merged) : sortByOrder(merged);
    if (typeof merged !== 'string') mode = 'patch';
    const m = (ov as { mode?: unknown }).mode;
    if (m !== undefined && m !== 'patch')
      diagnostics.push({
        level: 'warning',
        code: 'invalid-field',
        message: `${override.path}: "mode" must be "patch" or "replace", got ${JSON.stringify(m)}; evolcore patches`,
        file: override.path,
      });
  }
  reportDuplicateIds(baseIds, base.path, ov !== null && mode === 'patch', diagnostics);

  const list = entries ?? [];
  const sections: MergedSection[] = list.map((e, index) => ({
    raw: (isPlainObject(e.value) ? e.value : {}) as RawSection,
    value: e.value as Json,
    id: idText(idOf(e.value)),
    origin: e.origin,
    fieldOrigins: e.fieldOrigins,
    index,
  }));
  if (!crash) reportOverrideIds(sections, override, mode, baseIds, diagnostics);
  const kept = new Set(sections.map((s) => s.id));
  const droppedByReplace =
    mode === 'replace' ? baseIds.map(idText).filter((id) => id !== '' && !kept.has(id)) : [];
  const files = limitOf('totalMaxFiles', base, overrideState === 'ignored' ? null : override);
  const bytes = limitOf('totalMaxBytes', base, overrideState === 'ignored' ? null : override);
  for (const l of [files, bytes]) {
    if (typeof l.raw === 'number' && Number.isFinite(l.raw) && l.raw >= 0) continue;
    diagnostics.push({
      level: 'warning',
      code: 'invalid-field',
      message: `${l.doc?.path ?? base.path}: ${l === files ? '"totalMaxFiles"' : '"totalMaxBytes"'} is ${JSON.stringify(l.raw)}, not a number; evolcore compares with it as it is`,
      file: l.doc?.path ?? base.path,
    });
  }
  const shown = (raw: Json, fallback: number): number => {
    const n = numberOrNaN(raw);
    return Number.isFinite(n) ? n : fallback;
  };
  return {
    crash,
    manifest: {
      file,
      basePath: base.path,
      overridePath: override?.path ?? '',
      overrideState,
      mode,
      sections,
      droppedByReplace,
      totalMaxFiles: shown(files.raw, DEFAULT_TOTAL_MAX_FILES),
      totalMaxBytes: shown(bytes.raw, DEFAULT_TOTAL_MAX_BYTES),
      limitValues: { totalMaxFiles: files.raw, totalMaxBytes: bytes.raw },
      limitOrigins: { totalMaxFiles: files.origin, totalMaxBytes: bytes.origin },
    },
  };
}

/** Ids the base repeats: with a patch override the Map keeps the last at the first's place. */
function reportDuplicateIds(
  ids: readonly unknown[],
  path: string,
  merged: boolean,
  diagnostics: Diagnostic[],
): void {
  const seen = new Set<unknown>();
  for (const id of ids) {
    if (id !== undefined && seen.has(id))
      diagnostics.push({
        level: 'warning',
        code: 'duplicate-id',
        message: `${path}: section id "${idText(id)}" appears more than once; ${merged ? "with the override, evolcore keeps only the last, in the first one's place" : 'evolcore renders both'}`,
        section: idText(id),
        file: path,
      });
    seen.add(id);
  }
}

/** Override entries without an id, or with a new id but no type (§13). */
function reportOverrideIds(
  sections: readonly MergedSection[],
  override: ManifestDoc | null,
  mode: MergedManifest['mode'],
  baseIds: readonly unknown[],
  diagnostics: Diagnostic[],
): void {
  const path = override?.path ?? '';
  const names = baseIds.map(idText).filter((b) => b !== '');
  for (const s of sections) {
    if (s.origin === 'base') continue;
    const rawId = idOf(s.value);
    if (rawId === undefined) {
      diagnostics.push({
        level: 'error',
        code: 'override-without-id',
        message: `${path}: an override section has no "id"; evolcore still renders it, labelled "undefined"${mode === 'patch' ? ', and every other entry without an id merges into it' : ''}`,
        file: path,
        section: s.id,
      });
      continue;
    }
    if (s.origin === 'added' && mode === 'patch' && s.raw.type === undefined) {
      const near = closestName(s.id, names);
      diagnostics.push({
        level: 'warning',
        code: 'unknown-override-id',
        message: `override id "${s.id}" matches no base section${near ? ` (did you mean "${near}"?)` : ''}`,
        section: s.id,
        file: path,
      });
    }
  }
}

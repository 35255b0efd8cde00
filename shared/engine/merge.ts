/**
 * Merging a base manifest with an override (reference 合并与覆盖; clarifications §11):
 * `mode: replace` takes the override's sections alone; otherwise a shallow patch by id,
 * new ids appended, then a stable sort by `order`. Every field keeps its origin.
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
import { isPlainObject } from './truthy';
import { closestName } from './closest';

/** Defaults of the total gate (reference 清单顶层字段). */
export const DEFAULT_TOTAL_MAX_FILES = 50;
export const DEFAULT_TOTAL_MAX_BYTES = 102400;

/** The deprecated id a patch drops (reference: group and private profiles use peer-profile). */
export const DEPRECATED_SECTION_ID = 'relation-group-profile';

/** A manifest file as read: its path and parsed top-level object (null when absent/ignored). */
export interface ManifestDoc {
  readonly path: string;
  readonly value: Readonly<Record<string, Json>> | null;
}

function sectionsOf(doc: ManifestDoc, diagnostics: Diagnostic[]): RawSection[] {
  if (!doc.value) return [];
  const list = doc.value.sections;
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    diagnostics.push({
      level: 'error',
      code: 'manifest-shape',
      message: `${doc.path}: "sections" must be a list`,
      file: doc.path,
    });
    return [];
  }
  const out: RawSection[] = [];
  list.forEach((entry, i) => {
    if (isPlainObject(entry)) out.push(entry as RawSection);
    else
      diagnostics.push({
        level: 'error',
        code: 'manifest-shape',
        message: `${doc.path}: sections[${i}] is not an object; ignored`,
        file: doc.path,
      });
  });
  return out;
}

const allFields = (raw: RawSection, origin: FieldOrigin): Record<string, FieldOrigin> =>
  Object.fromEntries(Object.keys(raw).map((k) => [k, origin]));

const idOf = (raw: RawSection): string =>
  typeof raw.id === 'string' ? raw.id : raw.id === undefined ? '' : String(raw.id);

function limit(
  name: 'totalMaxFiles' | 'totalMaxBytes',
  base: ManifestDoc,
  override: ManifestDoc | null,
  fallback: number,
  diagnostics: Diagnostic[],
): { value: number; origin: FieldOrigin | 'default' } {
  for (const [doc, origin] of [
    [override, 'override'],
    [base, 'base'],
  ] as const) {
    const v = doc?.value?.[name];
    if (v === undefined || doc === null) continue;
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return { value: v, origin };
    diagnostics.push({
      level: 'warning',
      code: 'invalid-field',
      message: `${doc.path}: "${name}" must be a non-negative number, got ${JSON.stringify(v)}; ignored`,
      file: doc.path,
    });
  }
  return { value: fallback, origin: 'default' };
}

/** Merges base and override into the ordered section list of one render. */
export function mergeManifests(
  file: string,
  base: ManifestDoc,
  override: ManifestDoc | null,
  overrideState: MergedManifest['overrideState'],
  diagnostics: Diagnostic[],
): MergedManifest {
  const baseSections = sectionsOf(base, diagnostics);
  const overrideSections = override ? sectionsOf(override, diagnostics) : [];
  const mode = override?.value?.mode === 'replace' ? 'replace' : 'patch';
  if (
    override?.value?.mode !== undefined &&
    override.value.mode !== 'replace' &&
    override.value.mode !== 'patch'
  ) {
    diagnostics.push({
      level: 'warning',
      code: 'invalid-field',
      message: `${override.path}: "mode" must be "patch" or "replace", got ${JSON.stringify(override.value.mode)}; patch used`,
      file: override.path,
    });
  }
  const baseIds = baseSections.map(idOf);
  type Draft = { raw: RawSection; origin: SectionOrigin; fieldOrigins: Record<string, FieldOrigin> };
  let drafts: Draft[];
  let droppedByReplace: string[] = [];

  if (mode === 'replace' && override) {
    drafts = overrideSections.map((raw) => ({
      raw,
      origin: baseIds.includes(idOf(raw)) ? 'override' : 'added',
      fieldOrigins: allFields(raw, 'override'),
    }));
    const kept = new Set(overrideSections.map(idOf));
    droppedByReplace = baseIds.filter((id) => id !== '' && !kept.has(id));
  } else {
    drafts = baseSections.map((raw) => ({ raw, origin: 'base', fieldOrigins: allFields(raw, 'base') }));
    const seen = new Set<string>();
    for (const id of baseIds) {
      if (id !== '' && seen.has(id)) {
        diagnostics.push({
          level: 'warning',
          code: 'duplicate-id',
          message: `${base.path}: section id "${id}" appears more than once`,
          section: id,
          file: base.path,
        });
      }
      seen.add(id);
    }
    for (const raw of overrideSections) {
      const id = idOf(raw);
      if (id === '') {
        diagnostics.push({
          level: 'error',
          code: 'override-without-id',
          message: `${override?.path}: an override section has no "id"; it is ignored`,
          file: override?.path ?? '',
        });
        continue;
      }
      if (id === DEPRECATED_SECTION_ID) {
        diagnostics.push({
          level: 'info',
          code: 'deprecated-section',
          message: `"${DEPRECATED_SECTION_ID}" is deprecated and ignored; profiles load through "peer-profile"`,
          section: id,
          file: override?.path ?? '',
        });
        continue;
      }
      const target = drafts.find((d) => idOf(d.raw) === id);
      if (target) {
        target.raw = { ...target.raw, ...raw };
        for (const k of Object.keys(raw)) target.fieldOrigins[k] = 'override';
        if (target.origin === 'base') target.origin = 'override';
        continue;
      }
      if (raw.type === undefined) {
        const near = closestName(
          id,
          baseIds.filter((b) => b !== ''),
        );
        diagnostics.push({
          level: 'warning',
          code: 'unknown-override-id',
          message: `override id "${id}" matches no base section${near ? ` (did you mean "${near}"?)` : ''}`,
          section: id,
          file: override?.path ?? '',
        });
      }
      drafts.push({ raw, origin: 'added', fieldOrigins: allFields(raw, 'override') });
    }
  }

  const sections: MergedSection[] = drafts.map((d, index) => ({
    raw: d.raw,
    id: idOf(d.raw),
    origin: d.origin,
    fieldOrigins: d.fieldOrigins,
    index,
  }));
  // Stable sort by order ascending; a non-numeric order sorts last (it is invalid anyway).
  const key = (s: MergedSection): number =>
    typeof s.raw.order === 'number' && Number.isFinite(s.raw.order) ? s.raw.order : Infinity;
  sections.sort((a, b) => key(a) - key(b) || a.index - b.index);

  const files = limit('totalMaxFiles', base, override, DEFAULT_TOTAL_MAX_FILES, diagnostics);
  const bytes = limit('totalMaxBytes', base, override, DEFAULT_TOTAL_MAX_BYTES, diagnostics);
  return {
    file,
    basePath: base.path,
    overridePath: override?.path ?? '',
    overrideState,
    mode,
    sections,
    droppedByReplace,
    totalMaxFiles: files.value,
    totalMaxBytes: bytes.value,
    limitOrigins: { totalMaxFiles: files.origin, totalMaxBytes: bytes.origin },
  };
}

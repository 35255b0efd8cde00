/**
 * Validator of a parsed `eck_manifest*.json` against the schema's rules, without a JSON
 * Schema library: used before saving an override, and by the manifest tab for inline marks.
 * Faithful to the engine (docs/engine.md §3, §4, §11): an `error` is what the engine would
 * reject (an `invalid` section, a dropped entry); a `warning` is what it tolerates.
 */

import { DEPRECATED_SECTION_ID, MANIFEST_FORMAT, MANIFEST_MODES, TOTAL_LIMIT_FIELDS } from '../format';
import type { ManifestFormat } from '../format';
import { isRecord, pointerSegment, show } from './issue';
import type { FieldIssue, ManifestIssue } from './issue';
import type { ManifestKind } from './schema';
import { checkSection, closestId } from './section-rules';

/** What the validator may know besides the file itself. */
export interface ValidateManifestOptions {
  /**
   * The parsed base manifest, for an override: an entry whose id is in the base is checked as
   * merged (`{...base, ...entry}`), a new id as a full section.
   */
  readonly base?: unknown;
  /** The section types to accept (default evolcore's). */
  readonly format?: ManifestFormat<string>;
}

const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Places section-relative findings at `/sections/<i>/<field>`. */
function place(index: number, issues: readonly FieldIssue[]): ManifestIssue[] {
  const entry = `/sections/${index}`;
  return issues.map((i) => ({
    pointer: i.field === null ? entry : `${entry}/${i.field.split('/').map(pointerSegment).join('/')}`,
    message: i.message,
    level: i.level,
  }));
}

function checkTopLevel(m: Readonly<Record<string, unknown>>, kind: ManifestKind): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  const v = m.$schema_version;
  if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v))) {
    issues.push({
      pointer: '/$schema_version',
      message: '$schema_version must be a whole number',
      level: 'warning',
    });
  }
  if (m.mode !== undefined && !(MANIFEST_MODES as readonly unknown[]).includes(m.mode)) {
    issues.push({
      pointer: '/mode',
      message: `mode must be "patch" or "replace", not ${show(m.mode)}; it is read as "patch"`,
      level: 'warning',
    });
  } else if (kind === 'base' && m.mode === 'replace') {
    issues.push({ pointer: '/mode', message: 'mode only has an effect in an override', level: 'warning' });
  }
  for (const field of TOTAL_LIMIT_FIELDS) {
    if (m[field] !== undefined && !isCount(m[field])) {
      issues.push({
        pointer: `/${field}`,
        message: `${field} must be a whole number ≥ 0, not ${show(m[field])}; the default applies`,
        level: 'warning',
      });
    }
  }
  return issues;
}

/** Sections of the base by id (first occurrence wins, like a lookup would). */
function baseSections(base: unknown): ReadonlyMap<string, Readonly<Record<string, unknown>>> | null {
  if (!isRecord(base) || !Array.isArray(base.sections)) return null;
  const byId = new Map<string, Readonly<Record<string, unknown>>>();
  for (const s of base.sections as readonly unknown[]) {
    if (isRecord(s) && typeof s.id === 'string' && !byId.has(s.id)) byId.set(s.id, s);
  }
  return byId;
}

/** An override patch entry, checked against the base when it is known (§11). */
function checkPatchEntry(
  entry: Readonly<Record<string, unknown>>,
  base: ReadonlyMap<string, Readonly<Record<string, unknown>>> | null,
  format: ManifestFormat<string>,
): FieldIssue[] {
  const id = entry.id;
  if (typeof id !== 'string' || id === '') {
    return [
      {
        field: id === undefined ? null : 'id',
        message: 'an override entry without an id is dropped',
        level: 'error',
      },
    ];
  }
  if (id === DEPRECATED_SECTION_ID) {
    return [
      {
        field: 'id',
        message: `"${id}" is deprecated and dropped from a patch; configure peer-profile instead`,
        level: 'warning',
      },
    ];
  }
  if (base === null) return checkSection(entry, 'patch', format);
  const baseSection = base.get(id);
  if (baseSection === undefined) {
    // A new id is appended as a section of its own, so it must be complete.
    const issues = checkSection(entry, 'full', format);
    if (entry.type === undefined) {
      const near = closestId(id, [...base.keys()]);
      const hint = near === null ? '' : `; did you mean "${near}"?`;
      issues.unshift({ field: 'id', message: `"${id}" is not a base section id${hint}`, level: 'warning' });
    }
    return issues;
  }
  // Merged as `{...base, ...entry}`: keep every error (the merged section would be invalid) but
  // only the warnings about fields this entry writes, so base quirks are not blamed on it.
  const merged = checkSection({ ...baseSection, ...entry }, 'full', format);
  return merged.filter((i) => {
    if (i.level === 'error') return true;
    return i.field !== null && Object.hasOwn(entry, i.field.split('/')[0] ?? '');
  });
}

/**
 * Findings about a parsed manifest, each with a JSON Pointer into it
 * (`{ pointer: '/sections/3/when', message, level }`), in document order.
 */
export function validateManifest(
  manifest: unknown,
  kind: ManifestKind,
  options: ValidateManifestOptions = {},
): ManifestIssue[] {
  if (!isRecord(manifest)) {
    return [
      { pointer: '', message: `a manifest must be a JSON object, not ${show(manifest)}`, level: 'error' },
    ];
  }
  const issues = checkTopLevel(manifest, kind);
  const sections = manifest.sections;
  if (sections === undefined) {
    if (kind === 'base') issues.push({ pointer: '', message: 'missing sections', level: 'error' });
    return issues;
  }
  if (!Array.isArray(sections)) {
    issues.push({ pointer: '/sections', message: 'sections must be a list', level: 'error' });
    return issues;
  }
  // `mode: "replace"` uses the override's sections alone: each must stand on its own (§11).
  const full = kind === 'base' || manifest.mode === 'replace';
  const format = options.format ?? MANIFEST_FORMAT;
  const base = full ? null : baseSections(options.base);
  const seen = new Set<string>();
  (sections as readonly unknown[]).forEach((section, index) => {
    if (full || !isRecord(section)) issues.push(...place(index, checkSection(section, 'full', format)));
    else issues.push(...place(index, checkPatchEntry(section, base, format)));
    const id = isRecord(section) ? section.id : undefined;
    if (typeof id === 'string') {
      if (seen.has(id)) {
        issues.push({ pointer: `/sections/${index}/id`, message: `duplicate id "${id}"`, level: 'warning' });
      }
      seen.add(id);
    }
  });
  return issues;
}

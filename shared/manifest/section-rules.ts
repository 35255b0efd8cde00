/**
 * Rules for one section object: what makes it `invalid` (docs/engine.md §4) and what the
 * engine tolerates but is almost surely a mistake. Two strengths: `full` for a section that
 * must stand alone (base, a new override id, `mode: "replace"`), `patch` for an override entry
 * that may carry a single field.
 */

import { suggestVarName } from '../vars/suggest';
import { MANIFEST_FORMAT } from '../format';
import type { ManifestFormat } from '../format';
import { isRecord, show } from './issue';
import type { FieldIssue } from './issue';
import { checkWhen, unknownVarWarning } from './when-rules';

/** How much a section must carry: all required fields, or only an `id`. */
export type SectionStrength = 'full' | 'patch';

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Type rules of the optional fields; the engine ignores a wrong one, hence warnings. */
function checkOptionalFields(s: Readonly<Record<string, unknown>>, fields: readonly string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const warn = (field: string, message: string): void => {
    issues.push({ field, message, level: 'warning' });
  };
  if (s.pattern !== undefined && typeof s.pattern !== 'string')
    warn('pattern', `pattern must be a string glob`);
  for (const field of ['maxFiles', 'maxBytes'] as const) {
    if (s[field] !== undefined && !isCount(s[field])) {
      warn(field, `${field} must be a whole number ≥ 0, not ${show(s[field])}; the default applies`);
    }
  }
  if (s.enabled !== undefined && typeof s.enabled !== 'boolean') {
    warn('enabled', `enabled must be true or false, not ${show(s.enabled)}; only false disables`);
  }
  if (s.needsInjection !== undefined && typeof s.needsInjection !== 'boolean') {
    warn('needsInjection', `needsInjection must be true or false, not ${show(s.needsInjection)}`);
  }
  if (s.description !== undefined && typeof s.description !== 'string')
    warn('description', 'description must be a string');
  for (const key of Object.keys(s)) {
    if (fields.includes(key)) continue;
    // Unknown fields are kept and ignored; flag only those that look like a typo of a real one.
    const suggestion = suggestVarName(key, fields);
    if (suggestion !== null) warn(key, `unknown field "${key}" is ignored; did you mean "${suggestion}"?`);
  }
  return issues;
}

/** Rules of `loop`: an object with `forEach` and `childFile` (docs/engine.md §9). */
function checkLoop(
  s: Readonly<Record<string, unknown>>,
  strength: SectionStrength,
  format: ManifestFormat<string>,
): FieldIssue[] {
  const loop = s.loop;
  if (loop === undefined) return [];
  if (!isRecord(loop))
    return [{ field: 'loop', message: 'loop must be { forEach, childFile, separator? }', level: 'error' }];
  const issues: FieldIssue[] = [];
  if (!isNonEmptyString(loop.forEach)) {
    issues.push({ field: 'loop', message: 'loop.forEach must name an array var', level: 'error' });
  } else {
    const warning = unknownVarWarning('loop/forEach', loop.forEach);
    if (warning !== null) issues.push(warning);
  }
  if (!isNonEmptyString(loop.childFile)) {
    issues.push({ field: 'loop', message: 'loop.childFile must be a file path', level: 'error' });
  }
  if (loop.separator !== undefined && typeof loop.separator !== 'string') {
    issues.push({ field: 'loop/separator', message: 'loop.separator must be a string', level: 'warning' });
  }
  // A type that has no `loop` of its own (a folder) ignores it.
  const descriptor = format.descriptorOf(s.type);
  if (strength === 'full' && descriptor !== null && !descriptor.ownFields.includes('loop')) {
    issues.push({
      field: 'loop',
      message: 'loop applies to file sections only (file is the wrapper)',
      level: 'warning',
    });
  }
  if (strength === 'full' && s.needsInjection === false) {
    issues.push({
      field: 'needsInjection',
      message: 'a loop section is always rendered as a template; needsInjection: false is ignored',
      level: 'warning',
    });
  }
  return issues;
}

/** Findings about one section object (fields relative to the section). */
export function checkSection(
  section: unknown,
  strength: SectionStrength,
  format: ManifestFormat<string> = MANIFEST_FORMAT,
): FieldIssue[] {
  if (!isRecord(section))
    return [{ field: null, message: `a section must be an object, not ${show(section)}`, level: 'error' }];
  const s = section;
  const issues: FieldIssue[] = [];
  const error = (field: string | null, message: string): void => {
    issues.push({ field, message, level: 'error' });
  };
  const full = strength === 'full';

  if (s.id === undefined) error(null, 'missing id');
  else if (!isNonEmptyString(s.id)) error('id', `id must be a non-empty string, not ${show(s.id)}`);

  if (s.type === undefined) {
    if (full) error(null, `missing type (${format.typeList})`);
  } else if (!format.isSectionType(s.type)) {
    error('type', `unknown type ${show(s.type)}; use ${format.typeList}`);
  }

  for (const field of new Set(format.sectionTypes.map((t) => format.pathFieldOf(t)))) {
    if (s[field] !== undefined && !isNonEmptyString(s[field]))
      error(field, `${field} must be a non-empty path`);
  }
  if (full && format.isSectionType(s.type)) {
    for (const field of format.descriptors[s.type]?.required ?? []) {
      if (s[field] === undefined) error(null, `missing ${field} (required for type "${s.type}")`);
    }
  }

  if (s.order === undefined) {
    if (full) error(null, 'missing order');
  } else if (typeof s.order !== 'number' || !Number.isFinite(s.order)) {
    error('order', `order must be a number, not ${show(s.order)}`);
  }

  if (s.when === undefined) {
    if (full) error(null, 'missing when ("always" or a condition)');
  } else {
    issues.push(...checkWhen(s.when));
  }

  // §4 (decision): a missing needsInjection counts as false, with a warning, not invalid.
  if (full && s.needsInjection === undefined) {
    issues.push({ field: null, message: 'missing needsInjection; it counts as false', level: 'warning' });
  }
  issues.push(...checkLoop(s, strength, format), ...checkOptionalFields(s, format.sectionFields));
  return issues;
}

/** The closest of `ids` to `id` (a typo'd override id), or `null`. */
export function closestId(id: string, ids: readonly string[]): string | null {
  return suggestVarName(id, ids);
}

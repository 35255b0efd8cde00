/**
 * What a section's fields mean to evolcore, and what the inspector says about them: the
 * per-folder defaults, why a section is `invalid` (no path for its type, an unknown type:
 * docs/engine.md §4), and warnings for fields the real code reads in a surprising way.
 * None of this changes what is rendered; the render loop reads the raw fields as evolcore does.
 */
import { MANIFEST_FORMAT, SECTION_DEFAULTS, type ManifestFormat } from '../format';
import type { Diagnostic, RawSection } from './types';

/** Per-folder defaults (`DIR_MAX_FILES`, `DIR_MAX_BYTES`, the default pattern): the format's. */
export const DEFAULT_MAX_FILES: number = SECTION_DEFAULTS.maxFiles;
export const DEFAULT_MAX_BYTES: number = SECTION_DEFAULTS.maxBytes;
export const DEFAULT_PATTERN: string = SECTION_DEFAULTS.pattern;

/** Why a section is `invalid`, or null: evolcore's `no-path`, or a type it does not load. */
export function invalidReason(
  raw: RawSection,
  format: ManifestFormat<string> = MANIFEST_FORMAT,
): string | null {
  const type = raw.type;
  if (type === undefined) return '`type` is missing';
  if (!format.isSectionType(type))
    return `\`type\` must be ${format.typeList}, got ${JSON.stringify(type)}; evolcore loads nothing for it`;
  const field = format.pathFieldOf(type);
  const value = raw[field];
  if (!value) {
    // The path fields of the other types, written here by mistake: evolcore does not read them.
    const other = format.sectionTypes.map((t) => format.pathFieldOf(t)).find((f) => f !== field && raw[f]);
    return `\`${field}\` is ${value === undefined ? 'missing' : `${JSON.stringify(value)}`} (type ${type})${other ? `; \`${other}\` is not read for this type` : ''}`;
  }
  return null;
}

/** Warnings for fields evolcore reads as they are, where that is probably not what was meant. */
export function sectionFieldWarnings(raw: RawSection, id: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (code: Diagnostic['code'], message: string): void => {
    out.push({ level: 'warning', code, message: `section "${id}": ${message}`, section: id });
  };
  if (raw.order === undefined)
    warn('invalid-field', '`order` is missing; evolcore sorts it as NaN (its place is arbitrary)');
  else if (typeof raw.order !== 'number')
    warn(
      'invalid-field',
      `\`order\` is ${JSON.stringify(raw.order)}, not a number; evolcore sorts by Number(order)`,
    );
  if (raw.needsInjection === undefined)
    out.push({
      level: 'warning',
      code: 'missing-needs-injection',
      message: `section "${id}": \`needsInjection\` is missing; read as false (raw text)`,
      section: id,
    });
  else if (typeof raw.needsInjection !== 'boolean')
    warn(
      'invalid-field',
      `\`needsInjection\` should be true or false, got ${JSON.stringify(raw.needsInjection)}; read by truthiness`,
    );
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean')
    warn(
      'invalid-field',
      `\`enabled\` should be true or false, got ${JSON.stringify(raw.enabled)}; only false disables`,
    );
  for (const name of ['maxFiles', 'maxBytes'] as const) {
    const v = raw[name];
    if (v !== undefined && v !== null && typeof v !== 'number')
      warn(
        'invalid-field',
        `\`${name}\` is ${JSON.stringify(v)}, not a number; evolcore compares with Number(${name})`,
      );
  }
  if (raw.description && typeof raw.description !== 'string')
    warn(
      'invalid-field',
      `\`description\` is ${JSON.stringify(raw.description)}, not text; evolcore prints the block label as "${id} — ${String(raw.description)}"`,
    );
  if (raw.pattern !== undefined && typeof raw.pattern !== 'string')
    warn(
      'invalid-field',
      `\`pattern\` is ${JSON.stringify(raw.pattern)}, not a glob; evolcore then lists nothing`,
    );
  if (raw.loop && MANIFEST_FORMAT.descriptorOf(raw.type)?.ownFields.includes('loop') && !raw.needsInjection)
    out.push({
      level: 'warning',
      code: 'loop-not-injected',
      message: `section "${id}": a loop section is always rendered as a template; \`needsInjection: false\` is ignored`,
      section: id,
    });
  return out;
}

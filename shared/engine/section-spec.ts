/**
 * A merged section checked and normalised: what makes it `invalid` (clarifications §4),
 * defaults of the optional fields, and warnings for fields of the wrong type.
 */
import type { Diagnostic, Json, MergedSection } from './types';
import { parseWhen, type WhenSpec } from './when';
import { isPlainObject } from './truthy';

/** Per-folder defaults (reference: maxFiles 20, maxBytes 40960, pattern `*.md`). */
export const DEFAULT_MAX_FILES = 20;
export const DEFAULT_MAX_BYTES = 40960;
export const DEFAULT_PATTERN = '*.md';

/** The loop of a loop section (§10). */
export interface LoopSpec {
  readonly forEach: string;
  readonly childFile: string;
  readonly separator: string;
}

/** A section whose required fields are all valid. */
export interface ValidSection {
  readonly id: string;
  readonly type: 'file' | 'directory';
  readonly rawPath: string;
  /** Which manifest defined the path field (relative paths resolve against its folder, §2). */
  readonly pathOrigin: 'base' | 'override';
  readonly order: number;
  readonly needsInjection: boolean;
  readonly when: WhenSpec;
  readonly enabled: boolean;
  readonly description: string | null;
  readonly pattern: string;
  readonly maxFiles: number;
  readonly maxBytes: number;
  readonly loop: LoopSpec | null;
  readonly loopOrigin: 'base' | 'override';
}

/** Outcome of checking one merged section. */
export type CheckedSection =
  { readonly valid: true; readonly spec: ValidSection } | { readonly valid: false; readonly reason: string };

const isNumber = (v: Json | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks a merged section, pushing warnings for non-fatal problems into `diagnostics`. */
export function checkSection(section: MergedSection, diagnostics: Diagnostic[]): CheckedSection {
  const raw = section.raw;
  const id = section.id;
  const warn = (code: Diagnostic['code'], message: string): void => {
    diagnostics.push({ level: 'warning', code, message, section: id });
  };
  if (typeof raw.id !== 'string' || raw.id === '')
    return { valid: false, reason: '`id` is missing or not a string' };
  if (raw.type === undefined) return { valid: false, reason: '`type` is missing' };
  if (raw.type !== 'file' && raw.type !== 'directory') {
    return {
      valid: false,
      reason: `\`type\` must be "file" or "directory", got ${JSON.stringify(raw.type)}`,
    };
  }
  const pathField = raw.type === 'file' ? 'file' : 'path';
  const rawPath = raw[pathField];
  if (typeof rawPath !== 'string' || rawPath === '') {
    return {
      valid: false,
      reason: `\`${pathField}\` is ${rawPath === undefined ? 'missing' : 'not a non-empty string'} (type ${raw.type})`,
    };
  }
  if (raw.order === undefined) return { valid: false, reason: '`order` is missing' };
  if (!isNumber(raw.order))
    return { valid: false, reason: `\`order\` must be a number, got ${JSON.stringify(raw.order)}` };
  const when = parseWhen(raw.when);
  if ('error' in when) return { valid: false, reason: when.error };

  let loop: LoopSpec | null = null;
  if (raw.loop !== undefined) {
    const l = raw.loop;
    if (raw.type !== 'file') {
      warn('invalid-field', '`loop` is only read on file sections; ignored on a directory');
    } else if (
      !isPlainObject(l) ||
      typeof l.forEach !== 'string' ||
      typeof l.childFile !== 'string' ||
      l.childFile === ''
    ) {
      return { valid: false, reason: '`loop` needs `forEach` (a var name) and `childFile` (a path)' };
    } else {
      if (l.separator !== undefined && typeof l.separator !== 'string')
        warn('invalid-field', '`loop.separator` must be a string; "\\n" used');
      loop = {
        forEach: l.forEach,
        childFile: l.childFile,
        separator: typeof l.separator === 'string' ? l.separator : '\n',
      };
    }
  }

  let needsInjection = false;
  if (raw.needsInjection === undefined) {
    diagnostics.push({
      level: 'warning',
      code: 'missing-needs-injection',
      message: '`needsInjection` is missing; read as false (raw)',
      section: id,
    });
  } else if (typeof raw.needsInjection !== 'boolean') {
    warn(
      'invalid-field',
      `\`needsInjection\` should be true or false, got ${JSON.stringify(raw.needsInjection)}; read by truthiness`,
    );
    needsInjection = Boolean(raw.needsInjection);
  } else needsInjection = raw.needsInjection;
  if (loop && !needsInjection) {
    diagnostics.push({
      level: 'warning',
      code: 'loop-not-injected',
      message: 'a loop section is always rendered as a template; `needsInjection: false` is ignored',
      section: id,
    });
  }

  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') {
    warn(
      'invalid-field',
      `\`enabled\` should be true or false, got ${JSON.stringify(raw.enabled)}; only false disables`,
    );
  }
  const numberOr = (name: 'maxFiles' | 'maxBytes', fallback: number): number => {
    const v = raw[name];
    if (v === undefined) return fallback;
    if (isNumber(v) && v >= 0) return v;
    warn(
      'invalid-field',
      `\`${name}\` must be a non-negative number, got ${JSON.stringify(v)}; default ${fallback} used`,
    );
    return fallback;
  };
  let pattern = DEFAULT_PATTERN;
  if (raw.pattern !== undefined) {
    if (typeof raw.pattern === 'string' && raw.pattern !== '') pattern = raw.pattern;
    else warn('invalid-field', `\`pattern\` must be a glob string; "${DEFAULT_PATTERN}" used`);
  }
  if (raw.description !== undefined && typeof raw.description !== 'string') {
    warn('invalid-field', '`description` must be a string; ignored');
  }
  return {
    valid: true,
    spec: {
      id,
      type: raw.type,
      rawPath,
      pathOrigin: section.fieldOrigins[pathField] ?? 'base',
      order: raw.order,
      needsInjection: loop ? true : needsInjection,
      when,
      enabled: raw.enabled !== false,
      description: typeof raw.description === 'string' && raw.description !== '' ? raw.description : null,
      pattern,
      maxFiles: numberOr('maxFiles', DEFAULT_MAX_FILES),
      maxBytes: numberOr('maxBytes', DEFAULT_MAX_BYTES),
      loop,
      loopOrigin: section.fieldOrigins.loop ?? 'base',
    },
  };
}

/**
 * Reading the base and override manifest files of one render (docs/engine.md §11): a base
 * that is missing or not JSON is fatal; an override that is not JSON is ignored as a whole
 * with an error naming file, line and column.
 */
import type { Diagnostic, EngineFs, Json, MergedManifest } from './types';
import type { ManifestDoc } from './merge';
import { parseJsonText, startsWithBom } from './json-text';
import { isPlainObject } from './truthy';
import { isFsError, readIfExists } from './fs-util';

/**
 * A manifest that starts with a UTF-8 BOM. evolcore reads it with `JSON.parse`, which refuses
 * the mark, and most editors do not show it: a base loads no sections (the agent gets no
 * context), an override is ignored whole, its totals too (docs/engine.md §11).
 */
export function bomDiagnostic(file: string, role: 'base' | 'override'): Diagnostic {
  const effect =
    role === 'base'
      ? 'so it loads no sections and the agent gets an empty context'
      : 'so the whole override is ignored, its totalMaxFiles / totalMaxBytes too';
  return {
    level: 'error',
    code: 'manifest-bom',
    message: `${file} starts with a UTF-8 byte-order mark (BOM, invisible in most editors): evolcore's JSON.parse refuses it, ${effect}. Save it as UTF-8 without BOM`,
    file,
    line: 1,
    column: 1,
    params: { file, role },
  };
}

/** The base manifest, or the fatal diagnostic that stops the render. */
export function readBaseManifest(fs: EngineFs, path: string): { doc: ManifestDoc } | { fatal: Diagnostic } {
  const text = readIfExists(fs, path);
  if (text === null || isFsError(text)) {
    const why = text === null ? 'not found' : text.message;
    return {
      fatal: { level: 'error', code: 'base-missing', message: `base manifest ${path}: ${why}`, file: path },
    };
  }
  if (startsWithBom(text)) return { fatal: bomDiagnostic(path, 'base') };
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    return {
      fatal: {
        level: 'error',
        code: 'base-parse-error',
        message: `${path}:${parsed.line}:${parsed.column}: ${parsed.message}`,
        file: path,
        line: parsed.line,
        column: parsed.column,
      },
    };
  }
  // Any JSON goes on: a base that is not an object makes evolcore throw (a merge crash).
  return { doc: { path, value: parsed.value as Json, present: true } };
}

/** The override (a draft text wins over the file); problems leave it out with a diagnostic. */
export function readOverrideManifest(
  fs: EngineFs,
  path: string,
  draftText: string | null | undefined,
  diagnostics: Diagnostic[],
  draftSource?: string,
): { doc: ManifestDoc; state: MergedManifest['overrideState'] } {
  // Messages name where the text came from; the doc keeps `path` (relative paths resolve there).
  const shown = draftText !== undefined && draftSource ? draftSource : path;
  const absent = { doc: { path, value: null }, state: 'missing' as const };
  let text: string | null;
  let state: MergedManifest['overrideState'];
  if (draftText !== undefined) {
    if (draftText === null) return absent;
    text = draftText;
    state = 'draft';
  } else {
    const read = readIfExists(fs, path);
    if (isFsError(read)) {
      diagnostics.push({
        level: 'error',
        code: 'override-read-error',
        message: `override ${path}: ${read.message}`,
        file: path,
      });
      return { doc: { path, value: null }, state: 'ignored' };
    }
    if (read === null) return absent;
    text = read;
    state = 'file';
  }
  if (startsWithBom(text)) {
    diagnostics.push(bomDiagnostic(shown, 'override'));
    return { doc: { path, value: null }, state: 'ignored' };
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    diagnostics.push({
      level: 'error',
      code: 'override-parse-error',
      message: `${shown}:${parsed.line}:${parsed.column}: ${parsed.message}; the override is ignored`,
      file: shown,
      line: parsed.line,
      column: parsed.column,
    });
    return { doc: { path, value: null }, state: 'ignored' };
  }
  if (!isPlainObject(parsed.value)) {
    diagnostics.push({
      level: 'error',
      code: 'manifest-shape',
      message: `${shown}: an override must be a JSON object; ignored`,
      file: shown,
    });
    return { doc: { path, value: null }, state: 'ignored' };
  }
  return { doc: { path, value: parsed.value as Json, present: true }, state };
}

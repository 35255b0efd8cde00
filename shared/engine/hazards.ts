/**
 * The hazards of one render as diagnostics (docs/engine.md §13): what evolcore does that an
 * operator would not expect — a peer's text parsed as a template, an object printed as
 * `[object Object]`, `#each` elements run together, a path that leaves the package root and
 * the home, an alias matched mid-name — plus read failures and invalid sections. The text is
 * already what evolcore renders; these only say so.
 */
import type { Diagnostic, EngineFs, RenderInput, SectionReport } from './types';
import { MAX_STRING_BYTES, type WalkFile, type WalkResult } from './walk';
import { isFsError } from './fs-util';
import { isPathWithin, isAbsolutePath } from '../base/posix-path';
import { aliasWithoutBoundary } from './output-format';
import { parseWhen } from './when';

const shortValue = (v: string): string => JSON.stringify(v.length > 80 ? `${v.slice(0, 77)}…` : v);

/** Diagnostics for every section of a finished walk. */
export function hazardDiagnostics(
  walk: WalkResult,
  sections: readonly SectionReport[],
  input: RenderInput,
  fs?: EngineFs,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const roots = [input.packageRoot, input.home];
  walk.sections.forEach((w, i) => {
    const report = sections[i] as SectionReport;
    const id = report.id;
    const at = { section: id };
    if (report.status === 'invalid')
      out.push({
        level: 'error',
        code: 'invalid-section',
        message: `section "${id || '(no id)'}": ${report.invalidReason}`,
        ...at,
      });
    if (w.when.result !== null) {
      const spec = w.whenSpec ?? parseWhen(w.merged.raw.when);
      if (spec.kind === 'true')
        out.push({
          level: 'warning',
          code: 'when-not-condition',
          message: `section "${id}": ${spec.why}`,
          ...at,
        });
    }
    for (const e of w.expanded?.escapes ?? [])
      out.push({
        level: 'warning',
        code: 'path-escape',
        message: `section "${id}": ${e.token} is ${shortValue(e.value)}, which moves the path (it holds ".." or a separator); evolcore reads wherever it points`,
        ...at,
        params: { token: e.token, value: e.value },
      });
    if (w.readPath) {
      if (w.expanded?.path && !isAbsolutePath(w.expanded.path))
        out.push({
          level: 'warning',
          code: 'relative-path',
          message: `section "${id}": the path resolves to ${JSON.stringify(w.expanded.path)}, relative: evolcore reads it from its working folder; the inspector reads it from the package root (${w.readPath})`,
          ...at,
          params: { path: w.expanded.path, read: w.readPath },
        });
      const outside = [w.readPath, ...(w.childPath ? [w.childPath] : [])].filter(
        (p) => !roots.some((r) => isPathWithin(p.replace(/\/$/, ''), r)),
      );
      for (const p of outside)
        out.push({
          level: 'warning',
          code: 'path-outside-root',
          message: `section "${id}" reads ${p}, OUTSIDE the package root and the home: evolcore reads it too (check vars such as selfAid and peerKey for "..")`,
          ...at,
          params: { path: p },
          file: p,
        });
    }
    for (const f of w.readFailures)
      out.push({
        level: 'error',
        code: f.code === 'EFBIG' ? 'file-too-large' : 'read-error',
        message:
          f.code === 'EFBIG'
            ? `${f.path} is over the inspector's 64 MiB read limit; not read (evolcore would read it)`
            : `${f.path}: ${f.message}`,
        ...at,
        file: f.path,
      });
    for (const h of w.hugeFiles) {
      const mib = (h.size / 1048576).toFixed(1);
      out.push({
        level: 'warning',
        code: 'huge-file',
        message:
          h.size > MAX_STRING_BYTES
            ? `${h.path} is huge (${mib} MiB, ${h.size} bytes): too long for evolcore to read as text, so it counts as missing`
            : `${h.path} is huge (${mib} MiB, ${h.size} bytes): evolcore reads it whole${h.read ? ' (the inspector read it too: a budget lets it in)' : '; its size alone decides the budgets, so the inspector did not read it'}`,
        ...at,
        file: h.path,
        params: { path: h.path, mib, bytes: h.size },
      });
    }
    for (const f of w.files) {
      const found = encodingHazards(f, id, fs);
      if (found.length > 0) out.push(...found);
    }
    for (const m of w.mappings)
      if (aliasWithoutBoundary(m.path, m.mapping))
        out.push({
          level: 'info',
          code: 'alias-without-boundary',
          message: `section "${id}": ${m.path} is shown as ${m.mapping?.alias}${m.path.slice(m.mapping?.prefix.length ?? 0)}: evolcore's alias matched in the middle of a name`,
          ...at,
          params: {
            path: m.path,
            shown: `${m.mapping?.alias}${m.path.slice(m.mapping?.prefix.length ?? 0)}`,
          },
          file: m.path,
        });
    for (const rec of w.recorders)
      for (const h of rec.hazards) {
        const where = { ...at, file: rec.file, line: h.line };
        switch (h.kind) {
          case 'each-value-reparsed':
            out.push({
              level: 'warning',
              code: 'each-value-reparsed',
              message: `${rec.file}:${h.line}: in {{#each ${h.each}}}, element ${h.element}'s "${h.var}" is ${shortValue(h.value)}: evolcore parses that text again as a template (a peer's message can inject {{…}})`,
              ...where,
              params: { each: h.each, element: h.element, var: h.var, value: h.value },
            });
            break;
          case 'each-joined':
            out.push({
              level: 'info',
              code: 'each-joined',
              message: `${rec.file}:${h.line}: {{#each ${h.each}}}'s body ends with a newline that evolcore drops, so its ${h.elements} elements run together on one line`,
              ...where,
              params: { each: h.each, elements: h.elements },
            });
            break;
          case 'object-rendered':
            out.push({
              level: 'warning',
              code: 'object-rendered',
              message: `${rec.file}:${h.line}: {{${h.var}}} is an object; evolcore prints it as ${shortValue(h.text)}`,
              ...where,
              params: { var: h.var, text: h.text },
            });
            break;
          case 'unclosed-block':
            out.push({
              level: 'warning',
              code: 'unclosed-block',
              message: `${rec.file}:${h.line}:${h.column}: ${h.raw} has no closing tag; evolcore leaves it as text`,
              ...where,
              column: h.column,
              params: { tag: h.raw },
            });
            break;
        }
      }
  });
  return dedupe(out);
}

/**
 * A file whose text is not plain UTF-8 text: NUL bytes (a binary file, a PNG renamed `.md`) or
 * bytes that are not UTF-8, which evolcore's `readFileSync(p, 'utf-8')` turns into U+FFFD. It
 * injects that text anyway; the inspector shows the same and says so. U+FFFD alone can be
 * honest text: the file's size tells (a file of valid UTF-8 decodes to exactly its size).
 * `size` is the size on disk, or null when unknown.
 */
export function encodingFindings(
  text: string,
  bytes: number,
  path: string,
  size: number | null,
  section: string,
): Diagnostic[] {
  const at = { section, file: path };
  const out: Diagnostic[] = [];
  if (text.includes('\u0000'))
    out.push({
      level: 'warning',
      code: 'binary-file',
      message: `${path} looks binary (it holds NUL bytes); it is injected as text, as evolcore would`,
      ...at,
      params: { path },
    });
  if (text.includes('\ufffd') && (size === null || size !== bytes))
    out.push({
      level: 'warning',
      code: 'invalid-utf8',
      message: `${path} is not valid UTF-8: evolcore decodes each invalid byte sequence as U+FFFD (\ufffd) and injects the result${size !== null ? ` (${size} bytes on disk, ${bytes} once decoded)` : ''}`,
      ...at,
      params: { path },
    });
  return out;
}

const NONE: readonly Diagnostic[] = [];
/** One scan for either sign (a NUL, a U+FFFD): cheaper than two `includes` on every file. */
// eslint-disable-next-line no-control-regex -- a NUL is exactly what is looked for
const SUSPECT = /[\u0000\ufffd]/;

function encodingHazards(f: WalkFile, id: string, fs: EngineFs | undefined): readonly Diagnostic[] {
  if (f.unread || !SUSPECT.test(f.text)) return NONE;
  const replaced = f.text.includes('\ufffd');
  // The size only matters when the text holds U+FFFD: stat only then.
  const st = replaced ? fs?.stat(f.readPath) : undefined;
  const size = st && !isFsError(st) ? st.size : null;
  return encodingFindings(f.text, f.bytes, f.readPath, size, id);
}

/** A loop child renders once per element: the same finding is reported once. */
function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.section}|${d.file}|${d.line}|${d.column}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

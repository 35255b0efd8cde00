/**
 * Kit checks beyond one render's diagnostics (`eck lint`): unknown vars in `when`
 * or templates, numeric vars whose `{{?n}}` block vanishes at 0, files over 40,000 characters, folders
 * close to their budget. Every section is checked, whatever the scenario's `when`, in
 * every manifest file given (one report per file); each unknown var is reported once, with
 * every place that reads it (`{{?x}}` and `{{x}}` are one finding, not two).
 */
import type { Diagnostic, EngineFs, RenderReport } from '../engine';
import {
  parseWhen,
  whenVarNames,
  type WhenSpec,
  expandPathTokens,
  matchesGlob,
  scanTemplate,
  isFsError,
  encodingFindings,
  MAX_READ_BYTES,
} from '../engine';
import { utf8Length } from '../base/utf8';
import { dirnamePath, joinPath, resolvePath } from '../base/posix-path';
import { MANIFEST_FORMAT, SECTION_DEFAULTS, type ManifestFormat } from '../format';

/** Claude Code warns at 40,000 characters per instruction file; ECK kits share that habit. */
export const LARGE_FILE_CHARS = 40000;
/** A folder at or above this share of a limit is "close to its budget". */
export const NEAR_BUDGET_SHARE = 0.8;

/** What the lint knows about vars (from the catalog, injected to keep this pure and testable). */
export interface VarKnowledge {
  isKnown(name: string): boolean;
  isNumeric(name: string): boolean;
  suggest(name: string): string | null;
}

/** Template var names outside `#each` bodies (inside them, names may be element fields). */
function topLevelNames(source: string): { names: Set<string>; conditionals: Set<string> } {
  const names = new Set<string>();
  const conditionals = new Set<string>();
  let depth = 0;
  for (const t of scanTemplate(source)) {
    if (t.kind === 'each-open') {
      if (depth === 0) names.add(t.name);
      depth++;
    } else if (t.kind === 'each-close') depth = Math.max(0, depth - 1);
    else if (depth === 0 && t.kind === 'var' && t.name !== '.' && t.name !== '@index') names.add(t.name);
    else if (depth === 0 && t.kind === 'cond-open') conditionals.add(t.key);
  }
  return { names, conditionals };
}

/** Conditions evolcore throws on, for every section (a render stops at the first one). */
function whenHazards(when: WhenSpec, enabled: boolean, id: string, report: RenderReport): Diagnostic[] {
  if (report.failure?.section === id) return []; // already the render's own error
  const nested = (s: WhenSpec): WhenSpec | null =>
    s.kind === 'crash'
      ? s
      : s.kind === 'and' || s.kind === 'or'
        ? (s.clauses.map(nested).find((c) => c) ?? null)
        : null;
  const found = nested(when);
  if (found === null || found.kind !== 'crash') return [];
  const top = when.kind === 'crash';
  const code = found.missing ? 'when-missing' : 'when-crash';
  if (top && enabled)
    return [
      {
        level: 'error',
        code,
        section: id,
        message: `section "${id}": ${found.why}; evolcore throws on it and every message fails (the agent gets no turn)`,
      },
    ];
  return [
    {
      level: 'warning',
      code,
      section: id,
      message: top
        ? `section "${id}": ${found.why}; it is disabled now, but evolcore throws on it (every message fails) once it is enabled`
        : `section "${id}": a clause of its condition: ${found.why}; evolcore throws whenever the earlier clauses let it reach that one`,
    },
  ];
}

/** One place that reads an unknown var. */
interface UnknownUse {
  readonly where: string;
  readonly section: string;
  readonly file?: string;
}

/** Runs the kit checks over the merged manifest of a report. */
export function lintKit(report: RenderReport, fs: EngineFs, vars: VarKnowledge): Diagnostic[] {
  return lintKits([report], fs, vars);
}

/**
 * Runs the kit checks over several manifest files (one render report each: the chat manifest,
 * the message manifest, the auxiliary one, …). A file read by two manifests is checked once.
 * `format` says which section types there are and what each one's path names.
 */
export function lintKits(
  reports: readonly RenderReport[],
  fs: EngineFs,
  vars: VarKnowledge,
  format: ManifestFormat<string> = MANIFEST_FORMAT,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const unknownUses = new Map<string, UnknownUse[]>();
  const seenFiles = new Set<string>();
  const many = reports.length > 1;
  for (const report of reports) lintOne(report, { fs, vars, format, out, unknownUses, seenFiles }, many);
  for (const [name, uses] of unknownUses) {
    const near = vars.suggest(name);
    const first = uses[0];
    if (first === undefined) continue;
    const places = uses.map((u) => u.where).join('; ');
    out.push({
      level: 'warning',
      code: 'unknown-var',
      message: `"${name}" is not a known var${near ? ` (did you mean "${near}"?)` : ''}; read by ${places}`,
      section: first.section,
      ...(first.file ? { file: first.file } : {}),
    });
  }
  return out;
}

/** What one manifest's checks read and where they collect their findings. */
interface LintContext {
  readonly fs: EngineFs;
  readonly vars: VarKnowledge;
  readonly format: ManifestFormat<string>;
  readonly out: Diagnostic[];
  readonly unknownUses: Map<string, UnknownUse[]>;
  readonly seenFiles: Set<string>;
}

function lintOne(report: RenderReport, context: LintContext, nameManifest: boolean): void {
  const { fs, vars, format, out, unknownUses, seenFiles } = context;
  const merged = report.merged;
  if (!merged) return;
  const given = new Set(Object.keys(report.vars));
  const known = (n: string): boolean => vars.isKnown(n) || given.has(n);
  const inManifest = nameManifest ? ` in ${report.manifestFile}` : '';
  const unknown = (name: string, where: string, section: string, file?: string): void => {
    const uses = unknownUses.get(name) ?? [];
    // The same place once, however many tags in it read the var.
    if (!uses.some((u) => u.where === where)) uses.push({ where, section, ...(file ? { file } : {}) });
    unknownUses.set(name, uses);
  };
  for (const section of merged.sections) {
    const raw = section.raw;
    const when = parseWhen(raw.when);
    for (const n of whenVarNames(when))
      if (!known(n)) unknown(n, `the \`when\` of section "${section.id}"${inManifest}`, section.id);
    out.push(...whenHazards(when, raw.enabled !== false, section.id, report));
    // A type evolcore does not know loads nothing (the section is invalid): no files to check.
    const descriptor = format.descriptorOf(raw.type);
    if (descriptor === null) continue;
    const pathField = raw[descriptor.pathField];
    if (typeof pathField !== 'string') continue;
    // Resolve with the scenario's vars where possible; unresolved paths cannot be checked.
    const expanded = expandPathTokens(pathField, report.vars);
    if (expanded.status !== 'ok' || expanded.path === null) continue;
    // A relative path is read from the package root, as the engine does (docs/engine.md §2).
    const resolved = resolvePath(dirnamePath(dirnamePath(merged.basePath)), expanded.path);
    const files: string[] = [];
    if (descriptor.reads === 'folder') {
      const entries = fs.list(resolved);
      if (isFsError(entries)) continue;
      const defaults = descriptor.folderDefaults;
      const pattern =
        typeof raw.pattern === 'string' ? raw.pattern : (defaults?.pattern ?? SECTION_DEFAULTS.pattern);
      files.push(
        ...entries
          .filter((e) => e.kind !== 'directory' && matchesGlob(e.name, pattern))
          .map((e) => joinPath(resolved, e.name)),
      );
      const rs = report.sections.find((s) => s.id === section.id);
      // A folder type without limits of its own has no budget to be close to.
      const maxFiles = typeof raw.maxFiles === 'number' ? raw.maxFiles : (defaults?.maxFiles ?? Infinity);
      const maxBytes = typeof raw.maxBytes === 'number' ? raw.maxBytes : (defaults?.maxBytes ?? Infinity);
      let bytes = 0;
      for (const f of files) {
        const st = fs.stat(f);
        if (!isFsError(st)) bytes += st.size;
      }
      const share = Math.max(files.length / Math.max(maxFiles, 1), bytes / Math.max(maxBytes, 1));
      if (share >= NEAR_BUDGET_SHARE) {
        out.push({
          level: share > 1 ? 'warning' : 'info',
          code: 'folder-near-budget',
          message: `${rs?.displayPath ?? resolved}: ${files.length}/${maxFiles} files, ${bytes}/${maxBytes} bytes (${Math.round(share * 100)}% of its budget)`,
          section: section.id,
          file: resolved,
        });
      }
    } else files.push(resolved);
    const isTemplate = raw.needsInjection === true || raw.loop !== undefined;
    for (const file of files) {
      if (seenFiles.has(file)) continue;
      seenFiles.add(file);
      const st = fs.stat(file);
      const size = isFsError(st) ? null : st.size;
      if (size !== null && size > MAX_READ_BYTES) {
        // Not read just to be checked (evolcore reads it whole; the render says what that does).
        out.push({
          level: 'warning',
          code: 'huge-file',
          message: `${file} is huge (${(size / 1048576).toFixed(1)} MiB): evolcore reads it whole and its size alone trips the total budget`,
          section: section.id,
          file,
          params: { path: file, mib: (size / 1048576).toFixed(1), bytes: size },
        });
        continue;
      }
      const text = fs.readText(file);
      if (isFsError(text)) continue;
      // Binary or not UTF-8: evolcore injects the decoded text, whatever the scenario's `when`.
      out.push(...encodingFindings(text, utf8Length(text), file, size, section.id));
      if (text.length > LARGE_FILE_CHARS) {
        out.push({
          level: 'warning',
          code: 'file-over-40k',
          message: `${file}: ${text.length} characters, over ${LARGE_FILE_CHARS}; large files crowd out the rest of the context`,
          section: section.id,
          file,
        });
      }
      if (!isTemplate) continue;
      const { names, conditionals } = topLevelNames(text);
      for (const n of [...names, ...conditionals])
        if (!known(n)) unknown(n, `template ${file}`, section.id, file);
      for (const n of conditionals) {
        if (vars.isNumeric(n)) {
          out.push({
            level: 'info',
            code: 'zero-hides-block',
            message: `${file}: {{?${n}}} drops its block when ${n} is 0 (evolcore reads 0 as false, though {{${n}}} prints "0"); {{?${n}!=undefined}} keeps it for every set value`,
            section: section.id,
            file,
          });
        }
      }
    }
  }
}

/**
 * The four eck-debug files exactly as evolcore's engine writes them (docs/engine.md §14;
 * `writeDebugFiles` and `formatManifestDiagnostics` of evolclaw's `src/eck/kit-renderer.ts` @
 * a6b2dc4). Byte for byte: the inspector's own renders land in the same history as evolcore's,
 * and `npm run compare:debug` checks the two writers against each other. Pure: the caller
 * gives the clock and writes the files.
 */
import type { RenderReport, SectionDebugRecord, EngineResolveStatus, Vars } from '../engine';
import { PARAM_DESCRIPTIONS } from './param-descriptions';

/**
 * The session id written when the vars carry none as a string. evolcore always passes
 * `session.id` (the same value as its `sessionId` var); a render in the inspector may have no
 * session, and this name says in the History where such a snapshot came from **(decision)**.
 */
export const INSPECTOR_SESSION_ID = 'eck-inspector';

/** The contents of one render's debug files; `null` for a file evolcore does not write. */
export interface EvolcoreDebugFiles {
  readonly vars: string;
  /** `null` when the context is empty (evolcore writes no file then). */
  readonly context: string | null;
  /** `null` when no `needsInjection` block was rendered. */
  readonly fragments: string | null;
  readonly manifest: string;
}

/** The status words of the manifest report, by resolve status. */
const STATUS_WORDS: Readonly<Record<EngineResolveStatus, string>> = {
  ok: 'OK',
  'unresolved-vars': 'UNRESOLVED-VARS',
  'not-exist': 'NOT-EXIST',
  'skipped-disabled': 'SKIPPED(disabled)',
  'skipped-when': 'SKIPPED(when)',
  'no-path': 'NO-PATH',
};

/** Paths longer than this are shown by their last 58 characters in the table. */
const RESOLVED_CELL_MAX = 60;
const RESOLVED_CELL_TAIL = 58;

/** `YYYY-MM-DD-HH-MM-SS` in UTC: `toISOString()` with `T`, `:`, `.` → `-`, first 19 characters. */
export function debugTimestamp(now: Date): string {
  return now.toISOString().replace(/[T:.]/g, '-').slice(0, 19);
}

/** The session id of a render as evolcore's caller passes it (see INSPECTOR_SESSION_ID). */
export function sessionIdOf(vars: Vars): string {
  const id = vars.sessionId;
  return typeof id === 'string' ? id : INSPECTOR_SESSION_ID;
}

/**
 * The description the real writer looks up: `PARAM_DESCRIPTIONS[name] || ''` on a plain object,
 * so a name such as `toString` finds the inherited function (which `JSON.stringify` then drops
 * with its key) and `__proto__` finds `Object.prototype` (written `{}`). Reproduced, since the
 * file must be the same.
 */
function descriptionValue(name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(PARAM_DESCRIPTIONS, name))
    return (PARAM_DESCRIPTIONS[name] as { zh: string }).zh || '';
  const inherited: unknown = (Object.prototype as unknown as Record<string, unknown>)[name];
  return inherited || '';
}

/** `vars-<ts>.json`: `{timestamp, sessionId, params: [{name, value, description}]}`, 2-space JSON, no final newline. */
export function formatEvolcoreVarsFile(vars: Vars, sessionId: string, now: Date): string {
  const params = Object.entries(vars)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => ({ name, value, description: descriptionValue(name) }));
  return JSON.stringify({ timestamp: now.toISOString(), sessionId, params }, null, 2);
}

/** `x ? … : …` of the real code: JavaScript truthiness of a raw manifest value. */
function truthy(value: unknown): boolean {
  return Boolean(value);
}

function heading(d: SectionDebugRecord): string {
  return `### ${String(d.id)}${truthy(d.description) ? ` — ${String(d.description)}` : ''}`;
}

function tokensLine(d: SectionDebugRecord): string[] {
  if (!d.unresolvedTokens || d.unresolvedTokens.length === 0) return [];
  return [`- unresolved tokens: ${d.unresolvedTokens.map((t) => `\`${t}\``).join(', ')}`];
}

function isError(d: SectionDebugRecord): boolean {
  return d.resolveStatus === 'unresolved-vars' || d.resolveStatus === 'not-exist';
}

function errorLines(d: SectionDebugRecord): string[] {
  return [
    heading(d),
    `- status: ${STATUS_WORDS[d.resolveStatus]}`,
    `- type: ${String(d.type)}`,
    `- raw path: \`${String(d.rawPath)}\``,
    `- resolved: \`${d.resolvedPath ?? '(null)'}\``,
    ...tokensLine(d),
    '',
  ];
}

function tableRow(d: SectionDebugRecord, index: number): string {
  const rawPath = truthy(d.rawPath) ? `\`${String(d.rawPath)}\`` : '—';
  const resolved = d.resolvedPath
    ? `\`${d.resolvedPath.length > RESOLVED_CELL_MAX ? `…${d.resolvedPath.slice(-RESOLVED_CELL_TAIL)}` : d.resolvedPath}\``
    : '—';
  const cells = [
    String(index + 1),
    String(d.id),
    STATUS_WORDS[d.resolveStatus],
    String(d.type),
    rawPath,
    resolved,
    String(d.fileCount),
    d.used ? 'Y' : '·',
    d.injected ? 'Y' : '·',
  ];
  return `| ${cells.join(' | ')} |`;
}

function detailLines(d: SectionDebugRecord): string[] {
  const lines = [heading(d), `- status: ${STATUS_WORDS[d.resolveStatus]}`, `- type: ${String(d.type)}`];
  if (truthy(d.rawPath)) lines.push(`- raw path: \`${String(d.rawPath)}\``);
  if (truthy(d.pattern)) lines.push(`- pattern: \`${String(d.pattern)}\``);
  if (d.when !== undefined)
    lines.push(`- when: \`${String(JSON.stringify(d.when))}\` → ${d.whenPassed ? 'true' : 'false'}`);
  lines.push(`- needsInjection: ${truthy(d.needsInjection) ? 'true' : 'false'}`);
  lines.push(`- enabled: ${String(d.enabled)}`);
  if (d.resolvedPath) lines.push(`- resolved: \`${d.resolvedPath}\``);
  lines.push(...tokensLine(d));
  lines.push(`- file count: ${d.fileCount}`);
  if (d.emptyContent) lines.push('- note: 文件存在但渲染后内容为空');
  const o = d.dirOverflow;
  if (o) {
    lines.push(
      `- dir overflow: ${o.droppedFiles} 文件未加载（达${o.reason === 'files' ? '文件数' : '字节'}上限 ${String(o.limit)}）`,
    );
  }
  if (d.skippedByTotalCap) lines.push('- skipped: 总闸超限未加载');
  lines.push(`- used in output: ${d.used ? 'yes' : 'no'}`);
  lines.push(`- injected as fragment: ${d.injected ? 'yes' : 'no'}`);
  lines.push('');
  return lines;
}

/** `manifest-<ts>.md` (`formatManifestDiagnostics`): counts, errors, the table, the details. */
export function formatEvolcoreManifestReport(
  records: readonly SectionDebugRecord[],
  sessionId: string,
  now: Date,
): string {
  const used = records.filter((d) => d.used).length;
  const skippedWhen = records.filter((d) => d.resolveStatus === 'skipped-when').length;
  const errors = records.filter(isError);
  const lines = [
    '# ECK Manifest Diagnostics',
    '',
    `- timestamp: ${now.toISOString()}`,
    `- sessionId: ${sessionId}`,
    `- sections total: ${records.length}`,
    `- sections used: ${used}`,
    `- sections skipped (when=false): ${skippedWhen}`,
    `- sections with errors (unresolved-vars/not-exist): ${errors.length}`,
    '',
  ];
  if (errors.length > 0) lines.push('## Errors', '', ...errors.flatMap(errorLines));
  lines.push(
    '## All sections',
    '',
    '| order | id | status | type | raw path | resolved | files | used | injected |',
    '|---|---|---|---|---|---|---|---|---|',
    ...records.map(tableRow),
    '',
    '## Section details',
    '',
    ...records.flatMap(detailLines),
  );
  return lines.join('\n');
}

/**
 * The files of one render, or `null` when evolcore would write none: its render throws before
 * the writer runs (`report.failure`, e.g. a section without `when`).
 */
export function evolcoreDebugFiles(report: RenderReport, now: Date): EvolcoreDebugFiles | null {
  if (report.failure !== null) return null;
  const sessionId = sessionIdOf(report.vars);
  return {
    vars: formatEvolcoreVarsFile(report.vars, sessionId, now),
    context: report.context === '' ? null : report.context,
    fragments: report.fragments === '' ? null : report.fragments,
    manifest: formatEvolcoreManifestReport(
      report.sections.map((s) => s.debug),
      sessionId,
      now,
    ),
  };
}

/**
 * The inspector's EARLIER formats of the four eck-debug files (before docs/engine.md §14 made it
 * write evolcore's own, `evolcore-format.ts`). No longer written by the app; kept because the
 * History still reads snapshots in these formats, and the tests and the history bench make such
 * snapshots with them. The manifest report has its own file (`manifest-report-format.ts`).
 */
import type { RenderReport } from '../engine';
import { isPlainObject } from '../base/is-plain-object';

export { formatManifestReport } from './manifest-report-format';

/**
 * Chinese description of a var, as the vars catalog gives it (`describeVarZh`). Passed in rather
 * than imported so this layer does not depend on the catalog's shape.
 */
export type DescribeVar = (name: string) => string | null | undefined;

/** One entry of `vars-<ts>.json`. */
export interface VarsFileEntry {
  readonly value: unknown;
  readonly description: string;
}

/**
 * JSON replacer that keeps every var visible: `undefined` would vanish from the file (and the
 * var with it), so it is written as `null`; a bigint (not JSON) as its decimal string.
 */
function keepValues(_key: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * The entries of `vars-<ts>.json`: every effective var (the given ones, then the derived path
 * vars) with its value and its Chinese description. The report's effective vars win over the
 * given ones, because that is what the render used.
 */
export function varsFileEntries(
  report: RenderReport,
  vars: unknown,
  describe: DescribeVar,
): Record<string, VarsFileEntry> {
  const effective: Record<string, unknown> = { ...(isPlainObject(vars) ? vars : {}), ...report.vars };
  for (const [name, value] of Object.entries(report.pathVars))
    if (!(name in effective)) effective[name] = value;
  const entries: Record<string, VarsFileEntry> = {};
  for (const [name, value] of Object.entries(effective)) {
    entries[name] = { value: value === undefined ? null : value, description: describe(name) ?? '' };
  }
  return entries;
}

/** `vars-<ts>.json`: `{ "<name>": { "value": <v>, "description": "<中文说明>" } }`, pretty-printed. */
export function formatVarsFile(report: RenderReport, vars: unknown, describe: DescribeVar): string {
  return `${JSON.stringify(varsFileEntries(report, vars, describe), keepValues, 2)}\n`;
}

/** `context-<ts>.md`: exactly the context the agent gets, nothing added. */
export function formatContextFile(report: RenderReport): string {
  return report.context;
}

/**
 * `fragments-<ts>.md`: only the sections rendered as templates (`needsInjection`), each under
 * one header line, so `{{}}` substitutions can be checked without the raw files around them.
 * The text of each is its span of the context, verbatim.
 */
export function formatFragmentsFile(report: RenderReport): string {
  const parts: string[] = [`# ECK fragments — ${report.manifestFile}`];
  let count = 0;
  for (const section of report.sections) {
    if (!section.needsInjection || section.span === null) continue;
    count++;
    const label = section.description ? `${section.id} — ${section.description}` : section.id;
    const text = report.context.slice(section.span.start, section.span.end);
    parts.push(`## ${label} (order ${section.order ?? '?'}, ${text.length} chars)\n\n${text}`);
  }
  if (count === 0) parts.push('(no template section was loaded)');
  return `${parts.join('\n\n')}\n`;
}

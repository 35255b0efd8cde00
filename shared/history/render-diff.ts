/**
 * Differences between two renders at three levels: the vars
 * that differ, the sections whose status, bytes or files differ, and whether the context text
 * does; each section difference labelled by its cause where it can be told.
 */
import type { RenderFacts, SectionFacts } from './section-facts';

/** Why a section came out differently. */
export type DiffCause = 'vars-changed' | 'manifest-changed' | 'file-content-changed' | 'budget-cut';

/** Every cause, in the order the UI lists them. */
export const DIFF_CAUSES: readonly DiffCause[] = [
  'vars-changed',
  'manifest-changed',
  'file-content-changed',
  'budget-cut',
];

/** One var that differs. `undefined` is "not set" (JSON drops it: `present` tells). */
export interface VarDifference {
  readonly name: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly presentBefore: boolean;
  readonly presentAfter: boolean;
}

/** One section that differs. */
export interface SectionDifference {
  readonly id: string;
  /** `null` when the section is absent on that side. */
  readonly before: SectionFacts | null;
  readonly after: SectionFacts | null;
  /** What differs: `status`, `bytes`, `files`, `truncated`, `presence`. */
  readonly fields: readonly string[];
  /** The causes that can be told; empty when none can. */
  readonly causes: readonly DiffCause[];
}

/** The whole comparison. */
export interface RenderDiff {
  readonly vars: readonly VarDifference[];
  readonly sections: readonly SectionDifference[];
  /** Manifest-level changes: the file, the budgets, the set or order of sections. */
  readonly manifest: readonly string[];
  /** `null` when one side has no context text to compare. */
  readonly contextEqual: boolean | null;
  /** Nothing differs at any level that could be compared. */
  readonly identical: boolean;
}

/** Key-order-independent JSON, so `{a,b}` and `{b,a}` compare equal. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`).join(',')}}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Vars that differ, by name (sorted). */
export function diffVars(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): VarDifference[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: VarDifference[] = [];
  for (const name of names) {
    const presentBefore = Object.prototype.hasOwnProperty.call(before, name);
    const presentAfter = Object.prototype.hasOwnProperty.call(after, name);
    const a = before[name];
    const b = after[name];
    if (presentBefore === presentAfter && stableJson(a) === stableJson(b)) continue;
    out.push({ name, before: a, after: b, presentBefore, presentAfter });
  }
  return out;
}

function manifestChanges(a: RenderFacts, b: RenderFacts): string[] {
  const out: string[] = [];
  // A record that does not name its manifest file (evolcore's do not) is unknown, not changed:
  // calling it a change would label every section "manifest changed".
  if (a.manifestFile !== null && b.manifestFile !== null && a.manifestFile !== b.manifestFile)
    out.push(`manifest file ${a.manifestFile} → ${b.manifestFile}`);
  if (a.maxFiles !== null && b.maxFiles !== null && a.maxFiles !== b.maxFiles)
    out.push(`total maxFiles ${a.maxFiles} → ${b.maxFiles}`);
  if (a.maxBytes !== null && b.maxBytes !== null && a.maxBytes !== b.maxBytes)
    out.push(`total maxBytes ${a.maxBytes} → ${b.maxBytes}`);
  const idsA = a.sections.map((s) => s.id);
  const idsB = b.sections.map((s) => s.id);
  const added = idsB.filter((id) => !idsA.includes(id));
  const removed = idsA.filter((id) => !idsB.includes(id));
  if (added.length) out.push(`sections added: ${added.join(', ')}`);
  if (removed.length) out.push(`sections removed: ${removed.join(', ')}`);
  const common = idsA.filter((id) => idsB.includes(id));
  const orderB = idsB.filter((id) => idsA.includes(id));
  if (common.join('\n') !== orderB.join('\n')) out.push('sections reordered');
  return out;
}

function changedFields(a: SectionFacts, b: SectionFacts): string[] {
  const out: string[] = [];
  if (a.status !== b.status || a.loaded !== b.loaded) out.push('status');
  if (a.bytes !== b.bytes) out.push('bytes');
  if (a.files !== b.files) out.push('files');
  if (a.truncated !== b.truncated || a.overTotal !== b.overTotal) out.push('truncated');
  return out;
}

/**
 * The causes of one section's difference, as far as the two records tell:
 * - the total gate or a folder limit cut it on one side only → budget cut;
 * - absent on one side, a different order, or manifest-level changes → manifest changed;
 * - its `when` came out differently, or anything differs while vars differ → vars changed;
 * - same vars, same manifest, same status but other bytes or files → file content changed.
 */
export function sectionCauses(
  a: SectionFacts | null,
  b: SectionFacts | null,
  varsDiffer: boolean,
  manifestDiffers: boolean,
): DiffCause[] {
  if (a === null || b === null) return ['manifest-changed'];
  const causes = new Set<DiffCause>();
  if (a.overTotal !== b.overTotal || a.truncated !== b.truncated) causes.add('budget-cut');
  if (a.order !== b.order || manifestDiffers) causes.add('manifest-changed');
  if (varsDiffer && (a.whenResult !== b.whenResult || a.status !== b.status || a.bytes !== b.bytes))
    causes.add('vars-changed');
  const sameStatus = a.status === b.status && a.loaded === b.loaded;
  if (!varsDiffer && !manifestDiffers && sameStatus && (a.bytes !== b.bytes || a.files !== b.files))
    causes.add('file-content-changed');
  // Same vars and manifest but a different status (a path appeared or vanished): the files did it.
  if (!varsDiffer && !manifestDiffers && !sameStatus && causes.size === 0) causes.add('file-content-changed');
  return DIFF_CAUSES.filter((c) => causes.has(c));
}

/** Compares two renders' facts, vars and context texts. Any side may be missing (`null`). */
export function diffRenders(input: {
  readonly varsBefore: Readonly<Record<string, unknown>> | null;
  readonly varsAfter: Readonly<Record<string, unknown>> | null;
  readonly factsBefore: RenderFacts | null;
  readonly factsAfter: RenderFacts | null;
  readonly contextBefore: string | null;
  readonly contextAfter: string | null;
  /** Manifest changes known from outside the records (a replay with the draft override). */
  readonly manifestNotes?: readonly string[];
}): RenderDiff {
  const vars =
    input.varsBefore !== null && input.varsAfter !== null ? diffVars(input.varsBefore, input.varsAfter) : [];
  const a = input.factsBefore;
  const b = input.factsAfter;
  const manifest = [
    ...(input.manifestNotes ?? []),
    ...(a !== null && b !== null ? manifestChanges(a, b) : []),
  ];
  const sections: SectionDifference[] = [];
  if (a !== null && b !== null) {
    const byIdB = new Map(b.sections.map((s) => [s.id, s]));
    const seen = new Set<string>();
    const visit = (id: string, before: SectionFacts | null, after: SectionFacts | null): void => {
      const fields = before === null || after === null ? ['presence'] : changedFields(before, after);
      if (fields.length === 0) return;
      const causes = sectionCauses(before, after, vars.length > 0, manifest.length > 0);
      sections.push({ id, before, after, fields, causes });
    };
    for (const s of a.sections) {
      seen.add(s.id);
      visit(s.id, s, byIdB.get(s.id) ?? null);
    }
    for (const s of b.sections) if (!seen.has(s.id)) visit(s.id, null, s);
  }
  const contextEqual =
    input.contextBefore !== null && input.contextAfter !== null
      ? input.contextBefore === input.contextAfter
      : null;
  return {
    vars,
    sections,
    manifest,
    contextEqual,
    identical: vars.length === 0 && sections.length === 0 && manifest.length === 0 && contextEqual !== false,
  };
}

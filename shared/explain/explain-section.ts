/**
 * Turns one SectionReport into a structured reason with its values: the condition
 * with each var's value, the smallest fix of a false one, the tokens and vars of an
 * unresolved path, the path looked for, the limit over-total crossed and by how much, the
 * invalid reason, and which origin disabled a section.
 */
import type { SectionReport, TotalsReport, Vars } from '../engine';
import { assertNever } from '../base/assert-never';
import { explainCondition, fixCondition } from './condition';
import type { OverTotalExplanation, SectionExplanation, StatusReason } from './types';
import { explainTokens } from './unresolved';

/** What of the whole render an explanation needs besides the section. */
export interface ExplainContext {
  readonly totals: Pick<TotalsReport, 'maxFiles' | 'maxBytes' | 'overTotal'>;
  /** The render's effective vars (given vars plus derived path vars). */
  readonly vars: Vars;
  /** Every section of the render: the gate's cut is the one it tripped in. */
  readonly sections?: readonly SectionReport[];
}

function overTotalOf(section: SectionReport, ctx: ExplainContext): OverTotalExplanation | null {
  const o = section.overTotal;
  if (o === null) return null;
  const { maxFiles, maxBytes } = ctx.totals;
  // The gate trips while one section's files are taken; the note lists only the later ones.
  const first =
    ctx.sections?.find((x) => x.overTotal !== null && !x.overTotal.afterCut)?.id ??
    ctx.totals.overTotal[0] ??
    null;
  return {
    limit: o.limit,
    filesBefore: o.filesBefore,
    bytesBefore: o.bytesBefore,
    files: o.files,
    bytes: o.bytes,
    maxFiles,
    maxBytes,
    bytesOver: o.bytesBefore + o.bytes - maxBytes,
    filesOver: o.filesBefore + o.files - maxFiles,
    afterCut: o.afterCut,
    firstCut: first !== null && first !== section.id ? first : null,
  };
}

function reasonOf(section: SectionReport, ctx: ExplainContext): StatusReason {
  switch (section.status) {
    case 'ok':
      return {
        status: 'ok',
        files: section.files.length,
        bytes: section.bytes,
        truncated: section.truncated !== null,
      };
    case 'disabled':
      return {
        status: 'disabled',
        by: section.fieldOrigins['enabled'] ?? null,
        sectionOrigin: section.origin,
      };
    case 'when-false': {
      const condition = explainCondition(section.when, ctx.vars);
      return { status: 'when-false', condition, fix: fixCondition(condition) };
    }
    case 'unresolved-vars':
      return {
        status: 'unresolved-vars',
        rawPath: section.rawPath,
        tokens: explainTokens(section.unresolved, ctx.vars),
      };
    case 'not-exist':
      return {
        status: 'not-exist',
        path: section.missingPath ?? section.resolvedPath,
        rawPath: section.rawPath,
        displayPath: section.displayPath,
        readError: section.readError,
      };
    case 'over-total':
      return { status: 'over-total', overTotal: overTotalOf(section, ctx) };
    case 'invalid':
      return { status: 'invalid', reason: section.invalidReason ?? '' };
    default:
      return assertNever(section.status);
  }
}

/** The explanation of one section of a render. */
export function explainSection(section: SectionReport, ctx: ExplainContext): SectionExplanation {
  return {
    id: section.id,
    status: section.status,
    condition: explainCondition(section.when, ctx.vars),
    conditionOrigin: section.fieldOrigins['when'] ?? null,
    reason: reasonOf(section, ctx),
  };
}

/** Explanations of every section of a render, in merged order. */
export function explainSections(
  sections: readonly SectionReport[],
  ctx: ExplainContext,
): SectionExplanation[] {
  return sections.map((s) => explainSection(s, ctx));
}

/**
 * Verify: the scenario rendered by our engine and by the user's installed evolcore
 * (or evolclaw), side by side. Ours runs in-process; theirs in its box (run-installed-engine.ts)
 * with the vars our render used — the effective vars, path vars included — the same session id
 * and the manifest file our render chose, so a difference is the engines', not the inputs'.
 */
import path from 'node:path';
import type { RenderInput, RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { compareWithReport, type ContextComparison } from '../../shared/verify/compare-contexts';
import { createNodeFs } from '../services/node-fs';
import { findInstalledEngine, type EngineLookup } from './find-engine';
import { runInstalledEngine } from './run-installed-engine';

/** What Verify found. */
export type VerifyOutcome =
  | { readonly kind: 'no-engine'; readonly lookup: Extract<EngineLookup, { found: false }> }
  | {
      readonly kind: 'engine-failed';
      readonly engine: VerifiedEngine;
      readonly reason: 'timeout' | 'threw' | 'crashed';
      readonly message: string;
      readonly ms: number;
      /** Our render failed too (a render evolcore would fail): then both fail alike. */
      readonly oursFailed: boolean;
    }
  | {
      readonly kind: 'compared';
      readonly engine: VerifiedEngine;
      readonly comparison: ContextComparison;
      /** What the user's engine sends (for "what your evolcore sends"). */
      readonly installedContext: string;
      readonly oursContext: string;
      readonly ms: number;
      /** Debug files the engine wrote into its scratch home (kept out of the user's history). */
      readonly engineDebugFiles: readonly string[];
    };

/** The engine that was run, in the answer's words. */
export interface VerifiedEngine {
  readonly file: string;
  /** The file relative to the package root, as the answer names it. */
  readonly relative: string;
  readonly how: 'option' | 'package-entry' | 'search';
  readonly product: { readonly name: string; readonly version: string | null };
}

export interface VerifyOptions {
  readonly engineFile?: string;
  readonly timeoutMs?: number;
}

/** Renders `input` with both engines and compares. */
export async function verifyRender(input: RenderInput, options: VerifyOptions = {}): Promise<VerifyOutcome> {
  const packageRoot = path.resolve(input.packageRoot);
  const lookup = findInstalledEngine(packageRoot, options.engineFile);
  if (!lookup.found) return { kind: 'no-engine', lookup };
  const engine: VerifiedEngine = {
    file: lookup.file,
    relative: path.relative(packageRoot, lookup.file) || lookup.file,
    how: lookup.how,
    product: lookup.product,
  };
  const ours: RenderReport = renderContext(input, createNodeFs());
  const run = await runInstalledEngine({
    engineFile: lookup.file,
    userHome: path.resolve(input.home),
    vars: ours.vars,
    sessionId: String(ours.vars['sessionId'] ?? 'eck-verify'),
    manifestFile: ours.manifestFile,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (!run.ok) {
    return {
      kind: 'engine-failed',
      engine,
      reason: run.reason,
      message: run.message,
      ms: run.ms,
      oursFailed: ours.failure !== null || !ours.rendered,
    };
  }
  return {
    kind: 'compared',
    engine,
    comparison: compareWithReport(ours, run.context),
    installedContext: run.context,
    oursContext: ours.context,
    ms: run.ms,
    engineDebugFiles: run.debugFiles,
  };
}

/** "evolcore 0.0.27 (dist/eck/kit-renderer.js)". */
export function engineName(engine: VerifiedEngine): string {
  return `${engine.product.name}${engine.product.version === null ? '' : ` ${engine.product.version}`} (${engine.relative})`;
}

/** The answer in one English line (the CLI's; the UI words its own, en and zh). */
export function verifySummary(outcome: VerifyOutcome): string {
  switch (outcome.kind) {
    case 'no-engine':
      return `no installed engine to verify against: ${outcome.lookup.why}; looked at ${outcome.lookup.looked.join(', ')}`;
    case 'engine-failed':
      return `your ${engineName(outcome.engine)} could not render this scenario: ${outcome.message}${outcome.oursFailed ? ' (the inspector also shows this render as failed)' : ''}`;
    case 'compared': {
      const c = outcome.comparison;
      if (c.identical)
        return `your ${engineName(outcome.engine)} renders this scenario identically (${c.lines} lines)`;
      const n = c.sections.length;
      return `your ${engineName(outcome.engine)} renders this scenario differently: ${n} section${n === 1 ? '' : 's'}${n > 0 ? ` (${c.sections.join(', ')})` : ''}, first at line ${c.firstLine}`;
    }
  }
}

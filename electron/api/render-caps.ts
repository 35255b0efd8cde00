/**
 * A render as it leaves the main side, capped: `render`, `getLastRender`,
 * `renderDraft` and the pushed `onDidRender`. Three vars of 4 MiB made a 63 MB answer: each value
 * is carried by the scenario, the report's vars, every `when` that reads it and every `{{?…}}`
 * trace. A value over `MAX_SHOWN_TEXT_BYTES` is replaced by its marker in all those places, and
 * so is a context or fragments text over it; the rest of the report (sections, statuses, spans,
 * totals) is sent as it is, so the Timeline still shows what happened.
 *
 * The main side keeps the full render (replay and the debug files need it); only what is sent
 * is cut. The scenario of `getScenario` / `getWorkspace` is not cut: a client that edits it
 * would send the marker back as the value.
 */
import type { RenderResult, RenderTooLarge } from '../../shared/api/models';
import type { TooLarge, TooLargeMarker } from '../../shared/api/answer-caps';
import { MAX_ANSWER_BYTES, MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import type { RenderReport, SectionReport, WhenNode } from '../../shared/engine';
import { jsonBytes } from '../services/answer-size';

type Read = WhenNode['reads'][number];

/** Bytes of a text, counted only when it could be over `cap` (a UTF-16 unit is at most 3 bytes). */
function textBytes(text: string, cap: number): number {
  return text.length * 3 <= cap ? text.length : Buffer.byteLength(text, 'utf8');
}

/** Replaces var values and texts in one render; `cut` says which. */
function cutRender(
  result: RenderResult,
  /** The vars cut, each with the cap it is over. */
  cutVars: ReadonlyMap<string, number>,
  cut: RenderTooLarge,
): RenderResult {
  const sizes = new Map<string, number>();
  const marker = (name: string, value: unknown): TooLargeMarker => {
    let bytes = sizes.get(name);
    if (bytes === undefined) sizes.set(name, (bytes = jsonBytes(value)));
    return { tooLarge: tooLarge(bytes, cutVars.get(name) ?? MAX_SHOWN_TEXT_BYTES) };
  };
  const cutMap = (vars: Readonly<Record<string, unknown>>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...vars };
    for (const name of Object.keys(out)) if (cutVars.has(name)) out[name] = marker(name, out[name]);
    return out;
  };
  const cutReads = (reads: readonly Read[]): readonly Read[] =>
    reads.some((r) => cutVars.has(r.name))
      ? reads.map((r) => (cutVars.has(r.name) ? { ...r, value: marker(r.name, r.value) } : r))
      : reads;
  const cutTree = (node: WhenNode): WhenNode => ({
    ...node,
    reads: cutReads(node.reads),
    children: node.children.map(cutTree),
  });
  const cutSection = (s: SectionReport): SectionReport => ({
    ...s,
    when: {
      ...s.when,
      reads: cutReads(s.when.reads),
      tree: s.when.tree === null ? null : cutTree(s.when.tree),
    },
    trace: s.trace.map((t) => (cutVars.has(t.key) ? { ...t, actual: marker(t.key, t.actual) } : t)),
  });
  const report: RenderReport = {
    ...result.report,
    context: cut.context === null ? result.report.context : '',
    fragments: cut.fragments === null ? result.report.fragments : '',
    vars: cutMap(result.report.vars),
    sections: cutVars.size === 0 ? result.report.sections : result.report.sections.map(cutSection),
  };
  return {
    ...result,
    scenario: { ...result.scenario, vars: cutMap(result.scenario.vars) },
    report,
    tooLarge: cut,
  };
}

/**
 * The render as it may be sent: itself when it fits, else with its largest texts as markers.
 * `answerCap`: the share of `MAX_ANSWER_BYTES` it may take (an answer carrying two renders
 * gives each half).
 */
export function capRenderResult(result: RenderResult, answerCap = MAX_ANSWER_BYTES): RenderResult {
  const { report, scenario } = result;
  // Every var's value, once: the scenario's and the report's (derived path vars are short).
  const values = new Map<string, number>();
  for (const vars of [scenario.vars, report.vars]) {
    for (const [name, value] of Object.entries(vars)) {
      if (!values.has(name)) values.set(name, jsonBytes(value, MAX_SHOWN_TEXT_BYTES));
    }
  }
  const cutVars = new Map(
    [...values].filter(([, bytes]) => bytes > MAX_SHOWN_TEXT_BYTES).map(([n]) => [n, MAX_SHOWN_TEXT_BYTES]),
  );
  const contextBytes = textBytes(report.context, MAX_SHOWN_TEXT_BYTES);
  const fragmentsBytes = textBytes(report.fragments, MAX_SHOWN_TEXT_BYTES);
  let context: TooLarge | null =
    contextBytes > MAX_SHOWN_TEXT_BYTES ? tooLarge(contextBytes, MAX_SHOWN_TEXT_BYTES) : null;
  let fragments: TooLarge | null =
    fragmentsBytes > MAX_SHOWN_TEXT_BYTES ? tooLarge(fragmentsBytes, MAX_SHOWN_TEXT_BYTES) : null;
  const untouched = cutVars.size === 0 && context === null && fragments === null;
  if (untouched && jsonBytes(result, answerCap) <= answerCap) return result;
  const names = (): string[] => [...cutVars.keys()].sort();
  let out = cutRender(result, cutVars, { context, fragments, vars: names() });
  // Still over the answer's cap (many values each under the text cap): the largest go next.
  const next = [
    ...[...values].filter(([n]) => !cutVars.has(n)).map(([name, bytes]) => ({ name, bytes })),
    ...(context === null ? [{ name: '\u0000context', bytes: contextBytes }] : []),
    ...(fragments === null ? [{ name: '\u0000fragments', bytes: fragmentsBytes }] : []),
  ].sort((a, b) => b.bytes - a.bytes);
  for (const item of next) {
    if (jsonBytes(out, answerCap) <= answerCap) break;
    if (item.name === '\u0000context') context = tooLarge(item.bytes, answerCap);
    else if (item.name === '\u0000fragments') fragments = tooLarge(item.bytes, answerCap);
    else cutVars.set(item.name, answerCap);
    out = cutRender(result, cutVars, { context, fragments, vars: names() });
  }
  return out;
}

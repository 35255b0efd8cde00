/**
 * Two snapshots compared (`diffSnapshots`), capped: a context over its cap
 * is not diffed but named by its marker, and an answer still over `MAX_ANSWER_BYTES` sends its
 * largest context, then its largest var values, as markers.
 */
import type { SnapshotDetail, SnapshotDiff } from '../../shared/api/history-models';
import type { TooLarge } from '../../shared/api/answer-caps';
import { MAX_ANSWER_BYTES, tooLarge } from '../../shared/api/answer-caps';
import { diffRenders } from '../../shared/history/render-diff';
import type { VarDifference } from '../../shared/history/render-diff';
import { factsOfParsedReport } from '../../shared/history/section-facts';
import type { HistoryIndex } from './history-index';
import { jsonBytes } from '../services/answer-size';
import { readSnapshotDetail } from './snapshot-reads';

/**
 * A snapshot's context text; for evolcore's format, which writes no file for an empty context,
 * an absent file is the empty context.
 */
function recordedContext(detail: SnapshotDetail): string | null {
  const file = detail.files.context;
  if (file.ok) return file.text;
  return file.name === null && detail.report?.source === 'evolcore' ? '' : null;
}

/** Compares two snapshots of the index. */
export async function diffSnapshots(index: HistoryIndex, a: string, b: string): Promise<SnapshotDiff> {
  const [da, db] = await Promise.all([readSnapshotDetail(index, a), readSnapshotDetail(index, b)]);
  const markerA = da.files.context.ok ? null : (da.files.context.tooLarge ?? null);
  const markerB = db.files.context.ok ? null : (db.files.context.tooLarge ?? null);
  // Either side too large: no context is compared (one text against nothing is no diff).
  const contextA = (markerA ?? markerB) ? null : recordedContext(da);
  const contextB = (markerA ?? markerB) ? null : recordedContext(db);
  const diff = diffRenders({
    varsBefore: da.vars?.vars ?? null,
    varsAfter: db.vars?.vars ?? null,
    factsBefore: da.report ? factsOfParsedReport(da.report, contextA) : null,
    factsAfter: db.report ? factsOfParsedReport(db.report, contextB) : null,
    contextBefore: contextA,
    contextAfter: contextB,
  });
  return fitDiff({ a, b, diff, contextA, contextB, tooLarge: { a: markerA, b: markerB } });
}

/** The comparison under `MAX_ANSWER_BYTES`: the largest context first, then var values. */
export function fitDiff(answer: SnapshotDiff): SnapshotDiff {
  let out = answer;
  let size = jsonBytes(out, MAX_ANSWER_BYTES);
  const contextMarker = (text: string): TooLarge => tooLarge(Buffer.byteLength(text), MAX_ANSWER_BYTES);
  while (size > MAX_ANSWER_BYTES && (out.contextA !== null || out.contextB !== null)) {
    const takeA = (out.contextA?.length ?? -1) >= (out.contextB?.length ?? -1);
    out = takeA
      ? { ...out, contextA: null, tooLarge: { ...out.tooLarge, a: contextMarker(out.contextA ?? '') } }
      : { ...out, contextB: null, tooLarge: { ...out.tooLarge, b: contextMarker(out.contextB ?? '') } };
    size = jsonBytes(out, MAX_ANSWER_BYTES);
  }
  if (size <= MAX_ANSWER_BYTES) return out;
  // Var values, largest first, each side on its own.
  const values = out.diff.vars
    .flatMap((v, i) => [
      { i, side: 'before' as const, bytes: jsonBytes(v.before) },
      { i, side: 'after' as const, bytes: jsonBytes(v.after) },
    ])
    .sort((x, y) => y.bytes - x.bytes);
  const vars: VarDifference[] = [...out.diff.vars];
  for (const { i, side, bytes } of values) {
    if (size <= MAX_ANSWER_BYTES) break;
    const v = vars[i] as VarDifference;
    vars[i] = { ...v, [side]: { tooLarge: tooLarge(bytes, MAX_ANSWER_BYTES) } };
    size -= bytes;
  }
  return { ...out, diff: { ...out.diff, vars } };
}

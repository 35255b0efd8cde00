/**
 * What a draft changes in the render: sections whose status or bytes move, the size of the
 * context, and the offset from which the prompt-cache prefix would no longer match.
 */
import type { RenderReport, SectionStatus } from '../engine';
import { utf8Length } from '../base/utf8';

/** One section whose outcome differs between the saved and the draft render. */
export interface SectionChange {
  readonly id: string;
  /** `null`: the section is not in that render (added or removed by the draft). */
  readonly before: SectionStatus | null;
  readonly after: SectionStatus | null;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  readonly orderBefore: number | null;
  readonly orderAfter: number | null;
}

/** The saved render against the draft render. */
export interface DraftComparison {
  readonly changes: readonly SectionChange[];
  /** UTF-8 bytes of the context text. */
  readonly contextBytesBefore: number;
  readonly contextBytesAfter: number;
  /** Raw bytes the budgets count. */
  readonly loadedBytesBefore: number;
  readonly loadedBytesAfter: number;
  /** First UTF-16 offset where the contexts differ; `null` when they are identical. */
  readonly prefixOffset: number | null;
  /** UTF-8 bytes of the unchanged prefix (what a prompt cache could still reuse). */
  readonly prefixBytes: number;
  /** The section whose block holds `prefixOffset` in the draft render, when any. */
  readonly prefixSection: string | null;
}

/** First index where `a` and `b` differ, or `null` when equal. */
export function firstDifference(a: string, b: string): number | null {
  if (a === b) return null;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Never split a surrogate pair: the prefix ends before a whole character.
  if (i > 0 && i < n) {
    const c = a.charCodeAt(i - 1);
    if (c >= 0xd800 && c <= 0xdbff) i--;
  }
  return i;
}

/** Compares the render without the draft (`saved`) with the render with it (`draft`). */
export function compareRenders(saved: RenderReport, draft: RenderReport): DraftComparison {
  const before = new Map(saved.sections.map((s) => [s.id, s]));
  const after = new Map(draft.sections.map((s) => [s.id, s]));
  const ids = [
    ...draft.sections.map((s) => s.id),
    ...saved.sections.map((s) => s.id).filter((id) => !after.has(id)),
  ];
  const changes: SectionChange[] = [];
  for (const id of ids) {
    const b = before.get(id);
    const a = after.get(id);
    const change: SectionChange = {
      id,
      before: b?.status ?? null,
      after: a?.status ?? null,
      bytesBefore: b?.bytes ?? 0,
      bytesAfter: a?.bytes ?? 0,
      orderBefore: b?.order ?? null,
      orderAfter: a?.order ?? null,
    };
    if (
      change.before !== change.after ||
      change.bytesBefore !== change.bytesAfter ||
      change.orderBefore !== change.orderAfter
    ) {
      changes.push(change);
    }
  }
  const prefixOffset = firstDifference(saved.context, draft.context);
  const prefixSection =
    prefixOffset === null
      ? null
      : (draft.sections.find(
          (s) => s.span !== null && s.span.start <= prefixOffset && prefixOffset < s.span.end,
        )?.id ?? null);
  return {
    changes,
    contextBytesBefore: utf8Length(saved.context),
    contextBytesAfter: utf8Length(draft.context),
    loadedBytesBefore: saved.totals.bytes,
    loadedBytesAfter: draft.totals.bytes,
    prefixOffset,
    prefixBytes: utf8Length(saved.context.slice(0, prefixOffset ?? saved.context.length)),
    prefixSection,
  };
}

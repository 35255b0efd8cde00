/**
 * What-if over history: one snapshot rendered now without and with the draft
 * override; it is listed when its loaded sections, truncation or context size would change.
 */
import type { RenderFacts } from './section-facts';

/** How one snapshot's render would change under the draft. */
export interface WhatIfChange {
  readonly key: string;
  /** Sections loaded now that the draft would drop, and the other way round. */
  readonly sectionsLost: readonly string[];
  readonly sectionsGained: readonly string[];
  readonly truncatedBefore: boolean;
  readonly truncatedAfter: boolean;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

/** A render reduced to what what-if compares. */
export interface WhatIfSide {
  readonly facts: RenderFacts;
  readonly contextBytes: number;
}

function loadedIds(facts: RenderFacts): string[] {
  return facts.sections.filter((s) => s.loaded).map((s) => s.id);
}

function truncated(facts: RenderFacts): boolean {
  return facts.sections.some((s) => s.truncated || s.overTotal);
}

/** The change of one snapshot, or `null` when the draft changes none of the three. */
export function whatIfChange(key: string, before: WhatIfSide, after: WhatIfSide): WhatIfChange | null {
  const a = loadedIds(before.facts);
  const b = loadedIds(after.facts);
  const change: WhatIfChange = {
    key,
    sectionsLost: a.filter((id) => !b.includes(id)),
    sectionsGained: b.filter((id) => !a.includes(id)),
    truncatedBefore: truncated(before.facts),
    truncatedAfter: truncated(after.facts),
    bytesBefore: before.contextBytes,
    bytesAfter: after.contextBytes,
  };
  const same =
    change.sectionsLost.length === 0 &&
    change.sectionsGained.length === 0 &&
    change.truncatedBefore === change.truncatedAfter &&
    change.bytesBefore === change.bytesAfter;
  return same ? null : change;
}

/**
 * "Did you mean …?" for var names: a typo such as `chattype` or `chatTyep` in a vars object
 * silently renders as if the var were absent, so the vars editor flags it with a suggestion.
 */

import { VAR_NAMES, getVarSpec } from './catalog';

/** An own key of a vars object that the catalog does not know, with the closest known name. */
export interface UnknownVar {
  readonly name: string;
  readonly suggestion: string | null;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transposition), so a swapped
 * pair such as `Tyep`/`Type` costs 1 like any single typo.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return at(rows - 1, cols - 1);
}

/**
 * The known name `name` most likely meant, or `null`. An exact match needs no suggestion
 * (`null`); a case-insensitive match wins (`chattype` → `chatType`); otherwise the closest
 * name within edit distance 2, compared case-insensitively (1 for names of 3 characters or
 * fewer, where 2 edits would make almost anything match). Ties go to the earlier known name.
 */
export function suggestVarName(name: string, known: readonly string[] = VAR_NAMES): string | null {
  if (known.includes(name)) return null;
  const lower = name.toLowerCase();
  const caseMatch = known.find((k) => k.toLowerCase() === lower);
  if (caseMatch !== undefined) return caseMatch;
  const limit = name.length <= 3 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    // Length difference is a lower bound of the distance: skip the table for hopeless candidates.
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Own keys of `vars` the catalog does not know, in key order, each with its suggestion. */
export function findUnknownVars(vars: object): UnknownVar[] {
  return Object.keys(vars)
    .filter((name) => getVarSpec(name) === undefined)
    .map((name) => ({ name, suggestion: suggestVarName(name) }));
}

/**
 * Block ids of a file as runs, as the index stores them: a snapshot that repeats an earlier
 * render uses that render's blocks in the same order, so its ids are long runs of consecutive
 * numbers. `[5, -3, 40]` is 5, 6, 7, 8, 40: an id, then a negative count of ids each one more
 * than the one before. This keeps the index a fraction of the size of the id lists.
 */

/** More ids than any file can have. */
const MAX_IDS = 1 << 20;

/** `ids` as runs. */
export function toRuns(ids: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < ids.length) {
    const first = ids[i] as number;
    let n = 0;
    while (i + n + 1 < ids.length && ids[i + n + 1] === first + n + 1) n++;
    out.push(first);
    if (n > 0) out.push(-n);
    i += n + 1;
  }
  return out;
}

/** The ids of runs; `null` when they are not runs (a negative count with no id before it). */
export function fromRuns(runs: readonly number[]): number[] | null {
  const ids: number[] = [];
  for (const r of runs) {
    if (!Number.isInteger(r)) return null;
    if (r >= 0) ids.push(r);
    else {
      // No file has this many blocks (64 MiB / the smallest block): a damaged record, not a run.
      if (ids.length === 0 || ids.length - r > MAX_IDS) return null;
      let last = ids[ids.length - 1] as number;
      for (let k = 0; k < -r; k++) ids.push(++last);
    }
  }
  return ids;
}

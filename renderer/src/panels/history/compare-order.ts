/**
 * Which of two snapshots is the older: a compare always shows older → newer, whichever was
 * clicked first, so "before" and "after" mean what they say; swap turns it round on purpose.
 */

/** A key's time part (`YYYY-MM-DD-HH-MM-SS`, fixed width, so it orders as text) and its suffix. */
function keyParts(key: string): { readonly stamp: string; readonly suffix: number } {
  const stamp = key.slice(0, 19);
  const rest = key.slice(20);
  // No suffix is the first render of that second; `-1`, `-2`… came after it (`-10` after `-9`).
  return { stamp, suffix: rest === '' ? -1 : Number(rest) };
}

/** Orders two snapshot keys by time: negative when `a` is older. */
export function compareKeys(a: string, b: string): number {
  const pa = keyParts(a);
  const pb = keyParts(b);
  if (pa.stamp !== pb.stamp) return pa.stamp < pb.stamp ? -1 : 1;
  return pa.suffix - pb.suffix;
}

/** The two keys, older first. */
export function olderFirst(a: string, b: string): { readonly before: string; readonly after: string } {
  return compareKeys(a, b) <= 0 ? { before: a, after: b } : { before: b, after: a };
}

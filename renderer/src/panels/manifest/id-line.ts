/**
 * The line of a section's entry in a manifest's JSON text (`"id": "rules"`), so the expert
 * panes beside the table scroll to the selected row. Text search, not a parse: the
 * override may not parse while it is typed.
 */

/** 1-based line of the first `"id": "<id>"` in `text`, or `null` when there is none. */
export function idLine(text: string, id: string): number | null {
  const needle = new RegExp(`"id"\\s*:\\s*${escapeRegExp(JSON.stringify(id))}`);
  const match = needle.exec(text);
  if (match === null) return null;
  let line = 1;
  for (let i = 0; i < match.index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

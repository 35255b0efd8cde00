/**
 * Small markdown helpers for the debug files: values go into table cells and code spans, and
 * neither may break the table (a `|` or a newline) or the span (a backtick in a `when`).
 */

/**
 * Wraps text in a code span whose fence is longer than any backtick run inside it (the
 * CommonMark rule), padded with a space where the text starts or ends with a backtick.
 */
export function inlineCode(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Makes text safe inside a GFM table cell: newlines become spaces, `|` is escaped (also in code). */
export function tableCell(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|');
}

/** Renders a GFM table; `align` per column: `l` or `r`. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('l' | 'r')[] = [],
): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(tableCell).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (align[i] === 'r' ? '---:' : '---')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * Splits a table row into its cells, honouring `\|` escapes; `null` when the line is not a row.
 * Used by the lenient parser, which also reads tables that other writers produced.
 */
export function splitTableRow(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return null;
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < trimmed.length; i++) {
    const ch = trimmed[i] as string;
    if (ch === '\\' && trimmed[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  // A row may omit its closing pipe; keep the last cell then.
  if (cell.trim() !== '') cells.push(cell.trim());
  return cells;
}

/** Whether a row is a table's delimiter row (`|---|:--:|`). */
export function isDelimiterRow(cells: readonly string[]): boolean {
  return cells.length > 0 && cells.every((c) => /^:?-{1,}:?$/.test(c));
}

/** Removes a code span's backticks and the one padding space, if the whole cell is a span. */
export function stripInlineCode(text: string): string {
  const m = /^(`+)\s?([\s\S]*?)\s?\1$/.exec(text.trim());
  return m ? (m[2] as string) : text.trim();
}

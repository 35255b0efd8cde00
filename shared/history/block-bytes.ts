/**
 * Bytes of each section's blocks in a recorded context. evolcore's report records no sizes, but
 * its context does: every block starts `Contenu de <display> (<label>):` and the label is the
 * section's `### ` heading in the report (`id — description`, or `id`). Counted the same way on
 * both sides of a comparison, a file that changed shows as a section whose bytes changed.
 * These are the blocks' rendered bytes (header included), not the raw file bytes the
 * inspector's own reports gave.
 */
import { utf8Length } from '../base/utf8';

const HEADER = 'Contenu de ';
const NOTE = '[注意] ';
const END = 'IMPORTANT: Use this context when it affects the current interaction.';

/** UTF-8 bytes of the blocks of each label found in `context`; labels without a block are absent. */
export function blockBytesByLabel(context: string, labels: readonly string[]): Map<string, number> {
  // Longest first: `rules — 核心规则` must not be taken for a section labelled `规则`.
  const known = [...new Set(labels)].sort((a, b) => b.length - a.length);
  const lines = context.split('\n');
  const out = new Map<string, number>();
  let current: string | null = null;
  let block: string[] = [];
  const close = (): void => {
    if (current === null) return;
    // The block ends before the blank separator line that precedes the next block.
    while (block.length > 1 && block[block.length - 1] === '') block.pop();
    out.set(current, (out.get(current) ?? 0) + utf8Length(block.join('\n')));
    current = null;
    block = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const header = line.startsWith(HEADER) && line.endsWith('):') && lines[i + 1] === '';
    const label = header ? known.find((l) => line.endsWith(` (${l}):`)) : undefined;
    if (label !== undefined || line.startsWith(NOTE) || line === END) close();
    if (label !== undefined) current = label;
    if (current !== null) block.push(line);
  }
  close();
  return out;
}

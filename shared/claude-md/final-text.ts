/**
 * The assembled text (§19.5 `getClaudeMds`): the instruction prompt, then one
 * `Contents of <path><description>:` block per file with content, joined by blank lines.
 */

import type { ClaudeMdLevel, Span } from './types';

/** claudemd.ts:89-91, quoted at the top of the chapter. */
export const MEMORY_INSTRUCTION_PROMPT =
  'Codebase and user instructions are shown below. Be sure to adhere to these instructions. ' +
  'IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.';

/** The type description after the path; User and Managed share one (clarifications "Output"). */
export function levelDescription(level: ClaudeMdLevel): string {
  switch (level) {
    case 'project':
      return ' (project instructions, checked into the codebase)';
    case 'local':
      return " (user's private project instructions, not checked in)";
    case 'user':
    case 'managed':
      return " (user's private global instructions for all projects)";
  }
}

/** One file offered to the text: `content` `null` or `''` contributes no block. */
export interface TextEntry {
  readonly path: string;
  readonly level: ClaudeMdLevel;
  readonly content: string | null;
}

/** Where each entry's block and content landed, `null` for entries without a block. */
export interface BuiltContext {
  readonly context: string;
  readonly spans: readonly ({ readonly span: Span; readonly contentSpan: Span } | null)[];
}

/** Builds the text; nothing loaded gives `''`. */
export function buildContext(entries: readonly TextEntry[]): BuiltContext {
  let context = MEMORY_INSTRUCTION_PROMPT;
  let any = false;
  const spans = entries.map((entry) => {
    if (!entry.content) return null;
    any = true;
    context += '\n\n';
    const start = context.length;
    context += `Contents of ${entry.path}${levelDescription(entry.level)}:\n\n`;
    const contentStart = context.length;
    // `content` is the processed content trimmed at both ends (clarifications "Output").
    context += entry.content.trim();
    return {
      span: { start, end: context.length },
      contentSpan: { start: contentStart, end: context.length },
    };
  });
  return any ? { context, spans } : { context: '', spans: entries.map(() => null) };
}

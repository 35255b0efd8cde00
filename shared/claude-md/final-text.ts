/**
 * The assembled text (§19.5 `getClaudeMds`): the instruction prompt, then one
 * `Contents of <path><description>:` block per file with content, joined by blank lines.
 */

import type { ClaudeMdLevel, Span } from './types';

/** claudemd.ts:89-91, quoted at the top of the chapter. */
export const MEMORY_INSTRUCTION_PROMPT =
  'Codebase and user instructions are shown below. Be sure to adhere to these instructions. ' +
  'IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.';

/** The type description after the path in the start block (Claude Code 2.1.197's `getClaudeMds`). */
export function levelDescription(level: ClaudeMdLevel): string {
  switch (level) {
    case 'project':
      return ' (project instructions, checked into the codebase)';
    case 'local':
      return " (user's private project instructions, not checked in)";
    case 'managed':
      return ' (organization-managed policy instructions)';
    case 'user':
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
    // `content` is the processed content trimmed at both ends (docs/claude-md.md §19.5).
    context += entry.content.trim();
    return {
      span: { start, end: context.length },
      contentSpan: { start: contentStart, end: context.length },
    };
  });
  return any ? { context, spans } : { context: '', spans: entries.map(() => null) };
}

/** One file attached after a Read. */
export interface AttachmentEntry {
  readonly path: string;
  readonly content: string;
}

/**
 * The messages a Read attaches, one per file: `Contents of <path>:\n\n<content>`, with no
 * level description and the content untrimmed (Claude Code 2.1.197's `nested_memory`).
 */
export function buildAttachments(entries: readonly AttachmentEntry[]): { path: string; text: string }[] {
  return entries.map((e) => ({ path: e.path, text: `Contents of ${e.path}:\n\n${e.content}` }));
}

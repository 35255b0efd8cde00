/**
 * The text evolcore injects (clarifications §7, §8): block headers with display-path
 * aliases and labels, the folder and total notes, and the `<system-reminder>` wrapper.
 */
import { DISPLAY_ALIASES } from './path-vars';
import { isPathWithin, normalizePath } from './paths';

/** Text before the first block. */
export const CONTEXT_PREFIX = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';
/** Text after the last block. */
export const CONTEXT_SUFFIX =
  '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';
/** Between blocks: one blank line. */
export const BLOCK_SEPARATOR = '\n\n';

/** Replaces the longest path-var prefix (at a path boundary) with `$NAME` (§8). */
export function displayPath(path: string, pathVars: Readonly<Record<string, string>>): string {
  let best: { name: string; length: number } | null = null;
  for (const name of DISPLAY_ALIASES) {
    const value = pathVars[name];
    if (!value) continue;
    const prefix = normalizePath(value);
    if (!isPathWithin(path, prefix)) continue;
    if (!best || prefix.length > best.length) best = { name, length: prefix.length };
  }
  if (!best) return path;
  // A var holding the root `/` keeps the separator: `$NAME/etc`, not `$NAMEetc`.
  const rest = path.slice(best.length);
  return `$${best.name}${best.length === 1 && rest !== '' ? `/${rest}` : rest}`;
}

/** `id — description`, or just `id`. */
export function blockLabel(id: string, description: string | null): string {
  return description ? `${id} — ${description}` : id;
}

/** The header line of a file block, blank line included. */
export function blockHeader(display: string, label: string): string {
  return `Contenu de ${display} (${label}):\n\n`;
}

/** The note after a folder cut by its own limits (§5). */
export function folderNote(
  dirDisplay: string,
  reason: 'files' | 'bytes',
  notLoaded: number,
  maxFiles: number,
  maxBytes: number,
): string {
  const limit = reason === 'files' ? `达文件数上限 ${maxFiles} 个` : `达字节上限 ${maxBytes} 字节`;
  return `[注意] 目录 ${dirDisplay} 未完整加载：${notLoaded} 个文件未加载（${limit}）。`;
}

/** A byte limit as the total note writes it: `/1024`, at most one decimal, no trailing `.0`. */
export function formatKb(bytes: number): string {
  return `${Math.round((bytes / 1024) * 10) / 10}KB`;
}

/** The note at the very end when the total gate stopped sections (§7). */
export function totalNote(maxFiles: number, maxBytes: number, ids: readonly string[]): string {
  return `[注意] 上下文清单总量超限（>${maxFiles} 文件 / >${formatKb(maxBytes)}），以下 section 未加载：${ids.join(', ')}。`;
}

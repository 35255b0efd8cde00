/**
 * The text evolcore injects (docs/engine.md §7, evolclaw's kit-renderer.ts): the
 * `<system-reminder>` wrapper, block headers with their display paths and labels, and the
 * folder and total notes. Limits are printed as written (the real code interpolates them).
 */
import { nodeJoin } from '../base/posix-path';
import type { Product } from './types';

/** Text before the first block (evolcore's). */
export const CONTEXT_PREFIX = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';

/** Text before the first block, as each product writes it (evolclaw's kit-renderer says EvolClaw). */
export function contextPrefix(product: Product = 'evolcore'): string {
  return product === 'evolclaw'
    ? '<system-reminder>\nEvolClaw Context Kit documents are shown below.\n\n'
    : CONTEXT_PREFIX;
}

/** The var (and `$` alias) that names the home: `EVOLCORE_HOME`, or evolclaw's `EVOLCLAW_HOME`. */
export function homeVarName(product: Product = 'evolcore'): 'EVOLCORE_HOME' | 'EVOLCLAW_HOME' {
  return product === 'evolclaw' ? 'EVOLCLAW_HOME' : 'EVOLCORE_HOME';
}
/** Text after the last block. */
export const CONTEXT_SUFFIX =
  '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';
/** Between blocks: one blank line. */
export const BLOCK_SEPARATOR = '\n\n';

/** One display alias: a path prefix and the `$NAME` shown for it. */
export interface DisplayMapping {
  readonly prefix: string;
  readonly alias: string;
}

/**
 * The aliases of one render (`buildPathMappings`): from the package root, and with `selfAid`
 * the agent's folders computed from the home and `selfAid` (not from the vars), the home
 * (`vars.EVOLCORE_HOME`, else the home; evolclaw: `vars.EVOLCLAW_HOME`, shown `$EVOLCLAW_HOME`) and
 * `CURRENT_PROJECT`; longest prefix first.
 */
export function displayMappings(
  packageRoot: string,
  home: string,
  vars: Readonly<Record<string, unknown>>,
  product: Product = 'evolcore',
): DisplayMapping[] {
  const P = packageRoot;
  const homeVar = homeVarName(product);
  const evolHome = String(vars[homeVar] || home);
  const selfAid = vars.selfAid ? String(vars.selfAid) : '';
  const currentProject = vars.CURRENT_PROJECT ? String(vars.CURRENT_PROJECT) : '';
  const out: DisplayMapping[] = [
    { prefix: nodeJoin(P, 'kits', 'rules'), alias: '$KITS_RULES' },
    { prefix: nodeJoin(P, 'kits', 'templates', 'system-fragments'), alias: '$KITS_FRAGMENTS' },
    { prefix: nodeJoin(P, 'kits', 'templates', 'message-fragments'), alias: '$KITS_MESSAGE_FRAGMENTS' },
    { prefix: nodeJoin(P, 'kits', 'templates'), alias: '$KITS_TEMPLATES' },
    { prefix: nodeJoin(P, 'kits', 'docs'), alias: '$KITS_DOCS' },
    { prefix: nodeJoin(P, 'kits'), alias: '$KITS' },
    { prefix: P, alias: '$PACKAGE_ROOT' },
  ];
  if (selfAid) {
    out.push({ prefix: nodeJoin(evolHome, 'agents', selfAid, 'personal'), alias: '$PERSONAL_DIR' });
    out.push({ prefix: nodeJoin(evolHome, 'agents', selfAid, 'relations'), alias: '$RELATIONS_DIR' });
    out.push({ prefix: nodeJoin(evolHome, 'agents', selfAid, 'venues'), alias: '$VENUES_DIR' });
    out.push({ prefix: nodeJoin(evolHome, 'agents', selfAid), alias: '$AGENT_DIR' });
  }
  out.push({ prefix: evolHome, alias: `$${homeVar}` });
  if (currentProject) out.push({ prefix: currentProject, alias: '$CURRENT_PROJECT' });
  out.sort((a, b) => b.prefix.length - a.prefix.length);
  return out.map((m) => ({ prefix: m.prefix.replace(/\\/g, '/'), alias: m.alias }));
}

/** A path shown with the first alias whose prefix it starts with (`shortenPath`; no boundary check). */
export function shortenPath(
  path: string,
  mappings: readonly DisplayMapping[],
): { text: string; mapping: DisplayMapping | null } {
  const normalized = path.replace(/\\/g, '/');
  for (const m of mappings) {
    if (normalized.startsWith(m.prefix))
      return { text: m.alias + normalized.slice(m.prefix.length), mapping: m };
  }
  return { text: path, mapping: null };
}

/** True when an alias matched in the middle of a name (`kits-extra/` shown as `$KITS-extra/`). */
export function aliasWithoutBoundary(path: string, mapping: DisplayMapping | null): boolean {
  if (!mapping || mapping.prefix === '' || mapping.prefix.endsWith('/')) return false;
  const next = path.replace(/\\/g, '/').charAt(mapping.prefix.length);
  return next !== '' && next !== '/';
}

/** `id — description` when the description is truthy, else the id (as the real template literal prints them). */
export function blockLabel(id: unknown, description: unknown): string {
  return description ? `${String(id)} — ${String(description)}` : String(id);
}

/** The header line of a file block, blank line included. */
export function blockHeader(display: string, label: string): string {
  return `Contenu de ${display} (${label}):\n\n`;
}

/** The note after a folder cut by its own limits (docs/engine.md §5). */
export function folderNote(
  dirDisplay: string,
  reason: 'files' | 'bytes',
  notLoaded: number,
  limit: unknown,
): string {
  return (
    `[注意] 目录 ${dirDisplay} 未完整加载：${notLoaded} 个文件未加载` +
    `（达${reason === 'files' ? '文件数' : '字节'}上限 ${String(limit)}${reason === 'bytes' ? ' 字节' : ' 个'}）。`
  );
}

/** `Math.round(totalMaxBytes / 1024)` followed by `KB`, as the total note writes a byte limit. */
export function formatKb(bytes: unknown): string {
  return `${Math.round(Number(bytes) / 1024)}KB`;
}

/** How an id is joined into the total note (`Array.join`: `undefined` and `null` print nothing). */
export const noteId = (id: unknown): string => (id === undefined || id === null ? '' : String(id));

/** The note at the very end when the total gate stopped sections (docs/engine.md §6). */
export function totalNote(maxFiles: unknown, maxBytes: unknown, ids: readonly unknown[]): string {
  return `[注意] 上下文清单总量超限（>${String(maxFiles)} 文件 / >${formatKb(maxBytes)}），以下 section 未加载：${ids.map(noteId).join(', ')}。`;
}

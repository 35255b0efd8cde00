/**
 * Links to exactly what the operator saw: the address's hash names the tab, the
 * scenario preset or the History snapshot, and the selected section.
 *
 *   #/timeline                         #/timeline/section/identity-layer
 *   #/context/preset/coding/agent/ada/section/identity-layer
 *   #/history/2026-11-30-21-40-54      #/history/2026-11-30-21-40-54/section/identity-layer
 *
 * Pure, so the parse / format round-trip and hostile input are pinned by tests. A link holds
 * only these fields, never the `serve` session token (that lives in sessionStorage, see
 * api/session-token.ts); `linkUrl` also drops the whole query, so no token can leak through it.
 */
import type { PanelId, PresetId } from '../../../shared/api';
import { PANEL_IDS, PRESET_IDS } from '../../../shared/api';

/** A link to one of the tabs that show the current render. */
export interface RenderViewLink {
  readonly tab: Exclude<PanelId, 'history'>;
  /** The scenario preset the view was rendered with (`null`: whatever is current). */
  readonly preset: PresetId | null;
  /** The agent of that preset, when it speaks as one. */
  readonly agent: string | null;
  readonly section: string | null;
}

/** A link into the History tab: a snapshot and a section of its report. */
export interface HistoryViewLink {
  readonly tab: 'history';
  readonly snapshot: string | null;
  readonly section: string | null;
}

/** What a link names. */
export type ViewLink = RenderViewLink | HistoryViewLink;

/** Longer hashes are not links this app wrote; they are ignored, not parsed. */
export const MAX_LINK_LENGTH = 2048;
/** Longest section id or agent a link carries. */
const MAX_NAME = 256;

/** A snapshot key as History writes them: `YYYY-MM-DD-HH-MM-SS[-N]`. */
const SNAPSHOT_KEY = /^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}(-\d{1,6})?$/;

/** The plain link to a tab (nothing selected). */
export function tabLink(tab: PanelId): ViewLink {
  return tab === 'history'
    ? { tab, snapshot: null, section: null }
    : { tab, preset: null, agent: null, section: null };
}

/** A decoded segment, or `null` when it is badly encoded, empty, too long or holds control characters. */
function decodeName(segment: string | undefined): string | null {
  if (segment === undefined || segment === '') return null;
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (text.length === 0 || text.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(text)) return null;
  return text;
}

const isPanel = (x: string): x is PanelId => (PANEL_IDS as readonly string[]).includes(x);
const isPreset = (x: string): x is PresetId => (PRESET_IDS as readonly string[]).includes(x);

/**
 * Reads a hash (`#/…`, the `#` optional). `null` when it names no tab; a known tab with a bad
 * field keeps the tab and drops that field, so a half-broken link still lands somewhere sane.
 */
export function parseViewLink(hash: string): ViewLink | null {
  if (hash.length > MAX_LINK_LENGTH) return null;
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body.startsWith('/')) return null;
  const parts = body.slice(1).split('/');
  const tab = parts[0] ?? '';
  if (!isPanel(tab)) return null;
  let rest = parts.slice(1);
  let snapshot: string | null = null;
  if (tab === 'history' && rest[0] !== undefined && rest[0] !== 'section') {
    const key = decodeName(rest[0]);
    snapshot = key !== null && SNAPSHOT_KEY.test(key) ? key : null;
    rest = rest.slice(1);
  }
  // The rest is name / value pairs; unknown names are ignored (a newer app's link still opens).
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const name = rest[i] ?? '';
    const value = decodeName(rest[i + 1]);
    if (value !== null && !fields.has(name)) fields.set(name, value);
  }
  const section = fields.get('section') ?? null;
  if (tab === 'history') return { tab, snapshot, section: snapshot === null ? null : section };
  const preset = fields.get('preset') ?? null;
  const validPreset = preset !== null && isPreset(preset) ? preset : null;
  return {
    tab,
    preset: validPreset,
    agent: validPreset === null ? null : (fields.get('agent') ?? null),
    section,
  };
}

const enc = (s: string): string => encodeURIComponent(s);

/** Writes the hash of a link (`#/…`). */
export function formatViewLink(link: ViewLink): string {
  const parts: string[] = [link.tab];
  if (link.tab === 'history') {
    if (link.snapshot !== null) {
      parts.push(enc(link.snapshot));
      if (link.section !== null) parts.push('section', enc(link.section));
    }
  } else {
    if (link.preset !== null) {
      parts.push('preset', link.preset);
      if (link.agent !== null) parts.push('agent', enc(link.agent));
    }
    if (link.section !== null) parts.push('section', enc(link.section));
  }
  return `#/${parts.join('/')}`;
}

/**
 * The full address of a link from the page's own address: same origin and path, the query
 * dropped (it is where `serve`'s token arrives) and the link's hash.
 */
export function linkUrl(pageHref: string, link: ViewLink): string {
  const url = new URL(pageHref);
  url.search = '';
  url.username = '';
  url.password = '';
  url.hash = formatViewLink(link);
  return url.toString();
}

/** Whether two links name the same view. */
export function sameLink(a: ViewLink | null, b: ViewLink | null): boolean {
  return a === b || (a !== null && b !== null && formatViewLink(a) === formatViewLink(b));
}

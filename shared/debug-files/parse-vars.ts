/**
 * Lenient reader of `vars-<ts>.json`. Ours is `{name: {value, description}}`; evolcore's own
 * files differ: evolclaw's writer (`src/eck/kit-renderer.ts`) writes
 * `{timestamp, sessionId, params: [{name, value, description}]}`, dropping null vars. Read too:
 * the plain `{name: value}`, a split `{vars: {...}, descriptions: {...}}`, a bare list.
 */
import { parseJsonText } from '../engine';
import { parseFailure } from './parse-result';
import type { ParseResult } from './parse-result';
import { isPlainObject } from '../base/is-plain-object';

/** Which shape the file had. */
export type VarsFileShape = 'plain' | 'described' | 'split' | 'list' | 'params';

/** The vars of a snapshot, with whatever descriptions the file carried. */
export interface ParsedVarsFile {
  readonly vars: Readonly<Record<string, unknown>>;
  readonly descriptions: Readonly<Record<string, string>>;
  readonly shape: VarsFileShape;
  /** The render's exact time when the file records it (evolclaw's `timestamp`, ISO). */
  readonly recordedAt?: string;
  /** The session id when the file records it beside the vars. */
  readonly sessionId?: string;
}

/** Keys an entry of the described shape may carry besides `value`. */
const ENTRY_META_KEYS = new Set([
  'value',
  'description',
  'desc',
  'descriptionZh',
  'zh',
  'type',
  'label',
  'note',
]);
/** Keys a split file may carry at its top level. */
const SPLIT_TOP_KEYS = new Set([
  'vars',
  'descriptions',
  'description',
  'meta',
  'version',
  'timestamp',
  'sessionType',
]);

/** Keys beside `params` in evolclaw's file. */
const PARAMS_TOP_KEYS = new Set(['params', 'timestamp', 'sessionId', 'version']);

function descriptionOf(entry: Record<string, unknown>): string | null {
  for (const key of ['description', 'descriptionZh', 'desc', 'zh']) {
    const d = entry[key];
    if (typeof d === 'string') return d;
  }
  return null;
}

/**
 * An entry looks like `{value, description}` when it is an object whose keys are all metadata
 * keys. `value` may be missing: `JSON.stringify` drops `value: undefined`, which leaves
 * `{description}` behind for an absent var.
 */
function isDescribedEntry(entry: unknown): entry is Record<string, unknown> {
  if (!isPlainObject(entry)) return false;
  const keys = Object.keys(entry);
  return keys.length > 0 && keys.every((k) => ENTRY_META_KEYS.has(k));
}

function readDescribed(top: Record<string, unknown>): ParsedVarsFile {
  const vars: Record<string, unknown> = {};
  const descriptions: Record<string, string> = {};
  for (const [name, entry] of Object.entries(top)) {
    const e = entry as Record<string, unknown>;
    if ('value' in e) vars[name] = e.value;
    const d = descriptionOf(e);
    if (d !== null) descriptions[name] = d;
  }
  return { vars, descriptions, shape: 'described' };
}

function readList(list: readonly unknown[], warnings: string[]): ParsedVarsFile {
  const vars: Record<string, unknown> = {};
  const descriptions: Record<string, string> = {};
  list.forEach((item, i) => {
    const name = isPlainObject(item) ? (item.name ?? item.key) : undefined;
    if (!isPlainObject(item) || typeof name !== 'string') {
      warnings.push(`entry ${i + 1} has no name; skipped`);
      return;
    }
    if ('value' in item) vars[name] = item.value;
    const d = descriptionOf(item);
    if (d !== null) descriptions[name] = d;
  });
  return { vars, descriptions, shape: 'list' };
}

/** Reads any of the known shapes of a vars file into plain vars. Never throws. */
export function parseVarsFile(text: string): ParseResult<ParsedVarsFile> {
  const json = parseJsonText(text);
  if (!json.ok) return parseFailure(`malformed JSON: ${json.message}`, json.line, json.column);
  const top: unknown = json.value;
  const warnings: string[] = [];
  if (Array.isArray(top)) return { ok: true, value: readList(top, warnings), warnings };
  if (!isPlainObject(top))
    return parseFailure(`a vars file must hold a JSON object, not ${top === null ? 'null' : typeof top}`);

  const keys = Object.keys(top);
  if (Array.isArray(top.params) && keys.every((k) => PARAMS_TOP_KEYS.has(k))) {
    const list = readList(top.params, warnings);
    return {
      ok: true,
      value: {
        ...list,
        shape: 'params',
        ...(typeof top.timestamp === 'string' ? { recordedAt: top.timestamp } : {}),
        ...(typeof top.sessionId === 'string' ? { sessionId: top.sessionId } : {}),
      },
      warnings,
    };
  }
  if ((isPlainObject(top.vars) || Array.isArray(top.vars)) && keys.every((k) => SPLIT_TOP_KEYS.has(k))) {
    if (Array.isArray(top.vars)) return { ok: true, value: readList(top.vars, warnings), warnings };
    const inner = top.vars;
    const innerValues = Object.values(inner);
    // `{vars: {name: {value, description}}}` nests the described shape; read it as such.
    const base =
      innerValues.length > 0 && innerValues.every(isDescribedEntry)
        ? readDescribed(inner)
        : { vars: inner, descriptions: {} as Record<string, string> };
    const descriptions: Record<string, string> = { ...base.descriptions };
    const given = top.descriptions ?? top.description;
    if (isPlainObject(given)) {
      for (const [name, d] of Object.entries(given)) if (typeof d === 'string') descriptions[name] = d;
    } else if (given !== undefined) warnings.push('"descriptions" is not an object; ignored');
    return { ok: true, value: { vars: base.vars, descriptions, shape: 'split' }, warnings };
  }

  const values = Object.values(top);
  // Described only when every entry is `{value, description}` and at least one has a value:
  // a plain var whose own value happens to be `{description: …}` stays plain.
  if (values.length > 0 && values.every(isDescribedEntry) && values.some((v) => 'value' in v)) {
    return { ok: true, value: readDescribed(top), warnings };
  }
  return { ok: true, value: { vars: top, descriptions: {}, shape: 'plain' }, warnings };
}

/**
 * Resolving a section's path as evolcore does (`resolvePathWithDiag`, docs/engine.md §2):
 * `$NAME` (`\$([A-Z_]+)`: no digits) first, then `{{key}}` (`\{\{(\w+)\}\}`) on the result —
 * so a `$` value holding `{{x}}` is expanded again. A token is unresolved when its value is
 * `undefined`, `null`, `false` or `""` (`0` is `"0"`). Any unresolved token, an empty result,
 * or a `$` / `{{` left over make it `unresolved-vars`; otherwise the result goes through
 * `path.normalize` and nothing else.
 */
import type { Vars } from './types';
import { nodeNormalize } from '../base/posix-path';

const DOLLAR = /\$([A-Z_]+)/g;
const BRACES = /\{\{(\w+)\}\}/g;

/** A token whose value moves the path (`..` or a separator in it): `path-escape`. */
export interface PathEscape {
  readonly token: string;
  readonly value: string;
}

/** Result of resolving one path. */
export interface ExpandedPath {
  /** `ok` when every token resolved; the path is then normalised. */
  readonly status: 'ok' | 'unresolved-vars';
  /** The resolved text (normalised when `ok`); null when it came out empty. */
  readonly path: string | null;
  /** Tokens as written whose var had no value, in the order met. */
  readonly unresolved: readonly string[];
  readonly escapes: readonly PathEscape[];
  /** Names of the vars the path reads. */
  readonly reads: readonly string[];
}

const unset = (v: unknown): boolean => v === undefined || v === null || v === false || v === '';

/** Resolves the tokens of `raw` from `vars`. */
export function expandPathTokens(raw: string, vars: Vars): ExpandedPath {
  const unresolved: string[] = [];
  const escapes: PathEscape[] = [];
  const reads: string[] = [];
  const lookup = (name: string): unknown => (vars as Record<string, unknown>)[name];
  let resolved = raw.replace(DOLLAR, (_m, name: string) => {
    reads.push(name);
    const val = lookup(name);
    if (unset(val)) {
      unresolved.push(`$${name}`);
      return '';
    }
    const text = String(val);
    if (/(^|[/\\])\.\.([/\\]|$)/.test(text)) escapes.push({ token: `$${name}`, value: text });
    return text;
  });
  resolved = resolved.replace(BRACES, (_m, key: string) => {
    reads.push(key);
    const val = lookup(key);
    if (unset(val)) {
      unresolved.push(`{{${key}}}`);
      return '';
    }
    const text = String(val);
    if (/[/\\]|(^|[/\\])\.\.([/\\]|$)/.test(text)) escapes.push({ token: `{{${key}}}`, value: text });
    return text;
  });
  if (!resolved || resolved.includes('$') || resolved.includes('{{'))
    return { status: 'unresolved-vars', path: resolved || null, unresolved, escapes, reads };
  if (unresolved.length > 0) return { status: 'unresolved-vars', path: resolved, unresolved, escapes, reads };
  return { status: 'ok', path: nodeNormalize(resolved), unresolved, escapes, reads };
}

/**
 * Expansion of `$NAME` and `{{key}}` tokens in a section's `file` / `path` (clarifications §2).
 */
import type { Vars } from './types';
import { isTruthy } from './truthy';

/** Both token forms, in one pass so a value is never expanded again. */
const TOKEN = /\$([A-Z][A-Z0-9_]*)|\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/** Result of expanding one path. */
export interface ExpandedPath {
  /** The expanded text, or null when a token had no truthy value. */
  readonly path: string | null;
  /** Tokens as written whose var was not truthy. */
  readonly unresolved: readonly string[];
  /** `{{key}}` tokens whose value holds `/`, `\` or `..` (a `path-escape` warning). */
  readonly escapes: readonly { readonly token: string; readonly value: string }[];
  /** Names of the vars the path reads. */
  readonly reads: readonly string[];
}

/** Expands the tokens of `raw` from `vars`. */
export function expandPathTokens(raw: string, vars: Vars): ExpandedPath {
  const unresolved: string[] = [];
  const escapes: { token: string; value: string }[] = [];
  const reads: string[] = [];
  const path = raw.replace(TOKEN, (token, dollarName: string | undefined, braceName: string | undefined) => {
    const name = (dollarName ?? braceName) as string;
    reads.push(name);
    // Own properties only: `{{constructor}}` is not a var just because objects have one.
    const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (!isTruthy(value)) {
      unresolved.push(token);
      return '';
    }
    const text = String(value);
    if (braceName !== undefined && /[/\\]|\.\./.test(text)) escapes.push({ token, value: text });
    return text;
  });
  return { path: unresolved.length > 0 ? null : path, unresolved, escapes, reads };
}

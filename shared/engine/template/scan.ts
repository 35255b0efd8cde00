/**
 * Template scanning: text → tokens (the first stage of mustache.js's scan → tree → render).
 * Tags (docs/engine.md §9, §10): `{{#each name}}`, `{{/each}}`, `{{?key}}`, `{{?key=v}}`,
 * `{{?key!=v}}`, `{{/}}`, `{{key}}`, `{{.}}`, `{{@index}}`, `{{@loop}}`. Anything else in
 * braces is plain text.
 */

/** One token of a template, with its offset in the source. */
export type Token =
  | { readonly kind: 'text'; readonly text: string; readonly offset: number }
  | { readonly kind: 'var'; readonly name: string; readonly raw: string; readonly offset: number }
  | { readonly kind: 'loop'; readonly raw: string; readonly offset: number }
  | {
      readonly kind: 'cond-open';
      readonly key: string;
      readonly op: 'truthy' | 'eq' | 'neq';
      readonly expected?: string;
      readonly raw: string;
      readonly offset: number;
    }
  | { readonly kind: 'cond-close'; readonly raw: string; readonly offset: number }
  | { readonly kind: 'each-open'; readonly name: string; readonly raw: string; readonly offset: number }
  | { readonly kind: 'each-close'; readonly raw: string; readonly offset: number };

const TAG =
  /\{\{(?:\?([A-Za-z_][A-Za-z0-9_]*)(?:(!=|=)([^}]*))?|(\/each)|(\/)|#each\s+([A-Za-z_][A-Za-z0-9_]*)\s*|(@loop)|([A-Za-z_][A-Za-z0-9_]*|\.|@index))\}\}/g;

/** Splits a template into tokens. */
export function scanTemplate(source: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(source); m !== null; m = TAG.exec(source)) {
    if (m.index > last) tokens.push({ kind: 'text', text: source.slice(last, m.index), offset: last });
    const raw = m[0];
    const offset = m.index;
    const [, condKey, condOp, condValue, eachClose, close, eachName, loop, varName] = m;
    if (condKey !== undefined) {
      if (condOp === undefined) tokens.push({ kind: 'cond-open', key: condKey, op: 'truthy', raw, offset });
      else
        tokens.push({
          kind: 'cond-open',
          key: condKey,
          op: condOp === '=' ? 'eq' : 'neq',
          expected: condValue ?? '',
          raw,
          offset,
        });
    } else if (eachClose !== undefined) tokens.push({ kind: 'each-close', raw, offset });
    else if (close !== undefined) tokens.push({ kind: 'cond-close', raw, offset });
    else if (eachName !== undefined) tokens.push({ kind: 'each-open', name: eachName, raw, offset });
    else if (loop !== undefined) tokens.push({ kind: 'loop', raw, offset });
    else tokens.push({ kind: 'var', name: varName as string, raw, offset });
    last = offset + raw.length;
  }
  if (last < source.length) tokens.push({ kind: 'text', text: source.slice(last), offset: last });
  return tokens;
}

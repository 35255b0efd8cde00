/**
 * Which var to set for an unresolved path token (docs/engine.md §1–§2): a `{{key}}` needs
 * `key`; a derived `$NAME` needs what its derivation needs, so `$PERSONAL_DIR` needs
 * `selfAid` (PERSONAL_DIR ← AGENT_DIR ← selfAid), read from the catalog's derivations.
 */
import type { Vars } from '../engine';
import { isTruthy } from '../engine';
import { getVarSpec } from '../vars/catalog';
import type { TokenNeed } from './types';

const TOKEN = /\$([A-Z][A-Z0-9_]*)|\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;

/** Names of the vars a path or derivation text reads, in order. */
function tokenVars(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => (m[1] ?? m[2]) as string);
}

/** The vars to set so `name` gets a truthy value, and the chain followed to find them. */
function needsOf(name: string, vars: Vars, seen: ReadonlySet<string>): { needs: string[]; chain: string[] } {
  const derivation = getVarSpec(name)?.derivation ?? null;
  if (derivation === null || seen.has(name)) return { needs: [name], chain: [name] };
  const next = new Set(seen).add(name);
  const missing = tokenVars(derivation).filter((v) => !isTruthy(vars[v]));
  if (missing.length === 0) return { needs: [name], chain: [name] };
  const needs: string[] = [];
  let chain: string[] = [name];
  missing.forEach((v, i) => {
    const sub = needsOf(v, vars, next);
    for (const n of sub.needs) if (!needs.includes(n)) needs.push(n);
    if (i === 0) chain = [name, ...sub.chain];
  });
  return { needs, chain };
}

/** What each unresolved token (as the engine lists them) needs, against the render's effective vars. */
export function explainTokens(tokens: readonly string[], vars: Vars): TokenNeed[] {
  return tokens.map((token) => {
    const brace = token.startsWith('{{');
    const name = brace ? token.slice(2, -2) : token.slice(1);
    const { needs, chain } = needsOf(name, vars, new Set());
    return {
      token,
      var: name,
      form: brace ? 'brace' : 'dollar',
      value: vars[name],
      present: Object.hasOwn(vars, name) && vars[name] !== undefined,
      needs,
      chain: chain.length > 1 ? chain : [],
      known: getVarSpec(name) !== undefined,
    };
  });
}

/**
 * Path variables, as evolcore's response engine gives them to the render (docs/engine.md §1;
 * the oracle's `buildRealVars`): derived from the package root `P` and the home `H`, then the
 * given vars on top, each one winning as it is (a path var given as `null` keeps the derived
 * value). The agent's folders exist only when `selfAid` is set.
 */
import type { Product, Vars } from './types';
import { nodeJoin } from '../base/posix-path';

/** Every path var the engine derives, in the order the vars object gets them. */
export const PATH_VAR_NAMES = [
  'EVOLCORE_HOME',
  // evolclaw's name of the home (instead of EVOLCORE_HOME, never both: product 'evolclaw').
  'EVOLCLAW_HOME',
  'PACKAGE_ROOT',
  'KITS',
  'KITS_RULES',
  'KITS_DOCS',
  'KITS_TEMPLATES',
  'KITS_FRAGMENTS',
  'KITS_MESSAGE_FRAGMENTS',
  'ECK',
  'AGENT_DIR',
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
  'CURRENT_PROJECT',
] as const;

/** Path vars a display alias can stand for (docs/engine.md §7; there is no `$ECK` alias). */
export const DISPLAY_ALIASES = [
  'KITS_RULES',
  'KITS_FRAGMENTS',
  'KITS_MESSAGE_FRAGMENTS',
  'KITS_TEMPLATES',
  'KITS_DOCS',
  'KITS',
  'PACKAGE_ROOT',
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
  'AGENT_DIR',
  'EVOLCORE_HOME',
  'EVOLCLAW_HOME',
  'CURRENT_PROJECT',
] as const;

const PATH_VAR_SET: ReadonlySet<string> = new Set(PATH_VAR_NAMES);

/** Path vars as one render uses them. */
export interface PathVars {
  /** The string-valued path vars in effect. */
  readonly values: Readonly<Record<string, string>>;
  /** Names whose value came from the given vars rather than derivation. */
  readonly explicit: readonly string[];
  /** The whole vars object of the render: path vars first, then the given vars in their order. */
  readonly vars: Readonly<Record<string, unknown>>;
}

/**
 * Derives the path vars and builds the render's vars object. The home is `EVOLCORE_HOME`, or
 * for evolclaw `EVOLCLAW_HOME` (its response engine's first var).
 */
export function derivePathVars(
  packageRoot: string,
  home: string,
  given: Vars,
  product: Product = 'evolcore',
): PathVars {
  const P = packageRoot;
  const H = home;
  const vars: Record<string, unknown> = {
    [product === 'evolclaw' ? 'EVOLCLAW_HOME' : 'EVOLCORE_HOME']: H,
    PACKAGE_ROOT: P,
    KITS: nodeJoin(P, 'kits'),
    KITS_RULES: nodeJoin(P, 'kits', 'rules'),
    KITS_DOCS: nodeJoin(P, 'kits', 'docs'),
    KITS_TEMPLATES: nodeJoin(P, 'kits', 'templates'),
    KITS_FRAGMENTS: nodeJoin(P, 'kits', 'templates', 'system-fragments'),
    KITS_MESSAGE_FRAGMENTS: nodeJoin(P, 'kits', 'templates', 'message-fragments'),
    ECK: nodeJoin(H, 'eck'),
  };
  const g = given as Record<string, unknown>;
  if (g.selfAid) {
    const givenAgentDir = g.AGENT_DIR;
    const agentDir =
      givenAgentDir !== undefined && givenAgentDir !== null
        ? String(givenAgentDir)
        : nodeJoin(H, 'agents', String(g.selfAid));
    vars.AGENT_DIR = agentDir;
    vars.PERSONAL_DIR = nodeJoin(agentDir, 'personal');
    vars.RELATIONS_DIR = nodeJoin(agentDir, 'relations');
    vars.VENUES_DIR = nodeJoin(agentDir, 'venues');
  }
  const explicit: string[] = [];
  for (const [k, v] of Object.entries(given)) {
    if (PATH_VAR_SET.has(k)) {
      if (v === null) continue;
      explicit.push(k);
    }
    vars[k] = v;
  }
  const values: Record<string, string> = {};
  for (const name of PATH_VAR_NAMES) {
    const v = vars[name];
    if (typeof v === 'string' && v !== '') values[name] = v;
  }
  return { values, explicit, vars };
}

/**
 * Path variables and their derivation from the package root, the home and the vars
 * (clarifications §1). A path var given explicitly in the vars wins (decision).
 */
import type { Vars } from './types';
import { joinPath, normalizePath } from './paths';
import { isTruthy } from './truthy';

/** Every path var the engine derives, in derivation order. */
export const PATH_VAR_NAMES = [
  'PACKAGE_ROOT',
  'EVOLCORE_HOME',
  'KITS',
  'KITS_RULES',
  'KITS_DOCS',
  'KITS_TEMPLATES',
  'KITS_FRAGMENTS',
  'ECK',
  'AGENT_DIR',
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
  'CURRENT_PROJECT',
] as const;

/** Path vars tried when a path is shown with an alias (§8), in tie-break order. */
export const DISPLAY_ALIASES = [
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
  'AGENT_DIR',
  'ECK',
  'KITS_FRAGMENTS',
  'KITS_TEMPLATES',
  'KITS_RULES',
  'KITS_DOCS',
  'KITS',
  'PACKAGE_ROOT',
  'EVOLCORE_HOME',
  'CURRENT_PROJECT',
] as const;

/** Path vars as one render uses them. */
export interface PathVars {
  readonly values: Readonly<Record<string, string>>;
  /** Names whose value came from the vars rather than derivation. */
  readonly explicit: readonly string[];
}

function explicitValue(vars: Vars, name: string): string | undefined {
  const v = vars[name];
  return typeof v === 'string' && v !== '' ? normalizePath(v) : undefined;
}

/** Derives the path vars; each derived one is computed from the effective values before it. */
export function derivePathVars(packageRoot: string, home: string, vars: Vars): PathVars {
  const values: Record<string, string> = {};
  const explicit: string[] = [];
  const set = (name: string, derived: string | undefined): void => {
    const given = explicitValue(vars, name);
    if (given !== undefined) {
      values[name] = given;
      explicit.push(name);
    } else if (derived !== undefined) {
      values[name] = normalizePath(derived);
    }
  };
  set('PACKAGE_ROOT', packageRoot);
  set('EVOLCORE_HOME', home);
  const at = (name: string, ...rest: string[]): string | undefined =>
    values[name] === undefined ? undefined : joinPath(values[name], ...rest);
  set('KITS', at('PACKAGE_ROOT', 'kits'));
  set('KITS_RULES', at('KITS', 'rules'));
  set('KITS_DOCS', at('KITS', 'docs'));
  set('KITS_TEMPLATES', at('KITS', 'templates'));
  set('KITS_FRAGMENTS', at('KITS_TEMPLATES', 'system-fragments'));
  set('ECK', at('EVOLCORE_HOME', 'eck'));
  // AGENT_DIR exists only when selfAid is truthy; the agent's sub-folders only with it.
  const selfAid = vars.selfAid;
  set('AGENT_DIR', isTruthy(selfAid) ? at('EVOLCORE_HOME', 'agents', String(selfAid)) : undefined);
  set('PERSONAL_DIR', at('AGENT_DIR', 'personal'));
  set('RELATIONS_DIR', at('AGENT_DIR', 'relations'));
  set('VENUES_DIR', at('AGENT_DIR', 'venues'));
  set('CURRENT_PROJECT', undefined);
  return { values, explicit };
}

/**
 * The derived path vars as the Vars tab lists them: value as the last render used it, how it is
 * derived, and whether the vars override it (docs/engine.md §1: an explicit path var wins).
 */
import { PATH_VAR_NAMES } from '../../../../shared/engine';
import { getVarSpec } from '../../../../shared/vars/catalog';

/** One path var row. */
export interface PathVarRow {
  readonly name: string;
  /** The value the render used; `null` when it has none (AGENT_DIR without selfAid). */
  readonly value: string | null;
  readonly derivation: string | null;
  /** `workspace` roots, `derived` ones, `vars` (CURRENT_PROJECT: only from the vars). */
  readonly source: 'workspace' | 'derived' | 'vars';
  /** The vars set it explicitly. */
  readonly overridden: boolean;
}

/** Rows for every path var, in derivation order. */
export function pathVarRows(
  vars: Readonly<Record<string, unknown>>,
  pathVars: Readonly<Record<string, string>>,
): PathVarRow[] {
  return PATH_VAR_NAMES.map((name) => {
    const spec = getVarSpec(name);
    const given = vars[name];
    const overridden = typeof given === 'string' && given !== '';
    return {
      name,
      value: pathVars[name] ?? null,
      derivation: spec?.derivation ?? (spec?.pathSource === 'workspace' ? 'workspace' : null),
      source: spec?.pathSource ?? 'derived',
      overridden,
    };
  });
}

/** Overriding a path var pins its current value in the vars, ready to edit; clearing removes it. */
export function overridePathVar(
  vars: Readonly<Record<string, unknown>>,
  row: PathVarRow,
  on: boolean,
): Record<string, unknown> {
  const out = { ...vars };
  if (on) out[row.name] = row.value ?? '';
  else delete out[row.name];
  return out;
}

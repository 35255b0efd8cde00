/** The vars catalog as the kit lint's VarKnowledge. */
import type { VarKnowledge } from '../../shared/lint/kit-lint';
import { getVarSpec } from '../../shared/vars/catalog';
import { suggestVarName } from '../../shared/vars/suggest';

/** Known = in the catalog; numeric = catalog type number. */
export const catalogVarKnowledge: VarKnowledge = {
  isKnown: (name) => getVarSpec(name) !== undefined,
  isNumeric: (name) => getVarSpec(name)?.type === 'number',
  suggest: (name) => suggestVarName(name),
};

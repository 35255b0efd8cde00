/** Pure explanations of the engine's decisions, for the Timeline's "why". */
export type * from './types';
export { explainCondition, fixCondition, truthySuggestions } from './condition';
export { explainTokens } from './unresolved';
export { explainSection, explainSections, type ExplainContext } from './explain-section';
export { estimateTokens } from './estimate-tokens';

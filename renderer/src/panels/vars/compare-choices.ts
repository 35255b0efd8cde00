/**
 * The scenarios the compare view offers: the current one, every preset, every saved one.
 */
import type { PresetId, Scenario } from '../../../../shared/api';
import { PRESET_IDS } from '../../../../shared/api';
import { presetScenarioFor } from '../../../../shared/scenarios/presets';
import type { SavedScenario } from '../../../../shared/scenarios/scenario-file';

/** A choice of the compare view, by a stable value string. */
export type CompareChoice =
  | { readonly kind: 'current' }
  | { readonly kind: 'preset'; readonly id: PresetId }
  | { readonly kind: 'saved'; readonly name: string };

/** The value a choice has in a `<select>`. */
export function choiceValue(choice: CompareChoice): string {
  switch (choice.kind) {
    case 'current':
      return 'current';
    case 'preset':
      return `preset:${choice.id}`;
    case 'saved':
      return `saved:${choice.name}`;
  }
}

/** Every choice: current, presets, saved scenarios. */
export function compareChoices(saved: readonly SavedScenario[]): CompareChoice[] {
  return [
    { kind: 'current' },
    ...PRESET_IDS.map((id): CompareChoice => ({ kind: 'preset', id })),
    ...saved.map((s): CompareChoice => ({ kind: 'saved', name: s.name })),
  ];
}

/** The scenario of a choice value; `null` when it no longer exists (a deleted saved one). */
export function scenarioOfChoice(
  value: string,
  current: Scenario,
  saved: readonly SavedScenario[],
): Scenario | null {
  if (value === 'current') return current;
  if (value.startsWith('preset:')) {
    const id = PRESET_IDS.find((p) => p === value.slice('preset:'.length));
    if (id === undefined) return null;
    const aid = current.vars['selfAid'];
    return presetScenarioFor(id, typeof aid === 'string' && aid !== '' ? aid : null);
  }
  if (value.startsWith('saved:'))
    return saved.find((s) => s.name === value.slice('saved:'.length))?.scenario ?? null;
  return null;
}

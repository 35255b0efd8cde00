/**
 * The scenario slice: vars + session type + manifest of the current render, and the workspace
 * bar's actions on it (preset, agent, session type).
 */
import type { InspectorApi, PresetId, Scenario } from '../../../shared/api';
import { presetScenarioFor } from '../../../shared/scenarios/presets';
import type { SliceCreator } from './app-state';

/** State and actions of the scenario. */
export interface ScenarioSlice {
  readonly scenario: Scenario | null;
  /** The API, for panels that call methods without a store action (Vars: render, saved scenarios). */
  readonly api: InspectorApi;
  /**
   * Makes a scenario current on the main side, which renders it and pushes the result; the
   * answer is that render's `seq` only (the report travels once).
   */
  applyScenario(scenario: Scenario): Promise<void>;
  choosePreset(id: PresetId): Promise<void>;
  chooseAgent(aid: string): Promise<void>;
  chooseSessionType(sessionType: string): Promise<void>;
}

/** The agent a scenario speaks as, if any. */
export function agentOf(scenario: Scenario | null): string | null {
  const aid = scenario?.vars['selfAid'];
  return typeof aid === 'string' && aid !== '' ? aid : null;
}

/** The scenario speaking as another agent; a scenario without an agent (coding) gains one. */
export function withAgent(scenario: Scenario, aid: string): Scenario {
  return { ...scenario, presetId: scenario.presetId, vars: { ...scenario.vars, selfAid: aid } };
}

/** Creates the scenario slice. */
export const createScenarioSlice: SliceCreator<ScenarioSlice> = (api) => (set, get) => ({
  scenario: null,
  api,
  async applyScenario(scenario) {
    // Sent first, so the main side renders while the optimistic update below re-renders the bar
    // (a keystroke's render must not wait behind the UI work it causes).
    const sent = api.setScenario(scenario);
    // Optimistic: the bar shows the choice at once; the render arrives as onDidRender.
    set({ scenario });
    const result = await sent;
    if (result.ok) get().awaitRender(result.value.seq);
    else get().pushError(result.error);
  },
  choosePreset: (id) => get().applyScenario(presetScenarioFor(id, agentOf(get().scenario))),
  async chooseAgent(aid) {
    const current = get().scenario;
    if (current !== null) await get().applyScenario(withAgent(current, aid));
  },
  async chooseSessionType(sessionType) {
    const current = get().scenario;
    if (current !== null) await get().applyScenario({ ...current, sessionType });
  },
});

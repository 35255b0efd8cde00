/**
 * The scenario: what one render depends on besides the files — vars, session type and an
 * optional forced manifest file (docs/design.md §Concepts).
 */
import { z } from 'zod';
import { withoutNul } from '../base/path-field';

/** Ids of the built-in scenario presets (shared/scenarios/presets.ts). */
export const PRESET_IDS = [
  'coding',
  'private-owner',
  'private-visitor',
  'group-member',
  'auxiliary',
  'message-batch',
] as const;

/** One of the built-in presets. */
export type PresetId = (typeof PRESET_IDS)[number];

/** Schema of a scenario as it crosses the API. */
export const scenarioSchema = z.strictObject({
  /** The preset it started from; `null` once the user built their own. */
  presetId: z.enum(PRESET_IDS).nullable(),
  /** Runtime vars; an object, because the engine renders anything else with `{}`. */
  vars: z.record(z.string(), z.unknown()),
  /** `session.sessionType`; `main` when empty. */
  sessionType: withoutNul(z.string().min(1).max(200)),
  /** Forces the manifest file (skips `sessionManifests`); `null` lets the engine choose. */
  manifestFile: withoutNul(
    z.string().regex(/^[^/\\]+\.json$/, 'a manifest file name in kits/, such as eck_manifest.json'),
  ).nullable(),
});

/** Vars + session type + manifest choice for one render. */
export type Scenario = z.infer<typeof scenarioSchema>;

/**
 * The InspectorApi methods of the Manifest tab, spread into shared/api/methods.ts.
 */
import { z } from 'zod';
import { manifestFileField } from '../../base/path-field';
import type { RenderResult } from '../models';
import { scenarioSchema } from '../../scenarios/scenario';
import type { ManifestFilePair, SaveOverrideResult } from '../../override/override-file';

/** A manifest file name in `kits/` (one segment, `.json`), such as `eck_manifest.json`. */
const manifestFile = manifestFileField;

/** Largest override text accepted: manifests are small; this only stops a runaway payload. */
export const MAX_OVERRIDE_TEXT = 2 * 1024 * 1024;

/** Input schemas of the Manifest tab's methods. */
export const overrideMethodInputs = {
  /** Base and override of a manifest file, as they are on disk. */
  loadManifestPair: z.strictObject({ manifestFile }),
  /** Renders a scenario for one manifest file without the draft and, when given, with it. */
  renderDraft: z.strictObject({
    scenario: scenarioSchema,
    manifestFile,
    /** The draft override text, `null` for "no override", absent for no draft render. */
    overrideText: z.string().max(MAX_OVERRIDE_TEXT).nullable().optional(),
  }),
  /** Validates and writes the override of a manifest file. */
  saveOverride: z.strictObject({
    manifestFile,
    text: z.string().max(MAX_OVERRIDE_TEXT),
    expectedHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    force: z.boolean(),
  }),
} as const;

/** The render with the override on disk, and the render with the draft. */
export interface DraftRenders {
  readonly saved: RenderResult;
  /** `null` when no draft text was sent. */
  readonly draft: RenderResult | null;
}

/** Outputs of the Manifest tab's methods. */
export interface OverrideMethodOutputs {
  loadManifestPair: ManifestFilePair;
  renderDraft: DraftRenders;
  saveOverride: SaveOverrideResult;
}

/**
 * The InspectorApi methods of the override's kept versions, spread into
 * shared/api/methods.ts: list them, read one against the file now, restore one.
 */
import { z } from 'zod';
import { manifestFileField } from '../../base/path-field';
import { scenarioSchema } from '../../scenarios/scenario';
import type {
  OverrideVersionList,
  OverrideVersionRead,
  RestoreVersionResult,
} from '../../override/override-versions';
import { VERSION_ID } from '../../override/override-versions';

/** A version's id (never a path: the store names its files by it). */
const versionId = z.string().regex(VERSION_ID);

/** Input schemas. */
export const overrideVersionMethodInputs = {
  /** The kept versions of a manifest file's override, newest first. */
  listOverrideVersions: z.strictObject({ manifestFile: manifestFileField }),
  /** One version's text against the file now, and what restoring it would change in the render. */
  readOverrideVersion: z.strictObject({
    manifestFile: manifestFileField,
    id: versionId,
    scenario: scenarioSchema,
  }),
  /** Writes a version back through the save (conflict check, atomic write, the file now kept). */
  restoreOverrideVersion: z.strictObject({
    manifestFile: manifestFileField,
    id: versionId,
    expectedHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
  }),
} as const;

/** Outputs. */
export interface OverrideVersionMethodOutputs {
  listOverrideVersions: OverrideVersionList;
  readOverrideVersion: OverrideVersionRead;
  restoreOverrideVersion: RestoreVersionResult;
}

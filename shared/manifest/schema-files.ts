/**
 * The schema files shipped in `schemas/` and the generator of each: what `npm run schemas`
 * writes and what `schema-files.test.ts` compares them with.
 */
import { buildVarsJsonSchema } from '../vars/schema';
import type { JsonSchema } from '../vars/json-schema';
import { buildManifestJsonSchema } from './schema';

/** File name under `schemas/` → the schema it holds. */
export const SCHEMA_FILES: Readonly<Record<string, () => JsonSchema>> = {
  'eck-manifest.schema.json': () => buildManifestJsonSchema('base'),
  'eck-manifest-override.schema.json': () => buildManifestJsonSchema('override'),
  'vars.schema.json': () => buildVarsJsonSchema(),
};

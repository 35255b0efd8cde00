// The shipped schema files must not drift from the generators. They are imported as JSON
// modules rather than read with node:fs because shared/ is typechecked without node types;
// and they are compared as data (key order included), not as text, because `prettier --check`
// formats them (short arrays on one line) unlike JSON.stringify.
import { describe, expect, it } from 'vitest';
import manifestOverrideFile from '../../schemas/eck-manifest-override.schema.json';
import manifestFile from '../../schemas/eck-manifest.schema.json';
import varsFile from '../../schemas/vars.schema.json';
import { SCHEMA_FILES } from './schema-files';

const REGENERATE =
  'schemas/ is stale: run `npm run schemas` (scripts/build-schemas.ts) and commit the result';

const SHIPPED: Readonly<Record<string, unknown>> = {
  'eck-manifest.schema.json': manifestFile,
  'eck-manifest-override.schema.json': manifestOverrideFile,
  'vars.schema.json': varsFile,
};

describe('schemas/*.schema.json', () => {
  it('ships exactly the generated files', () => {
    expect(Object.keys(SHIPPED).sort(), REGENERATE).toEqual(Object.keys(SCHEMA_FILES).sort());
  });

  it.each(Object.entries(SCHEMA_FILES))('%s equals the generated schema', (name, build) => {
    expect(JSON.stringify(SHIPPED[name], null, 2), REGENERATE).toBe(JSON.stringify(build(), null, 2));
  });
});

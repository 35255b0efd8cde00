// The shipped schema files must not drift from the generators. They are imported as JSON
// modules rather than read with node:fs because shared/ is typechecked without node types;
// and they are compared as data (key order included), not as text, because `prettier --check`
// formats them (short arrays on one line) unlike JSON.stringify.
import { describe, expect, it } from 'vitest';
import manifestOverrideFile from '../../schemas/eck-manifest-override.schema.json';
import manifestFile from '../../schemas/eck-manifest.schema.json';
import varsFile from '../../schemas/vars.schema.json';
import { buildVarsJsonSchema } from '../vars/schema';
import { buildManifestJsonSchema } from './schema';

// To regenerate after changing a generator, from the repo root:
//   npx tsx -e "import {writeFileSync as w} from 'node:fs'; import {buildManifestJsonSchema as m} from
//   './shared/manifest/schema'; import {buildVarsJsonSchema as v} from './shared/vars/schema';
//   const j=(o: unknown)=>JSON.stringify(o,null,2)+'\n'; w('schemas/eck-manifest.schema.json',j(m('base')));
//   w('schemas/eck-manifest-override.schema.json',j(m('override'))); w('schemas/vars.schema.json',j(v()));"
//   npx prettier --write schemas/
const REGENERATE =
  'schemas/ is stale: regenerate it (command at the top of shared/manifest/schema-files.test.ts)';

describe('schemas/*.schema.json', () => {
  it.each([
    ['eck-manifest.schema.json', manifestFile, buildManifestJsonSchema('base')],
    ['eck-manifest-override.schema.json', manifestOverrideFile, buildManifestJsonSchema('override')],
    ['vars.schema.json', varsFile, buildVarsJsonSchema()],
  ])('%s equals the generated schema', (_file, shipped, generated) => {
    expect(JSON.stringify(shipped, null, 2), REGENERATE).toBe(JSON.stringify(generated, null, 2));
  });
});

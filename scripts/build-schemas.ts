/**
 * `npm run schemas`: writes `schemas/*.schema.json` from their generators (the manifest's from
 * shared/format through shared/manifest/schema.ts, the vars' from the catalog), formatted with
 * the repo's Prettier settings so `prettier --check` passes. `shared/manifest/schema-files.test.ts`
 * (part of `npm test`) fails when the files and the generators disagree.
 *
 *   npm run schemas            rewrite the files that changed
 *   npm run schemas -- --check only say which files are stale (exit 1 when any is)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { SCHEMA_FILES } from '../shared/manifest/schema-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes('--check');
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`schemas: unknown argument ${unknown.join(' ')} (only --check)\n`);
    return 2;
  }
  let stale = 0;
  for (const [name, build] of Object.entries(SCHEMA_FILES)) {
    const file = path.join(root, 'schemas', name);
    const options = (await prettier.resolveConfig(file)) ?? {};
    const text = await prettier.format(JSON.stringify(build(), null, 2), { ...options, filepath: file });
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (current === text) continue;
    stale++;
    if (check) {
      process.stdout.write(`stale: schemas/${name}\n`);
      continue;
    }
    // Temp file + rename: a half-written schema never replaces a good one.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, file);
    process.stdout.write(`wrote schemas/${name}\n`);
  }
  if (stale === 0) process.stdout.write('schemas/ is current\n');
  return check && stale > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));

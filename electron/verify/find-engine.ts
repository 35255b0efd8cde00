/**
 * Where an installed evolcore (or evolclaw) keeps its built engine: the module that exports
 * `renderKitSections`. Looked for in this order, and every place looked at is kept,
 * so "no engine" can say what was tried:
 *
 * 1. `--engine FILE` (or the UI's choice): that file, nothing else;
 * 2. the package's own entry points: `package.json` `exports` (the "." entry's strings, `import`
 *    and `default` and `node` first) and `main`;
 * 3. files named `kit-renderer.{js,mjs,cjs}` under `dist/`, `lib/`, `build/` or `out/`, at most
 *    4 folders deep, breadth first (the shallowest wins; names sorted for a stable choice).
 *
 * A candidate counts only when its text *exports* `renderKitSections` as ES modules, CommonJS or
 * a bundler write it (an export can't be confirmed without running the file, and running it is
 * the child's job, in its box); a file that merely names it — this inspector's own bundle, which
 * calls it — does not count.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The engine found, or what was looked at. */
export type EngineLookup =
  | {
      readonly found: true;
      readonly file: string;
      /** How it was found, for the answer's words. */
      readonly how: 'option' | 'package-entry' | 'search';
      readonly product: { readonly name: string; readonly version: string | null };
    }
  | { readonly found: false; readonly looked: readonly string[]; readonly why: string };

const SEARCH_ROOTS = ['dist', 'lib', 'build', 'out'];
const ENGINE_NAMES = new Set(['kit-renderer.js', 'kit-renderer.mjs', 'kit-renderer.cjs']);
const MAX_DEPTH = 4;
/** A built engine is a few hundred KB at most; a bigger file is not read to look for the name. */
const MAX_CANDIDATE_BYTES = 16 * 1024 * 1024;
/** Folders visited while searching, so a huge `dist/` cannot stall Verify. */
const MAX_FOLDERS = 2000;

interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly main?: unknown;
  readonly exports?: unknown;
}

function readPackageJson(packageRoot: string): PackageJson | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as PackageJson)
      : null;
  } catch {
    return null;
  }
}

/** The string targets of `exports["."]` (or `exports` itself), preferred conditions first. */
function exportTargets(exportsField: unknown): string[] {
  if (typeof exportsField === 'string') return [exportsField];
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) return [];
  const record = exportsField as Record<string, unknown>;
  const dot =
    '.' in record ? record['.'] : Object.keys(record).some((k) => k.startsWith('.')) ? undefined : record;
  if (dot === undefined) return [];
  if (typeof dot === 'string') return [dot];
  if (typeof dot !== 'object' || dot === null || Array.isArray(dot)) return [];
  const conditions = dot as Record<string, unknown>;
  const out: string[] = [];
  for (const key of ['import', 'node', 'default', 'require']) {
    const v = conditions[key];
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const d = (v as Record<string, unknown>)['default'];
      if (typeof d === 'string') out.push(d);
    }
  }
  return out;
}

/**
 * The export forms: `export function renderKitSections`, `export { … renderKitSections … }` (also
 * `x as renderKitSections`), `exports.renderKitSections =`, esbuild's and tsc's
 * `__export(…, { renderKitSections: … })` / `Object.defineProperty(exports, "renderKitSections"`.
 */
const EXPORTS_ENGINE =
  /export\s+(?:async\s+)?function\s*\*?\s*renderKitSections\b|export\s+(?:const|let|var)\s+renderKitSections\b|export\s*\{[^}]*\brenderKitSections\b[^}]*\}|exports\.renderKitSections\s*=|__export\([^)]*\brenderKitSections\s*:|defineProperty\(\s*exports\s*,\s*["']renderKitSections["']/;

/** `true` when `file` is a regular file, small enough, that exports `renderKitSections`. */
export function exportsEngine(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_CANDIDATE_BYTES) return false;
    return EXPORTS_ENGINE.test(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

/** `kit-renderer.*` files under the search roots, shallowest first. */
function searchEngineFiles(packageRoot: string, looked: string[]): string[] {
  const found: string[] = [];
  let visited = 0;
  for (const root of SEARCH_ROOTS) {
    let level = [path.join(packageRoot, root)];
    looked.push(`${root}/**/kit-renderer.{js,mjs,cjs} (${MAX_DEPTH} levels)`);
    for (let depth = 0; depth <= MAX_DEPTH && level.length > 0 && visited < MAX_FOLDERS; depth++) {
      const next: string[] = [];
      for (const dir of level) {
        if (++visited > MAX_FOLDERS) break;
        let entries: fs.Dirent[];
        try {
          entries = fs.readdirSync(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const e of entries) {
          const p = path.join(dir, e.name);
          // Links are not followed: a package's own build output has none, and a loop must not stall.
          if (e.isFile() && ENGINE_NAMES.has(e.name)) found.push(p);
          else if (e.isDirectory() && e.name !== 'node_modules') next.push(p);
        }
      }
      level = next;
    }
  }
  return found;
}

/** Finds the built engine of the package root (or checks the one given). */
export function findInstalledEngine(packageRoot: string, explicit?: string): EngineLookup {
  const pkg = readPackageJson(packageRoot);
  const product = {
    name: typeof pkg?.name === 'string' ? pkg.name : path.basename(packageRoot),
    version: typeof pkg?.version === 'string' ? pkg.version : null,
  };
  if (explicit !== undefined) {
    const file = path.resolve(explicit);
    return exportsEngine(file)
      ? { found: true, file, how: 'option', product }
      : { found: false, looked: [file], why: `${file} is not a file that exports renderKitSections` };
  }
  const looked: string[] = [];
  if (pkg === null) {
    return {
      found: false,
      looked: [path.join(packageRoot, 'package.json')],
      why: `${packageRoot} has no readable package.json: it is not an installed evolcore or evolclaw`,
    };
  }
  const entries = [...exportTargets(pkg.exports), ...(typeof pkg.main === 'string' ? [pkg.main] : [])];
  for (const entry of entries) {
    const file = path.resolve(packageRoot, entry);
    looked.push(path.relative(packageRoot, file) || entry);
    if (exportsEngine(file)) return { found: true, file, how: 'package-entry', product };
  }
  for (const file of searchEngineFiles(packageRoot, looked)) {
    if (exportsEngine(file)) return { found: true, file, how: 'search', product };
  }
  return {
    found: false,
    looked,
    why: `no built engine (a module exporting renderKitSections) in ${packageRoot}`,
  };
}

/**
 * What a workspace holds: agents, manifest files and session types.
 * Reads through an EngineFs so the same code runs over the disk and over test trees.
 */
import type { AgentInfo } from '../../shared/api';
import type { EngineFs, Product } from '../../shared/engine';

/** `eck_manifest.json` and `eck_manifest.<type>.json`; `eck_message_manifest.json` is not one. */
const MANIFEST_FILE = /^eck_manifest(?:\.([^/\\]+))?\.json$/;

/** Joins with `/`, as the engine's paths are. */
export function joinPath(...parts: readonly string[]): string {
  return parts.join('/').replace(/\/{2,}/g, '/');
}

function isDirectory(fs: EngineFs, p: string): boolean {
  const st = fs.stat(p);
  return 'kind' in st && st.kind === 'directory';
}

function isFile(fs: EngineFs, p: string): boolean {
  const st = fs.stat(p);
  return 'kind' in st && st.kind === 'file';
}

/** Agent folders under `$EVOLCORE_HOME/agents/`, by name. */
export function listAgents(fs: EngineFs, home: string): AgentInfo[] {
  const agentsDir = joinPath(home, 'agents');
  const entries = fs.list(agentsDir);
  if (!Array.isArray(entries)) return [];
  const agents: AgentInfo[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const dir = joinPath(agentsDir, entry.name);
    // A symlinked agent folder is followed by stat, as the engine follows it.
    if (entry.kind !== 'directory' && !(entry.kind === 'symlink' && isDirectory(fs, dir))) continue;
    agents.push({
      aid: entry.name,
      path: dir,
      hasConfig: isFile(fs, joinPath(dir, 'config.json')),
      hasPersona: isFile(fs, joinPath(dir, 'personal', 'persona.md')),
    });
  }
  return agents.sort((a, b) => (a.aid < b.aid ? -1 : a.aid > b.aid ? 1 : 0));
}

/** Manifest files in `$KITS`, `eck_manifest.json` first. */
export function listManifestFiles(fs: EngineFs, packageRoot: string): string[] {
  const entries = fs.list(joinPath(packageRoot, 'kits'));
  if (!Array.isArray(entries)) return [];
  return entries
    .filter((e) => e.kind !== 'directory' && MANIFEST_FILE.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => (a === 'eck_manifest.json' ? -1 : b === 'eck_manifest.json' ? 1 : a < b ? -1 : 1));
}

/** The session type a manifest file name stands for (`eck_manifest.json` → `main`). */
export function sessionTypeOfManifest(file: string): string | null {
  const m = MANIFEST_FILE.exec(file);
  if (m === null) return null;
  return m[1] ?? 'main';
}

/**
 * Session types found: `main`, one per `eck_manifest.<type>.json`, and every key of the agents'
 * `sessionManifests` (reference, "多 manifest": the mapping lives in the agent config).
 */
export function listSessionTypes(
  fs: EngineFs,
  manifestFiles: readonly string[],
  agents: readonly AgentInfo[],
): string[] {
  const types = new Set<string>(['main']);
  for (const file of manifestFiles) {
    const t = sessionTypeOfManifest(file);
    if (t !== null) types.add(t);
  }
  for (const agent of agents) {
    if (!agent.hasConfig) continue;
    const text = fs.readText(joinPath(agent.path, 'config.json'));
    if (typeof text !== 'string') continue;
    for (const key of sessionManifestKeys(text)) types.add(key);
  }
  return [...types];
}

function sessionManifestKeys(configText: string): string[] {
  try {
    const config: unknown = JSON.parse(configText);
    if (typeof config !== 'object' || config === null) return [];
    const map = (config as Record<string, unknown>)['sessionManifests'];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) return [];
    return Object.keys(map);
  } catch {
    // A broken config is the engine's to report (config-parse-error); discovery just skips it.
    return [];
  }
}

/**
 * Which product a package root belongs to, from its `package.json` name: `evolclaw`
 * (or a scoped `@x/evolclaw`) is evolclaw; anything else, or no readable name, is evolcore.
 */
export function productOfPackageName(name: string | null): Product {
  return name !== null && /^(?:@[^/]+\/)?evolclaw$/i.test(name.trim()) ? 'evolclaw' : 'evolcore';
}

/** The `name` of a `package.json` text; null when it is not JSON or has no string name. */
export function packageNameOf(packageJsonText: string | null): string | null {
  if (packageJsonText === null) return null;
  try {
    const pkg: unknown = JSON.parse(packageJsonText);
    if (typeof pkg !== 'object' || pkg === null) return null;
    const name = (pkg as Record<string, unknown>)['name'];
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** The product of a package root, read through an EngineFs. */
export function productOfPackageRoot(fs: EngineFs, packageRoot: string): Product {
  const text = fs.readText(joinPath(packageRoot, 'package.json'));
  return productOfPackageName(packageNameOf(typeof text === 'string' ? text : null));
}

/**
 * Re-rooting a recorded scenario onto the open workspace.
 *
 * A `vars-<ts>.json` records the effective vars, path vars included (`PACKAGE_ROOT`,
 * `EVOLCORE_HOME`, `KITS`, `AGENT_DIR`, …), and an explicit path var wins over derivation
 * (docs/engine.md §1). Replayed as it is, a snapshot written on another machine (or by the
 * demo generator, which pretends the kit lives at /opt/evolcore) would read files that are
 * not there. Re-rooting maps the recorded package root and home prefixes of every path var
 * onto the current ones.
 */
import type { Product } from '../engine';
import { derivePathVars } from '../engine';
import { getVarSpec } from '../vars/catalog';

/** The two roots a snapshot was recorded under, or is replayed under. */
export interface Roots {
  readonly packageRoot: string;
  readonly home: string;
  /** Whose engine renders there (default evolcore); a bundle keeps its exporter's. */
  readonly product?: Product;
}

/** Where to map from and to. `from` values may be `null` when the recording did not tell. */
export interface RerootMapping {
  readonly fromPackageRoot: string | null;
  readonly fromHome: string | null;
  readonly toPackageRoot: string;
  readonly toHome: string;
}

/** What `rerootVars` changed. */
export interface RerootResult {
  readonly vars: Record<string, unknown>;
  /** Names of the path vars whose value was mapped, in key order. */
  readonly changed: readonly string[];
}

/** `/a/b/` → `/a/b`; backslashes become slashes, so Windows recordings map too. */
function normalise(p: string): string {
  const slashed = p.replace(/\\/g, '/');
  return slashed.length > 1 ? slashed.replace(/\/+$/, '') : slashed;
}

/** `path` with `from` replaced by `to` when `from` is a prefix at a path boundary, else `null`. */
function mapPrefix(path: string, from: string, to: string): string | null {
  if (path === from) return to;
  if (path.startsWith(from.endsWith('/') ? from : `${from}/`)) return to + path.slice(from.length);
  return null;
}

/** A var whose value is a path: a catalog path var, or any upper-case name (evolcore may add some). */
function isPathVarName(name: string): boolean {
  const spec = getVarSpec(name);
  if (spec !== undefined) return spec.pathVar;
  return /^[A-Z][A-Z0-9_]*$/.test(name);
}

/**
 * Maps every path var under a recorded root onto the current root. The longer matching root
 * wins (a home inside the package root maps as the home). Other vars are untouched, and a path
 * var outside both roots (`CURRENT_PROJECT` elsewhere) keeps its value.
 */
export function rerootVars(vars: Readonly<Record<string, unknown>>, mapping: RerootMapping): RerootResult {
  const pairs: { from: string; to: string }[] = [];
  if (mapping.fromPackageRoot) {
    pairs.push({ from: normalise(mapping.fromPackageRoot), to: normalise(mapping.toPackageRoot) });
  }
  if (mapping.fromHome) pairs.push({ from: normalise(mapping.fromHome), to: normalise(mapping.toHome) });
  pairs.sort((a, b) => b.from.length - a.from.length);
  const out: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const [name, value] of Object.entries(vars)) {
    out[name] = value;
    if (typeof value !== 'string' || value === '' || !isPathVarName(name)) continue;
    const path = normalise(value);
    for (const { from, to } of pairs) {
      const mapped = mapPrefix(path, from, to);
      if (mapped === null) continue;
      if (mapped !== value) {
        out[name] = mapped;
        changed.push(name);
      }
      break;
    }
  }
  return { vars: out, changed };
}

/** Strips a trailing `/<tail>` (`/opt/evolcore/kits` → `/opt/evolcore`), or `null` without it. */
function parentOf(path: string, tail: string): string | null {
  const p = normalise(path);
  return p.endsWith(`/${tail}`) ? p.slice(0, -tail.length - 1) || '/' : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Hints besides the vars: the base and override paths of the recorded manifest report. */
export interface RecordedPaths {
  readonly basePath?: string | null;
  readonly overridePath?: string | null;
}

/** `<home>/agents/<selfAid>/<tail>` → `<home>`, or `null` when the path is not laid out so. */
function homeOfAgentPath(path: string | null, selfAid: string | null, tail: string): string | null {
  if (path === null || selfAid === null) return null;
  const agentDir = tail === '' ? normalise(path) : parentOf(path, tail);
  const agents = agentDir === null ? null : parentOf(agentDir, selfAid);
  return agents === null ? null : parentOf(agents, 'agents');
}

/**
 * The roots a snapshot was recorded under: its `PACKAGE_ROOT` / `EVOLCORE_HOME` (evolclaw's
 * records: `EVOLCLAW_HOME`), else what `KITS` / `ECK` imply, else the agent's folders
 * (`<home>/agents/<selfAid>/personal`, … as evolclaw's builder writes them), else the
 * manifest report's base (`<root>/kits/<file>`) and override (`<home>/eck/<file>`) paths.
 * `null` for a root nothing tells.
 */
export function recordedRoots(
  vars: Readonly<Record<string, unknown>>,
  report: RecordedPaths = {},
): { readonly packageRoot: string | null; readonly home: string | null } {
  const kitsOfBase = report.basePath
    ? parentOf(normalise(report.basePath).replace(/\/[^/]*$/, ''), 'kits')
    : null;
  const eckOfOverride = report.overridePath
    ? parentOf(normalise(report.overridePath).replace(/\/[^/]*$/, ''), 'eck')
    : null;
  const kits = str(vars['KITS']);
  const eck = str(vars['ECK']);
  const selfAid = str(vars['selfAid']);
  const ofAgent =
    homeOfAgentPath(str(vars['AGENT_DIR']), selfAid, '') ??
    homeOfAgentPath(str(vars['PERSONAL_DIR']), selfAid, 'personal') ??
    homeOfAgentPath(str(vars['RELATIONS_DIR']), selfAid, 'relations') ??
    homeOfAgentPath(str(vars['VENUES_DIR']), selfAid, 'venues');
  return {
    packageRoot: str(vars['PACKAGE_ROOT']) ?? (kits && parentOf(kits, 'kits')) ?? kitsOfBase,
    home:
      str(vars['EVOLCORE_HOME']) ??
      str(vars['EVOLCLAW_HOME']) ??
      (eck && parentOf(eck, 'eck')) ??
      ofAgent ??
      eckOfOverride,
  };
}

/**
 * Drops the explicit path vars whose value is exactly what derivation would give on `roots`,
 * so a re-rooted scenario shows them as derived (and they follow a later change of `selfAid`)
 * while rendering exactly the same. Path vars that differ stay as overrides.
 */
export function dropDerivablePathVars(
  vars: Readonly<Record<string, unknown>>,
  roots: Roots,
): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(vars)) {
    if (getVarSpec(name)?.pathSource !== 'workspace' && getVarSpec(name)?.pathSource !== 'derived') {
      content[name] = value;
    }
  }
  // Derive as evolcore's builder does: every path var from the package root and the home (no
  // chains: a kept KITS does not move KITS_RULES), then the kept overrides on top.
  const out: Record<string, unknown> = { ...content };
  const derived = derivePathVars(roots.packageRoot, roots.home, out);
  const order = Object.keys(derived.values);
  for (const name of order) {
    if (!(name in vars) || name in content) continue;
    const now = derivePathVars(roots.packageRoot, roots.home, out).values[name];
    const given = vars[name];
    if (typeof given === 'string' && now !== undefined && normalise(given) === now) continue;
    out[name] = given;
  }
  // Recorded path vars derivation does not produce here (AGENT_DIR without selfAid) stay; the
  // other product's name of the home (EVOLCLAW_HOME on an evolcore render, or the reverse) is
  // dropped when it is the home: the engine of the workspace's product derives its own.
  const home = normalise(roots.home);
  for (const [name, value] of Object.entries(vars)) {
    if (name in out || order.includes(name)) continue;
    const isHomeAlias = name === 'EVOLCLAW_HOME' || name === 'EVOLCORE_HOME';
    if (isHomeAlias && typeof value === 'string' && normalise(value) === home) continue;
    out[name] = value;
  }
  // Keep the recorded key order for what remains.
  const ordered: Record<string, unknown> = {};
  for (const name of Object.keys(vars)) if (name in out) ordered[name] = out[name];
  return ordered;
}

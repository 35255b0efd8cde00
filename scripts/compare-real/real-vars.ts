/**
 * What the real engine is given for a render, built as the real response-engine does and as
 * tools/evolclaw-oracle/harness.mjs does (so both tools judge the same inputs): the path vars
 * from the package root P and the home H, then the given vars on top (a path var given as null
 * keeps the derived value). Also which manifest file the real code would pick.
 */
import fs from 'node:fs';
import path from 'node:path';

const PATH_VARS = new Set([
  'EVOLCLAW_HOME',
  'EVOLCORE_HOME',
  'PACKAGE_ROOT',
  'KITS',
  'KITS_RULES',
  'KITS_DOCS',
  'KITS_TEMPLATES',
  'KITS_FRAGMENTS',
  'KITS_MESSAGE_FRAGMENTS',
  'ECK',
  'AGENT_DIR',
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
  'CURRENT_PROJECT',
]);

/**
 * The vars of one real render. Besides the real response-engine's own path vars this sets
 * EVOLCORE_HOME, ECK and AGENT_DIR as docs/engine.md §1 derives them: the kits and cases are
 * written for evolcore, whose manifests use those names.
 */
export function buildRealVars(
  P: string,
  H: string,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kits = path.join(P, 'kits');
  const v: Record<string, unknown> = {
    EVOLCLAW_HOME: H,
    PACKAGE_ROOT: P,
    KITS: kits,
    KITS_RULES: path.join(kits, 'rules'),
    KITS_DOCS: path.join(kits, 'docs'),
    KITS_TEMPLATES: path.join(kits, 'templates'),
    KITS_FRAGMENTS: path.join(kits, 'templates', 'system-fragments'),
    KITS_MESSAGE_FRAGMENTS: path.join(kits, 'templates', 'message-fragments'),
    EVOLCORE_HOME: H,
    ECK: path.join(H, 'eck'),
  };
  const selfAid = given['selfAid'];
  if (selfAid) {
    const givenAgentDir = given['AGENT_DIR'];
    const agentDir =
      givenAgentDir !== undefined && givenAgentDir !== null
        ? String(givenAgentDir)
        : path.join(H, 'agents', String(selfAid));
    v['AGENT_DIR'] = agentDir;
    v['PERSONAL_DIR'] = path.join(agentDir, 'personal');
    v['RELATIONS_DIR'] = path.join(agentDir, 'relations');
    v['VENUES_DIR'] = path.join(agentDir, 'venues');
  }
  for (const [k, val] of Object.entries(given)) {
    if (PATH_VARS.has(k) && val === null) continue;
    v[k] = val;
  }
  // evolcore's engine is this code with evolcore's names: where it reads vars.EVOLCLAW_HOME (the
  // $EVOLCLAW_HOME display alias), evolcore reads vars.EVOLCORE_HOME. A home given under
  // evolcore's name must therefore reach the real code under evolclaw's.
  const home = given['EVOLCORE_HOME'];
  if (home !== undefined && home !== null && given['EVOLCLAW_HOME'] === undefined) v['EVOLCLAW_HOME'] = home;
  return v;
}

/**
 * The manifest file the real code renders: the forced one, else the agent config's
 * `sessionManifests[sessionType ?? 'main']` (the real code reads only the agent level; evolcore
 * 0.0.26 also looks at relation and venue level, so those cases differ by design), else
 * `eck_manifest.json`.
 */
export function realManifestFile(
  H: string,
  given: Readonly<Record<string, unknown>>,
  sessionType: string | undefined,
  forced: string | undefined,
): string {
  if (forced) return forced;
  const selfAid = given['selfAid'];
  if (selfAid) {
    try {
      const cfg: unknown = JSON.parse(
        fs.readFileSync(path.join(H, 'agents', String(selfAid), 'config.json'), 'utf8'),
      );
      const map = (cfg as { sessionManifests?: unknown } | null)?.sessionManifests;
      const file = (map as Record<string, unknown> | undefined)?.[sessionType ?? 'main'];
      if (typeof file === 'string') return file;
    } catch {
      // no config, or not JSON: the default manifest
    }
  }
  return 'eck_manifest.json';
}

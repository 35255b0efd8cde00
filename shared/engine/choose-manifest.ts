/**
 * Which manifest file a session type uses (reference 多 manifest; docs/engine.md §12):
 * `sessionManifests` from the most specific config that maps the type — relation, venue
 * (group chats), agent — else `eck_manifest.json`.
 */
import type { Diagnostic, EngineFs, ManifestChoice, Vars } from './types';
import { joinPath } from '../base/posix-path';
import { parseJsonText } from './json-text';
import { isPlainObject, isTruthy } from './truthy';
import { isFsError, readIfExists } from './fs-util';

/** The manifest file every session type falls back to. */
export const DEFAULT_MANIFEST_FILE = 'eck_manifest.json';

/** Picks the manifest file; config problems become warnings and that level is skipped. */
export function chooseManifest(
  fs: EngineFs,
  vars: Vars,
  sessionType: string,
  forced: string | undefined,
  diagnostics: Diagnostic[],
): ManifestChoice {
  if (forced) return { file: forced, sessionType, source: 'forced', configPath: null };
  const levels: { source: ManifestChoice['source']; path: string | null }[] = [
    {
      source: 'relation',
      path:
        isTruthy(vars.RELATIONS_DIR) && isTruthy(vars.peerKey)
          ? joinPath(String(vars.RELATIONS_DIR), String(vars.peerKey), 'config.json')
          : null,
    },
    {
      source: 'venue',
      path:
        isTruthy(vars.VENUES_DIR) && isTruthy(vars.groupId)
          ? joinPath(String(vars.VENUES_DIR), String(vars.groupId), 'config.json')
          : null,
    },
    {
      source: 'agent',
      path: isTruthy(vars.AGENT_DIR) ? joinPath(String(vars.AGENT_DIR), 'config.json') : null,
    },
  ];
  for (const level of levels) {
    if (!level.path) continue;
    const text = readIfExists(fs, level.path);
    if (text === null) continue;
    if (isFsError(text)) {
      diagnostics.push({
        level: 'warning',
        code: 'read-error',
        message: `${level.path}: ${text.message}`,
        file: level.path,
      });
      continue;
    }
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      diagnostics.push({
        level: 'warning',
        code: 'config-parse-error',
        message: `${level.path}:${parsed.line}:${parsed.column}: ${parsed.message}; its sessionManifests are ignored`,
        file: level.path,
        line: parsed.line,
        column: parsed.column,
      });
      continue;
    }
    const map = isPlainObject(parsed.value) ? parsed.value.sessionManifests : undefined;
    const file = isPlainObject(map) ? map[sessionType] : undefined;
    if (typeof file === 'string' && file !== '')
      return { file, sessionType, source: level.source, configPath: level.path };
  }
  return { file: DEFAULT_MANIFEST_FILE, sessionType, source: 'default', configPath: null };
}

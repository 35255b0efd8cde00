/**
 * The Claude Code project each workspace last showed, kept in localStorage: switching the
 * workspace bar to "ECK home" and back, or reloading the window, reopens the same folder with
 * the same target and switches instead of an empty view. Keyed by the ECK home the window had
 * open, because that is what an operator switches between. What is read back is validated
 * field by field: storage is shared with whatever else ran on this origin.
 */
import type { ClaudeProjectOptions } from '../../../shared/api/methods/claude-project';

const KEY = 'eck-inspector.claude-projects';

/** The part of the Web Storage API used here (typed locally: the slice is also compiled without the DOM). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
/** Most workspaces remembered; the oldest is forgotten first. */
export const MAX_REMEMBERED = 20;

/** What is remembered of a project: everything `openClaudeProject` takes. */
export type RememberedProject = ClaudeProjectOptions;

interface Entry {
  readonly key: string;
  readonly project: RememberedProject;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length <= 4096 && !v.includes('\0');

/** A stored project, or `null` when any field is not what it should be. */
function parseProject(raw: unknown): RememberedProject | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const sources = o.settingSources as Record<string, unknown> | null | undefined;
  if (!isString(o.cwd) || !isString(o.home) || !isString(o.managedDir)) return null;
  if (!(o.target === null || isString(o.target))) return null;
  if (typeof sources !== 'object' || sources === null) return null;
  const { user, project, local } = sources;
  if (typeof user !== 'boolean' || typeof project !== 'boolean' || typeof local !== 'boolean') return null;
  if (typeof o.approveExternalIncludes !== 'boolean') return null;
  return {
    cwd: o.cwd,
    home: o.home,
    managedDir: o.managedDir,
    target: o.target,
    settingSources: { user, project, local },
    approveExternalIncludes: o.approveExternalIncludes,
  };
}

function load(storage: Pick<KeyValueStorage, 'getItem'> | null): Entry[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    const entries: Entry[] = [];
    for (const item of raw.slice(0, MAX_REMEMBERED)) {
      const key = (item as { key?: unknown } | null)?.key;
      const project = parseProject((item as { project?: unknown } | null)?.project);
      if (isString(key) && project !== null) entries.push({ key, project });
    }
    return entries;
  } catch {
    return [];
  }
}

/** The project last shown with the workspace `key`, or `null`. */
export function recallProject(
  storage: Pick<KeyValueStorage, 'getItem'> | null,
  key: string,
): RememberedProject | null {
  return load(storage).find((e) => e.key === key)?.project ?? null;
}

/** Remembers `project` for the workspace `key` (most recent first). */
export function rememberProject(
  storage: KeyValueStorage | null,
  key: string,
  project: RememberedProject,
): void {
  const entries = [{ key, project }, ...load(storage).filter((e) => e.key !== key)].slice(0, MAX_REMEMBERED);
  try {
    storage?.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: remembered for this window only (the slice keeps it too).
  }
}

/** The window's localStorage, or `null` where there is none (tests, a locked-down profile). */
export function windowStorage(): KeyValueStorage | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

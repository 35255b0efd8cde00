/**
 * Names of the eck-debug files: `<kind>-YYYY-MM-DD-HH-MM-SS[-N].<ext>`.
 *
 * Spec: context-assembly.md, "调试机制" — four files per render, named by kind and a timestamp.
 * The optional `-N` (N ≥ 2) is ours: two renders in the same second must not overwrite each
 * other (issue 2), so the second one gets `-2`, the third `-3`, and so on.
 */

/** The four files of one render. */
export type DebugFileKind = 'vars' | 'context' | 'fragments' | 'manifest';

/** The kinds in the order the reference lists them. */
export const DEBUG_FILE_KINDS: readonly DebugFileKind[] = ['vars', 'context', 'fragments', 'manifest'];

/** File extension of each kind (without the dot). */
export const DEBUG_FILE_EXTENSIONS: Readonly<Record<DebugFileKind, 'json' | 'md'>> = {
  vars: 'json',
  context: 'md',
  fragments: 'md',
  manifest: 'md',
};

/**
 * Prefix of the temp files the debug writer creates before linking them into place. The history
 * index ignores these: they live for a few microseconds and are never part of a snapshot.
 */
export const DEBUG_TEMP_PREFIX = '.eck-tmp-';

/** The parts of a snapshot key `YYYY-MM-DD-HH-MM-SS[-N]`. */
export interface SnapshotKeyParts {
  /** `YYYY-MM-DD-HH-MM-SS`, local time of the writer. */
  readonly timestamp: string;
  /** `N` of the `-N` suffix; `null` for the first render of that second. */
  readonly suffix: number | null;
  /**
   * Epoch milliseconds of the timestamp read as local time of *this* machine. A colleague's copy
   * from another time zone is shifted; the names carry no zone, so nothing better can be told.
   */
  readonly time: number;
}

/** A file name that fits the pattern. */
export interface ParsedDebugFileName extends SnapshotKeyParts {
  readonly kind: DebugFileKind;
  /** The snapshot key: timestamp plus suffix, exactly as in the name. */
  readonly key: string;
}

const KEY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})(?:-(\d{1,6}))?$/;
const NAME_PATTERN = /^(vars|context|fragments|manifest)-(.+)\.(json|md)$/;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Formats a date as `YYYY-MM-DD-HH-MM-SS` in the local time zone (as evolcore names its files). */
export function formatTimestamp(date: Date): string {
  return [
    pad(date.getFullYear(), 4),
    pad(date.getMonth() + 1, 2),
    pad(date.getDate(), 2),
    pad(date.getHours(), 2),
    pad(date.getMinutes(), 2),
    pad(date.getSeconds(), 2),
  ].join('-');
}

/**
 * Builds a snapshot key from a timestamp and an optional suffix.
 * Throws on a suffix below 2: the first render of a second has no suffix, so `-1` or `-0`
 * from our writer would be a bug.
 */
export function formatSnapshotKey(timestamp: string, suffix: number | null = null): string {
  if (suffix === null) return timestamp;
  if (!Number.isInteger(suffix) || suffix < 2)
    throw new RangeError(`snapshot suffix must be an integer >= 2: ${suffix}`);
  return `${timestamp}-${suffix}`;
}

/**
 * Parses a snapshot key. Lenient about the suffix (any 1–6 digits, so a foreign writer's `-1`
 * still groups), strict about the date fields (a month 13 is not a timestamp).
 */
export function parseSnapshotKey(key: string): SnapshotKeyParts | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const suffix = m[7] === undefined ? null : Number(m[7]);
  return {
    timestamp: key.slice(0, 19),
    suffix,
    time: new Date(year, month - 1, day, hour, minute, second).getTime(),
  };
}

/** The file name of one kind for a snapshot key, e.g. `vars-2026-12-01-19-40-00-2.json`. */
export function debugFileName(kind: DebugFileKind, key: string): string {
  return `${kind}-${key}.${DEBUG_FILE_EXTENSIONS[kind]}`;
}

/** The four file names of a snapshot key, by kind. */
export function snapshotFileNames(key: string): Readonly<Record<DebugFileKind, string>> {
  return {
    vars: debugFileName('vars', key),
    context: debugFileName('context', key),
    fragments: debugFileName('fragments', key),
    manifest: debugFileName('manifest', key),
  };
}

/**
 * Parses a file name of the eck-debug folder; `null` when it does not fit the pattern (wrong
 * kind, wrong extension for its kind, a malformed timestamp). Such files are listed apart.
 */
export function parseDebugFileName(name: string): ParsedDebugFileName | null {
  const m = NAME_PATTERN.exec(name);
  if (!m) return null;
  const kind = m[1] as DebugFileKind;
  const key = m[2] as string;
  if (DEBUG_FILE_EXTENSIONS[kind] !== m[3]) return null;
  const parts = parseSnapshotKey(key);
  return parts ? { ...parts, kind, key } : null;
}

/** Whether a name is one of the debug writer's own temp files. */
export function isDebugTempName(name: string): boolean {
  return name.startsWith(DEBUG_TEMP_PREFIX);
}

/**
 * Orders snapshot keys by time: timestamp first (fixed width, so string order is time order),
 * then suffix, no suffix first. Keys that do not parse sort last, by string.
 */
export function compareSnapshotKeys(a: string, b: string): number {
  const pa = parseSnapshotKey(a);
  const pb = parseSnapshotKey(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return compareKeyParts(pa, pb) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Orders parsed keys by time (see `compareSnapshotKeys`); 0 when timestamp and suffix agree. */
export function compareKeyParts(a: SnapshotKeyParts, b: SnapshotKeyParts): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
  return (a.suffix ?? 1) - (b.suffix ?? 1);
}

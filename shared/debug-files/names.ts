/**
 * Names of the eck-debug files: `<kind>-YYYY-MM-DD-HH-MM-SS[-N].<ext>`.
 *
 * Spec: docs/engine.md §14 — four files per render, named by kind and a timestamp.
 * The optional `-N` (N ≥ 2) is ours: two renders in the same second must not overwrite each
 * other, so the second one gets `-2`, the third `-3`, and so on.
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

/**
 * The clock a timestamp is written in. Names carry no zone, so a reader must be told which to
 * assume. evolcore's own writer (evolclaw `src/eck/kit-renderer.ts`, `toISOString()`) writes
 * UTC, so that is the default for reading and for our writer: a history mixing both stays in
 * one order, and an operator in UTC+8 does not see evolcore's renders eight hours off.
 */
export type NameZone = 'local' | 'utc';

/** The zone names are written and read in unless a caller says otherwise (see NameZone). */
export const DEFAULT_NAME_ZONE: NameZone = 'utc';

/** The parts of a snapshot key `YYYY-MM-DD-HH-MM-SS[-N]`. */
export interface SnapshotKeyParts {
  /** `YYYY-MM-DD-HH-MM-SS`, local time of the writer. */
  readonly timestamp: string;
  /** `N` of the `-N` suffix; `null` for the first render of that second. */
  readonly suffix: number | null;
  /**
   * Epoch milliseconds of the timestamp, read in the zone asked for (default local time of *this*
   * machine). A colleague's copy from another time zone is shifted; the names carry no zone.
   */
  readonly time: number;
}

/** A file name that fits the pattern. */
export interface ParsedDebugFileName extends SnapshotKeyParts {
  readonly kind: DebugFileKind;
  /** The snapshot key: timestamp plus suffix, exactly as in the name. */
  readonly key: string;
}

/** Code of `0`; digits are read by hand, as the index parses 50,000 names per listing. */
const ZERO = 48;
/** Offsets of the `-` separators in `YYYY-MM-DD-HH-MM-SS`. */
const KEY_DASHES = [4, 7, 10, 13, 16];
/** Length of `YYYY-MM-DD-HH-MM-SS`. */
const TIMESTAMP_LENGTH = 19;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= ZERO + 9;
}

/** The number written at `text[start, end)`, all digits; -1 when any is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isDigit(c)) return -1;
    n = n * 10 + (c - ZERO);
  }
  return n;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Formats a date as `YYYY-MM-DD-HH-MM-SS`, in UTC unless `local` is asked for. */
export function formatTimestamp(date: Date, zone: NameZone = DEFAULT_NAME_ZONE): string {
  const utc = zone === 'utc';
  return [
    pad(utc ? date.getUTCFullYear() : date.getFullYear(), 4),
    pad((utc ? date.getUTCMonth() : date.getMonth()) + 1, 2),
    pad(utc ? date.getUTCDate() : date.getDate(), 2),
    pad(utc ? date.getUTCHours() : date.getHours(), 2),
    pad(utc ? date.getUTCMinutes() : date.getMinutes(), 2),
    pad(utc ? date.getUTCSeconds() : date.getSeconds(), 2),
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
export function parseSnapshotKey(key: string, zone: NameZone = DEFAULT_NAME_ZONE): SnapshotKeyParts | null {
  const length = key.length;
  if (length < TIMESTAMP_LENGTH || (length > TIMESTAMP_LENGTH && length < TIMESTAMP_LENGTH + 2)) return null;
  if (length > TIMESTAMP_LENGTH + 7) return null;
  for (const at of KEY_DASHES) if (key.charCodeAt(at) !== 45) return null;
  const year = digitsAt(key, 0, 4);
  const month = digitsAt(key, 5, 7);
  const day = digitsAt(key, 8, 10);
  const hour = digitsAt(key, 11, 13);
  const minute = digitsAt(key, 14, 16);
  const second = digitsAt(key, 17, 19);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  let suffix: number | null = null;
  if (length > TIMESTAMP_LENGTH) {
    if (key.charCodeAt(TIMESTAMP_LENGTH) !== 45) return null;
    suffix = digitsAt(key, TIMESTAMP_LENGTH + 1, length);
    if (suffix < 0) return null;
  }
  return {
    timestamp: length === TIMESTAMP_LENGTH ? key : key.slice(0, TIMESTAMP_LENGTH),
    suffix,
    time:
      zone === 'utc'
        ? Date.UTC(year, month - 1, day, hour, minute, second)
        : localTime(key, [year, month, day, hour, minute, second]),
  };
}

/** Local-time starts of hours already met, by `YYYY-MM-DD-HH`; `NaN` for an hour with a shift. */
const hourStarts = new Map<string, number>();

/**
 * Epoch ms of a local time. A local `Date` costs a time-zone lookup and a history holds
 * thousands of renders per hour, so each hour's start is looked up once, then minutes and
 * seconds are added. An hour in which the offset changes (Lord Howe shifts by half an hour
 * at 02:00) is marked and its keys get a `Date` each, so the result is always exact.
 */
function localTime(key: string, fields: readonly [number, number, number, number, number, number]): number {
  const [year, month, day, hour, minute, second] = fields;
  const hourKey = key.slice(0, 13);
  let start = hourStarts.get(hourKey);
  if (start === undefined) {
    if (hourStarts.size > 100_000) hourStarts.clear();
    const first = new Date(year, month - 1, day, hour, 0, 0).getTime();
    const last = new Date(year, month - 1, day, hour, 59, 59).getTime();
    start = last - first === 3_599_000 ? first : Number.NaN;
    hourStarts.set(hourKey, start);
  }
  if (Number.isNaN(start)) return new Date(year, month - 1, day, hour, minute, second).getTime();
  return start + minute * 60_000 + second * 1000;
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

/** Length of each kind's `<kind>-` prefix and `.<ext>` suffix: a name's key is what is between. */
export const DEBUG_KEY_AFFIX: Readonly<Record<DebugFileKind, readonly [number, number]>> = {
  vars: [5, 5],
  context: [8, 3],
  fragments: [10, 3],
  manifest: [9, 3],
};

/**
 * The kind a name is of, judged by its `<kind>-` prefix and its extension only (no key check,
 * no allocation: the index calls it for each of 50,000 names).
 */
export function debugKindOf(name: string): DebugFileKind | null {
  let kind: DebugFileKind;
  if (name.startsWith('vars-')) kind = 'vars';
  else if (name.startsWith('context-')) kind = 'context';
  else if (name.startsWith('manifest-')) kind = 'manifest';
  else if (name.startsWith('fragments-')) kind = 'fragments';
  else return null;
  const [prefix, suffix] = DEBUG_KEY_AFFIX[kind];
  if (name.length <= prefix + suffix) return null;
  return name.endsWith(kind === 'vars' ? '.json' : '.md') ? kind : null;
}

/** The key part of a name whose kind `debugKindOf` gave. */
export function debugKeyOf(name: string, kind: DebugFileKind): string {
  const [prefix, suffix] = DEBUG_KEY_AFFIX[kind];
  return name.slice(prefix, name.length - suffix);
}

/**
 * Splits a name into its kind and key without checking the key: `null` unless it reads
 * `<kind>-<key>.<ext>` with the extension of that kind.
 */
export function splitDebugFileName(
  name: string,
): { readonly kind: DebugFileKind; readonly key: string } | null {
  const kind = debugKindOf(name);
  return kind ? { kind, key: debugKeyOf(name, kind) } : null;
}

/**
 * Parses a file name of the eck-debug folder; `null` when it does not fit the pattern (wrong
 * kind, wrong extension for its kind, a malformed timestamp). Such files are listed apart.
 */
export function parseDebugFileName(
  name: string,
  zone: NameZone = DEFAULT_NAME_ZONE,
): ParsedDebugFileName | null {
  const split = splitDebugFileName(name);
  if (!split) return null;
  const parts = parseSnapshotKey(split.key, zone);
  // Built field by field: an object spread here was ten times slower over a 50,000-file listing.
  if (!parts) return null;
  return {
    timestamp: parts.timestamp,
    suffix: parts.suffix,
    time: parts.time,
    kind: split.kind,
    key: split.key,
  };
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

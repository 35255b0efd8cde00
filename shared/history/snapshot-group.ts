/**
 * Grouping of folder entries into snapshots, and the pure updates the index applies when a file
 * appears or goes. Names only: no content is read here (names and sizes at once,
 * contents lazily).
 */
import {
  DEBUG_FILE_KINDS,
  compareKeyParts,
  isDebugTempName,
  parseDebugFileName,
  parseSnapshotKey,
  debugKeyOf,
  debugKindOf,
  DEBUG_KEY_AFFIX,
} from '../debug-files/names';
import type { DebugFileKind, NameZone, ParsedDebugFileName, SnapshotKeyParts } from '../debug-files/names';
import { DEFAULT_NAME_ZONE } from '../debug-files/names';
import { EMPTY_COLUMNS } from './history-types';
import type { ForeignEntry, SnapshotFile, SnapshotSummary } from './history-types';

/** One folder entry as the listing gives it. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: ForeignEntry['kind'];
  readonly bytes?: number | null;
}

/** Result of grouping a listing. */
export interface GroupedEntries {
  /** Oldest first. */
  readonly snapshots: SnapshotSummary[];
  readonly foreign: ForeignEntry[];
}

/** Whether an entry can be part of a snapshot: a file (or a link to one) with a fitting name. */
export function snapshotFileOf(
  entry: FolderEntry,
  zone: NameZone = DEFAULT_NAME_ZONE,
): ParsedDebugFileName | null {
  if (entry.kind !== 'file' && entry.kind !== 'symlink') return null;
  return parseDebugFileName(entry.name, zone);
}

/** The kinds absent for each set of present ones (bit `1 << i` for `DEBUG_FILE_KINDS[i]`), shared. */
const MISSING_BY_MASK: readonly (readonly DebugFileKind[])[] = Array.from(
  { length: 1 << DEBUG_FILE_KINDS.length },
  (_, mask) => Object.freeze(DEBUG_FILE_KINDS.filter((_k, i) => (mask & (1 << i)) === 0)),
);

/**
 * The kinds absent when those of `mask` are present: one shared frozen array per combination,
 * so 12,500 snapshots do not allocate 12,500 arrays (most are `[]`).
 */
export function missingOfMask(mask: number): readonly DebugFileKind[] {
  return MISSING_BY_MASK[mask & (MISSING_BY_MASK.length - 1)] ?? DEBUG_FILE_KINDS;
}

function missingKinds(files: Partial<Record<DebugFileKind, SnapshotFile>>): readonly DebugFileKind[] {
  let mask = 0;
  DEBUG_FILE_KINDS.forEach((k, i) => {
    if (files[k] !== undefined) mask |= 1 << i;
  });
  return missingOfMask(mask);
}

/** A new snapshot holding one file. */
export function newSnapshot(parsed: ParsedDebugFileName, file: SnapshotFile): SnapshotSummary {
  const files = { [parsed.kind]: file };
  return {
    key: parsed.key,
    timestamp: parsed.timestamp,
    suffix: parsed.suffix,
    time: parsed.time,
    files,
    missing: missingKinds(files),
    columns: EMPTY_COLUMNS,
    parseState: 'pending',
    error: null,
  };
}

/**
 * The snapshot with a file added or replaced. Its parse goes back to `pending`: a vars or
 * report file that changed must be read again.
 */
export function withFile(
  snapshot: SnapshotSummary,
  kind: DebugFileKind,
  file: SnapshotFile,
): SnapshotSummary {
  const files = { ...snapshot.files, [kind]: file };
  return { ...snapshot, files, missing: missingKinds(files), parseState: 'pending', error: null };
}

/** The snapshot without a file; `null` when it was the last one. */
export function withoutFile(snapshot: SnapshotSummary, kind: DebugFileKind): SnapshotSummary | null {
  const files = { ...snapshot.files };
  delete files[kind];
  if (DEBUG_FILE_KINDS.every((k) => files[k] === undefined)) return null;
  return { ...snapshot, files, missing: missingKinds(files), parseState: 'pending', error: null };
}

/** Orders snapshots oldest first (timestamp, then suffix). */
export function compareSnapshots(a: SnapshotSummary, b: SnapshotSummary): number {
  return compareKeyParts(a, b);
}

/**
 * Groups folder entries one at a time, so a listing of 50,000 names is grouped as it is read,
 * without an intermediate array of entry objects. Four files share a key: each key is parsed
 * (digits, a Date) once per snapshot, not once per file. The debug writer's temp files are
 * skipped: they are never a snapshot and vanish at once.
 */
export class SnapshotGrouper {
  private readonly byKey = new Map<
    string,
    { readonly parts: SnapshotKeyParts; readonly files: Partial<Record<DebugFileKind, SnapshotFile>> }
  >();
  private readonly badKeys = new Set<string>();
  private readonly foreign: ForeignEntry[] = [];

  /**
   * `zone` says how to read the names' timestamps (see `NameZone`). With a `sink`, each file goes
   * there as it is met and `finish` returns no snapshots: the index's column store takes a
   * listing of 1M names without an object per snapshot in between (row-store.ts).
   */
  constructor(
    private readonly zone: NameZone = DEFAULT_NAME_ZONE,
    private readonly sink?: GroupSink,
  ) {}

  /** Adds one entry of the listing. */
  add(name: string, kind: ForeignEntry['kind'], bytes: number | null): void {
    const fileKind = kind === 'file' || kind === 'symlink' ? debugKindOf(name) : null;
    if (fileKind !== null) {
      // One lookup for a file of a key met before (three of every four files); a new key is
      // parsed once and started with its first file. A sink that finds keys in the name itself
      // (row-store.ts `fileIn`) is asked before the key is sliced out of it.
      const sink = this.sink;
      if (sink?.fileIn !== undefined) {
        const [prefix, suffix] = DEBUG_KEY_AFFIX[fileKind];
        if (sink.fileIn(name, prefix, name.length - suffix, fileKind, bytes)) return;
      }
      const key = debugKeyOf(name, fileKind);
      if (
        sink
          ? sink.fileIn === undefined && sink.file(key, fileKind, bytes)
          : this.addFile(key, fileKind, name, bytes)
      )
        return;
      if (!this.badKeys.has(key)) {
        const parts = parseSnapshotKey(key, this.zone);
        if (parts) {
          if (this.sink) this.sink.start(key, parts, fileKind, bytes);
          else this.byKey.set(key, { parts, files: { [fileKind]: { name, bytes } } });
          return;
        }
        this.badKeys.add(key);
      }
    }
    if (!isDebugTempName(name)) this.foreign.push({ name, kind, bytes });
  }

  /** Adds a file to a key met before; `false` for a new key. */
  private addFile(key: string, kind: DebugFileKind, name: string, bytes: number | null): boolean {
    const known = this.byKey.get(key);
    if (known === undefined) return false;
    known.files[kind] = { name, bytes };
    return true;
  }

  /** The snapshots, oldest first, and the foreign entries in listing order. */
  finish(): GroupedEntries {
    const snapshots: SnapshotSummary[] = [];
    for (const [key, { parts, files }] of this.byKey) {
      snapshots.push({
        key,
        timestamp: parts.timestamp,
        suffix: parts.suffix,
        time: parts.time,
        files,
        missing: missingKinds(files),
        columns: EMPTY_COLUMNS,
        parseState: 'pending',
        error: null,
      });
    }
    snapshots.sort(compareSnapshots);
    return { snapshots, foreign: [...this.foreign] };
  }
}

/** Where a grouper puts the files of a listing instead of building snapshots. */
export interface GroupSink {
  /** One file of a key; `false`, and nothing done, when the key was not started. */
  file(key: string, kind: DebugFileKind, bytes: number | null): boolean;
  /** The same for the key `name.slice(from, end)`; when present it is asked instead of `file`. */
  fileIn?(name: string, from: number, end: number, kind: DebugFileKind, bytes: number | null): boolean;
  /** A new snapshot key, parsed once, with its first file (its name is `debugFileName(kind, key)`). */
  start(key: string, parts: SnapshotKeyParts, kind: DebugFileKind, bytes: number | null): void;
}

/** Groups a folder listing into snapshots (oldest first) and foreign entries (see `SnapshotGrouper`). */
export function groupDebugEntries(
  entries: Iterable<FolderEntry>,
  zone: NameZone = DEFAULT_NAME_ZONE,
): GroupedEntries {
  const grouper = new SnapshotGrouper(zone);
  for (const entry of entries) grouper.add(entry.name, entry.kind, entry.bytes ?? null);
  return grouper.finish();
}

/**
 * Grouping of folder entries into snapshots, and the pure updates the index applies when a file
 * appears or goes. Names only: no content is read here (issue 7: names and sizes at once,
 * contents lazily).
 */
import {
  DEBUG_FILE_KINDS,
  compareKeyParts,
  isDebugTempName,
  parseDebugFileName,
  parseSnapshotKey,
  splitDebugFileName,
} from './names';
import type { DebugFileKind, NameZone, ParsedDebugFileName, SnapshotKeyParts } from './names';
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
export function snapshotFileOf(entry: FolderEntry, zone: NameZone = 'local'): ParsedDebugFileName | null {
  if (entry.kind !== 'file' && entry.kind !== 'symlink') return null;
  return parseDebugFileName(entry.name, zone);
}

function missingKinds(files: Partial<Record<DebugFileKind, SnapshotFile>>): DebugFileKind[] {
  return DEBUG_FILE_KINDS.filter((k) => files[k] === undefined);
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
 * Groups a folder listing into snapshots (oldest first) and foreign entries (in listing order);
 * `zone` says how to read the names' timestamps (see `NameZone`).
 * The debug writer's temp files are skipped: they are never a snapshot and vanish at once.
 */
export function groupDebugEntries(entries: Iterable<FolderEntry>, zone: NameZone = 'local'): GroupedEntries {
  // Four files share a key: the key is parsed (digits, a Date) once per snapshot, not per file.
  const byKey = new Map<
    string,
    { parts: SnapshotKeyParts; files: Partial<Record<DebugFileKind, SnapshotFile>> }
  >();
  const badKeys = new Set<string>();
  const foreign: ForeignEntry[] = [];
  for (const entry of entries) {
    const bytes = entry.bytes ?? null;
    const split = entry.kind === 'file' || entry.kind === 'symlink' ? splitDebugFileName(entry.name) : null;
    let group = split ? byKey.get(split.key) : undefined;
    if (split && !group && !badKeys.has(split.key)) {
      const parts = parseSnapshotKey(split.key, zone);
      if (parts) {
        group = { parts, files: {} };
        byKey.set(split.key, group);
      } else badKeys.add(split.key);
    }
    if (!split || !group) {
      if (!isDebugTempName(entry.name)) foreign.push({ name: entry.name, kind: entry.kind, bytes });
      continue;
    }
    group.files[split.kind] = { name: entry.name, bytes };
  }
  const snapshots: SnapshotSummary[] = [];
  for (const [key, { parts, files }] of byKey) {
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
  return { snapshots, foreign };
}

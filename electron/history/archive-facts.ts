/**
 * A snapshot's History row as the archive keeps it: the importer computes its columns once,
 * with the background pass's own `parseSnapshot`, from the files it copies (and those archived
 * before), and the archive keeps them with its record (`RowFacts`, flat scalars). An archived
 * row then arrives filled (`parseState: 'done'`) and the pass never inflates its blocks.
 */
import type { DebugFileKind } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS, debugFileName } from '../../shared/debug-files/names';
import type { SnapshotFile } from '../../shared/history/history-types';
import { EMPTY_COLUMNS } from '../../shared/history/history-types';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import type { RowFacts, FactValue } from '../archive/row-index-file';
import type { CappedRead } from '../services/capped-read';
import { parseSnapshot } from './parse-snapshot';
import {
  ARCHIVE_DAMAGED,
  bytesFact,
  COLUMNS_FACT,
  COLUMNS_ID,
  ERROR_FACT,
  SECTIONS_FACT,
} from './archive-rows';

/** One snapshot's files as the importer has them: bytes to parse, sizes of the others. */
export interface FactSource {
  /** The kinds the snapshot has. */
  readonly kinds: readonly DebugFileKind[];
  /** A file's bytes; throws when an archived copy is damaged. */
  bytes(kind: DebugFileKind): Uint8Array | null;
  size(kind: DebugFileKind): number | null;
}

/** The facts of one snapshot: its columns, error and file sizes, as the pass would fill them. */
export function archivedFacts(key: string, source: FactSource): RowFacts {
  const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
  for (const kind of source.kinds) files[kind] = { name: debugFileName(kind, key), bytes: null };
  const read = (kind: DebugFileKind): CappedRead => {
    try {
      const bytes = source.bytes(kind);
      if (bytes === null) return { ok: false, code: 'ENOENT' };
      if (bytes.length > MAX_SHOWN_TEXT_BYTES)
        return { ok: false, tooLarge: tooLarge(bytes.length, MAX_SHOWN_TEXT_BYTES, null) };
      return { ok: true, text: Buffer.from(bytes).toString('utf8'), bytes: bytes.length };
    } catch {
      return { ok: false, code: ARCHIVE_DAMAGED };
    }
  };
  // The session guess needs the open workspace, which an import does not have: the guess
  // `parseSnapshot` asks (only for files that record no session type) is noted, and made
  // when the row is built (`ArchiveRows.writeRow`, archive-rows.ts).
  let sections: readonly string[] | null = null;
  const note: SessionGuess = (ids) => {
    sections = ids;
    return null;
  };
  const done = parseSnapshot(
    { read, size: (kind) => source.size(kind) },
    {
      key,
      timestamp: key,
      suffix: null,
      time: 0,
      files,
      missing: [],
      columns: EMPTY_COLUMNS,
      parseState: 'pending',
      error: null,
    },
    note,
  );
  return keptFacts(
    done.columns,
    done.error,
    sections,
    Object.fromEntries(DEBUG_FILE_KINDS.map((k) => [k, done.files[k]?.bytes ?? null])),
  );
}

/** Facts as the archive keeps them: the non-null ones, with the columns' checksum. */
export function keptFacts(
  columns: Readonly<Record<string, FactValue>>,
  error: string | null,
  sections: readonly string[] | null,
  bytes: Partial<Record<DebugFileKind, number | null>>,
): RowFacts {
  const facts: Record<string, FactValue> = { [COLUMNS_FACT]: COLUMNS_ID };
  for (const [id, v] of Object.entries(columns)) if (v !== null) facts[id] = v;
  if (error !== null) facts[ERROR_FACT] = error;
  if (sections !== null) facts[SECTIONS_FACT] = JSON.stringify(sections);
  for (const kind of DEBUG_FILE_KINDS) {
    const b = bytes[kind];
    if (b !== undefined && b !== null) facts[bytesFact(kind)] = b;
  }
  return facts;
}

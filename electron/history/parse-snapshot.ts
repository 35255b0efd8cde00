/**
 * The background pass's work on one snapshot: read its vars and manifest report, state the sizes
 * the first listing skipped, and fill its table columns. Failures become the
 * snapshot's `error`; nothing here throws for a bad file.
 *
 * Synchronous on purpose: the files are small, and `fs/promises` costs four thread-pool round
 * trips per file (open, stat, read, close). A pass over 12,500 snapshots queued some 200 of them
 * ahead of any request, so opening a snapshot waited about a second behind the pass; the pass
 * now runs in short time slices (history-index.ts) and a request waits at most one slice.
 */
import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { describeFailure, parseManifestReport, parseVarsFile } from '../../shared/debug-files/parse';
import type { ParsedManifestReport, ParsedVarsFile, ParseResult } from '../../shared/debug-files/parse';
import { snapshotColumns, withGuessedSession } from '../../shared/history/snapshot-columns';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import type { SnapshotFile, SnapshotSummary } from '../../shared/history/history-types';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { MAX_SHOWN_TEXT_BYTES, megabytes } from '../../shared/api/answer-caps';
import { readTextCappedSync } from '../services/capped-read';
import type { CappedRead } from '../services/capped-read';
import { ARCHIVE_DAMAGED } from './archive-rows';

function messageOf(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = String((err as { code: unknown }).code);
    if (code === ARCHIVE_DAMAGED) return 'the archive copy is damaged';
    return code === 'ENOENT' ? 'file vanished' : code;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Where the pass reads a snapshot's files: its folder, or the archive's copies (history-index.ts). */
export interface SnapshotParts {
  /** One file, capped (capped-read.ts). */
  read(kind: DebugFileKind, file: SnapshotFile): CappedRead;
  /** One file's size, `null` when it cannot be told (gone since the listing). */
  size(kind: DebugFileKind, file: SnapshotFile): number | null;
}

/** The files of a snapshot in `dir`, as listed; `seen` gets each stat taken of one. */
export function folderParts(dir: string, seen?: (kind: DebugFileKind, st: Stats) => void): SnapshotParts {
  return {
    read: (kind, file) =>
      readTextCappedSync(
        join(dir, file.name),
        MAX_SHOWN_TEXT_BYTES,
        seen === undefined ? undefined : (st) => seen(kind, st),
      ),
    size: (kind, file) => {
      try {
        // Gone since the listing (`undefined`, no error built): the watcher's unlink will drop it.
        const st = statSync(join(dir, file.name), { throwIfNoEntry: false });
        if (st !== undefined) seen?.(kind, st);
        return st?.size ?? null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Reads one file of the snapshot; its size comes with the content, so no extra stat. Capped as
 * the answers are (answer-caps.ts): one 200 MB vars file read and parsed in a slice of the pass
 * would hold every request for seconds; it is stated instead, and its columns stay empty.
 */
function readPart(
  parts: SnapshotParts,
  kind: DebugFileKind,
  file: SnapshotFile,
): { text: string; bytes: number } | { error: string; bytes?: number } {
  const read = parts.read(kind, file);
  if (read.ok) return { text: read.text, bytes: read.bytes };
  if (read.tooLarge !== undefined)
    return { error: `too large to read (${megabytes(read.tooLarge.bytes)})`, bytes: read.tooLarge.bytes };
  return { error: messageOf({ code: read.code }) };
}

function sizeOf(
  parts: SnapshotParts,
  kind: DebugFileKind,
  file: SnapshotFile | undefined,
): SnapshotFile | undefined {
  if (!file || file.bytes !== null) return file;
  const bytes = parts.size(kind, file);
  return bytes === null ? file : { ...file, bytes };
}

function parsePart<T>(
  parts: SnapshotParts,
  kind: DebugFileKind,
  file: SnapshotFile | undefined,
  parse: (text: string) => ParseResult<T>,
  errors: string[],
): { value: T | null; file: SnapshotFile | undefined } {
  if (!file) return { value: null, file };
  const read = readPart(parts, kind, file);
  if ('error' in read) {
    errors.push(`${file.name}: ${read.error}`);
    return { value: null, file: read.bytes === undefined ? file : { ...file, bytes: read.bytes } };
  }
  const result = parse(read.text);
  if (!result.ok) errors.push(`${file.name}: ${describeFailure(result)}`);
  return { value: result.ok ? result.value : null, file: { ...file, bytes: read.bytes } };
}

/**
 * The snapshot with its columns filled, sizes stated and `parseState: 'done'`; `guess` fills a
 * session type the files do not record.
 */
export function parseSnapshot(
  parts: SnapshotParts,
  snapshot: SnapshotSummary,
  guess?: SessionGuess,
): SnapshotSummary {
  const errors: string[] = [];
  const { files: listed } = snapshot;
  const vars = parsePart<ParsedVarsFile>(parts, 'vars', listed.vars, parseVarsFile, errors);
  const manifest = parsePart<ParsedManifestReport>(
    parts,
    'manifest',
    listed.manifest,
    parseManifestReport,
    errors,
  );
  const context = sizeOf(parts, 'context', listed.context);
  const fragments = sizeOf(parts, 'fragments', listed.fragments);
  const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
  if (vars.file) files.vars = vars.file;
  if (context) files.context = context;
  if (fragments) files.fragments = fragments;
  if (manifest.file) files.manifest = manifest.file;
  return {
    ...snapshot,
    files,
    columns: withGuessedSession(
      snapshotColumns(vars.value, manifest.value, context?.bytes ?? null),
      manifest.value,
      guess,
    ),
    parseState: 'done',
    error: errors.length ? errors.join('; ') : null,
  };
}

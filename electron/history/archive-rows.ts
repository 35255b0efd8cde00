/**
 * The archive's copies of a home's snapshots as the History index sees them (ARCHITECTURE.md,
 * "The archive"): which keys and kinds the archive holds, an archived-only snapshot as a row of
 * the listing, and a capped read of one archived file. The index merges these rows with the
 * live folder's, so every reader of a snapshot (detail, diff, replay, what-if, export, search)
 * reads through the one index, from the folder or from here.
 */
import type { SnapshotFile, SnapshotSummary } from '../../shared/history/history-types';
import { EMPTY_COLUMNS } from '../../shared/history/history-types';
import type { DebugFileKind, NameZone } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS, debugFileName, parseDebugFileName } from '../../shared/debug-files/names';
import { missingOfMask } from '../../shared/history/snapshot-group';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import type { CappedRead } from '../services/capped-read';

/** What the History reads of a home's archive; `ArchiveStore` (electron/archive/) is one. */
export interface ArchiveReader {
  /** Every archived snapshot with the kinds of files it kept. */
  list(): readonly { readonly key: string; readonly kinds: readonly DebugFileKind[] }[];
  /** One file's size without reading it; `null` when not archived. */
  fileSize(key: string, kind: DebugFileKind): number | null;
  /** One file's bytes, `null` when not archived; throws when the copy is damaged. */
  readFile(key: string, kind: DebugFileKind): Buffer | null;
}

/** The error code of a read whose archived copy failed its hash (or the archive changed under it). */
export const ARCHIVE_DAMAGED = 'EARCHIVE';

/** What changed between two looks at the archive. */
export interface ArchiveChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/** The archived keys and kinds, and reads of them. */
export class ArchiveRows {
  private kinds = new Map<string, readonly DebugFileKind[]>();

  constructor(
    private readonly reader: ArchiveReader,
    private readonly zone: NameZone,
  ) {}

  /** Takes the archive's list now (after a refresh of the reader); says what came and went. */
  take(): ArchiveChange {
    const next = new Map<string, readonly DebugFileKind[]>();
    const added: string[] = [];
    for (const s of this.reader.list()) {
      next.set(s.key, s.kinds);
      const before = this.kinds.get(s.key);
      // Files added to a key later (a second record) make its row change too.
      if (before === undefined || before.length !== s.kinds.length) added.push(s.key);
    }
    const removed = [...this.kinds.keys()].filter((k) => !next.has(k));
    this.kinds = next;
    return { added, removed };
  }

  /** Every archived key. */
  keys(): IterableIterator<string> {
    return this.kinds.keys();
  }

  has(key: string, kind?: DebugFileKind): boolean {
    const kinds = this.kinds.get(key);
    return kinds !== undefined && (kind === undefined || kinds.includes(kind));
  }

  /**
   * An archived snapshot as a row, its time read from its key as the live folder's are (the
   * index's zone), so a snapshot in both places sorts the same; `null` for an unknown key.
   */
  row(key: string): SnapshotSummary | null {
    const kinds = this.kinds.get(key);
    const first = kinds?.[0];
    if (kinds === undefined || first === undefined) return null;
    const parsed = parseDebugFileName(debugFileName(first, key), this.zone);
    if (parsed === null) return null;
    const files: Partial<Record<DebugFileKind, SnapshotFile>> = {};
    let mask = 0;
    DEBUG_FILE_KINDS.forEach((kind, i) => {
      if (!kinds.includes(kind)) return;
      mask |= 1 << i;
      files[kind] = { name: debugFileName(kind, key), bytes: null };
    });
    return {
      key,
      timestamp: parsed.timestamp,
      suffix: parsed.suffix,
      time: parsed.time,
      where: 'archive',
      files,
      missing: missingOfMask(mask),
      columns: EMPTY_COLUMNS,
      parseState: 'pending',
      error: null,
    };
  }

  /** A file's size, `null` when not archived (or the archive cannot say). */
  size(key: string, kind: DebugFileKind): number | null {
    if (!this.has(key, kind)) return null;
    try {
      return this.reader.fileSize(key, kind);
    } catch {
      return null;
    }
  }

  /**
   * Reads one archived file, capped as a file of the folder is (answer-caps.ts): over the cap it
   * is sized, never unpacked. `ENOENT` when the archive has no such file.
   */
  read(key: string, kind: DebugFileKind): CappedRead {
    if (!this.has(key, kind)) return { ok: false, code: 'ENOENT' };
    try {
      const size = this.reader.fileSize(key, kind);
      if (size !== null && size > MAX_SHOWN_TEXT_BYTES)
        return { ok: false, tooLarge: tooLarge(size, MAX_SHOWN_TEXT_BYTES, null) };
      const bytes = this.reader.readFile(key, kind);
      if (bytes === null) return { ok: false, code: 'ENOENT' };
      return { ok: true, text: bytes.toString('utf8'), bytes: bytes.length };
    } catch {
      return { ok: false, code: ARCHIVE_DAMAGED };
    }
  }
}

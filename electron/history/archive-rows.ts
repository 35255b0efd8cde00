/**
 * The archive's copies of a home's snapshots as the History index sees them (ARCHITECTURE.md,
 * "The archive"): which keys and kinds the archive holds, an archived-only snapshot as a row of
 * the listing, and a capped read of one archived file. The index merges these rows with the
 * live folder's, so every reader of a snapshot (detail, diff, replay, what-if, export, search)
 * reads through the one index, from the folder or from here.
 */
import zlib from 'node:zlib';
import type { SnapshotSummary } from '../../shared/history/history-types';
import { HISTORY_COLUMN_TABLE, storedColumns } from '../../shared/history/history-columns';
import type { SessionGuess } from '../../shared/history/snapshot-columns';
import type { FactColumn, FactValue, RowColumns, RowFacts } from '../archive/row-index-file';
import {
  compareKeyAt,
  FactColumnsBuilder,
  fileAtOf,
  keyAt,
  keyBytes,
  rowOfKey,
} from '../archive/row-index-file';
import { newRowFields, RowStore } from '../../shared/history/row-store';
import { ownCopy } from '../../shared/base/own-copy';
import type { CodedColumn, ColumnarRows } from '../../shared/history/row-filter';
import type { DebugFileKind, NameZone } from '../../shared/debug-files/names';
import { DEBUG_FILE_KINDS, debugFileName, parseDebugFileName } from '../../shared/debug-files/names';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';
import type { CappedRead } from '../services/capped-read';

/** What the History reads of a home's archive; `ArchiveStore` (electron/archive/) is one. */
export interface ArchiveReader {
  /**
   * Every archived snapshot with the kinds of files it kept and the facts its import computed
   * (archive-facts.ts; `null` in an archive written before, whose rows the pass fills).
   */
  list(): readonly {
    readonly key: string;
    readonly kinds: readonly DebugFileKind[];
    readonly facts?: RowFacts | null;
  }[];
  /**
   * The same rows as columns (`ArchiveStore.rowColumns`: its row index), read instead of `list`
   * where given, so a year of renders (2M snapshots) builds no object per snapshot.
   */
  rowColumns?(): RowColumns;
  /** One file's size without reading it; `null` when not archived. */
  fileSize(key: string, kind: DebugFileKind): number | null;
  /** One file's bytes, `null` when not archived; throws when the copy is damaged. */
  readFile(key: string, kind: DebugFileKind): Buffer | null;
}

/** The error code of a read whose archived copy failed its hash (or the archive changed under it). */
export const ARCHIVE_DAMAGED = 'EARCHIVE';

/** Facts kept beside the columns (archive-facts.ts), named apart from every column id. */
export const ERROR_FACT = '$error';
/** The recorded section ids (JSON) of a snapshot whose files name no session type: guessed at the row. */
export const SECTIONS_FACT = '$sections';
export const bytesFact = (kind: DebugFileKind): string => `$bytes.${kind}`;
/**
 * Which stored columns the facts are of: a short checksum of their ids. Facts keep no null (a
 * year of records is smaller without them), so a column added since is told by this, not by
 * its absence: facts of another table leave the row to the pass.
 */
export const COLUMNS_FACT = '$columns';
export const COLUMNS_ID = zlib
  .crc32(
    storedColumns(HISTORY_COLUMN_TABLE)
      .map((d) => d.id)
      .join(','),
  )
  .toString(36);

/** Keys of a look at the archive, each made when asked for (`TakenKeys`). */
export interface KeyList {
  readonly length: number;
  /** The keys from `from` to `end`, in order. */
  slice(from: number, end: number): string[];
}

/** What changed between two looks at the archive. */
export interface ArchiveChange {
  /** In row order (oldest first). */
  readonly added: TakenKeys;
  readonly removed: readonly string[];
}

/**
 * Some rows of one look at the archive (all of them, or those `which` names), their keys decoded
 * from the row index's key bytes only when asked for: a year of renders' 2M keys made at once
 * took 0.2-0.4 s of the first rows, and each History only asks for them part by part.
 */
export class TakenKeys implements KeyList {
  constructor(
    private readonly rows: RowColumns,
    private readonly which: Uint32Array | null = null,
  ) {}

  get length(): number {
    return this.which?.length ?? this.rows.count;
  }

  slice(from: number, end: number): string[] {
    const out: string[] = [];
    const last = Math.min(end, this.length);
    for (let i = Math.max(0, from); i < last; i++)
      out.push(keyAt(this.rows, this.which === null ? i : (this.which[i] as number)));
    return out;
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.slice(0, this.length).values();
  }
}

/** The archived keys and kinds, and reads of them. */
export class ArchiveRows {
  /** The archive's rows as taken, oldest first (row-index-file.ts); keys are read from them. */
  private rows: RowColumns = columnsOfListed([]);
  /** The row `rowOf` found last. */
  private lastRow = 0;
  private facts: FactReaders = factReaders(this.rows);
  /** The session guess for this look at the archive, asked once when a row needs it. */
  private guessNow: { readonly guess: SessionGuess | undefined } | null = null;
  /** Per distinct `$sections` value of this look: its guess (`undefined`: not asked yet). */
  private guessBySections = new Map<FactValue, ReturnType<SessionGuess> | undefined>();
  private readonly fields = newRowFields();
  private readonly columns: Record<string, FactValue> = {};

  constructor(
    private readonly reader: ArchiveReader,
    private readonly zone: NameZone,
    /** The open workspace's session guess (history-service.ts), for files that record none. */
    private readonly sessionGuess?: () => SessionGuess,
  ) {}

  /**
   * Takes the archive's list now (after a refresh of the reader); says what came and went. Read
   * as columns where the reader has them (a year of renders: 2M rows, no object and no string
   * per row: keys are decoded when asked for).
   */
  take(): ArchiveChange {
    const rows = this.reader.rowColumns?.() ?? columnsOfListed(this.reader.list());
    const change = changeOf(this.rows, rows);
    this.rows = rows;
    this.lastRow = 0;
    this.facts = factReaders(rows);
    this.guessNow = null;
    this.guessBySections = new Map();
    return change;
  }

  /** The row of `key` in the rows taken (`rowOfKey`), `undefined`: none. */
  private rowOf(key: string): number | undefined {
    // Rows are mostly asked for in order (the parts the service writes): the ones beside the
    // last found are tried before the search.
    const rows = this.rows;
    const last = this.lastRow;
    const probe = keyBytes(key);
    if (last + 1 < rows.count && compareKeyAt(rows, last + 1, probe) === 0) return (this.lastRow = last + 1);
    if (last < rows.count && compareKeyAt(rows, last, probe) === 0) return last;
    if (last > 0 && compareKeyAt(rows, last - 1, probe) === 0) return (this.lastRow = last - 1);
    const row = rowOfKey(rows, probe);
    if (row < 0) return undefined;
    this.lastRow = row;
    return row;
  }

  /** Every archived key, oldest first. */
  keys(): IterableIterator<string> {
    return new TakenKeys(this.rows)[Symbol.iterator]();
  }

  has(key: string, kind?: DebugFileKind): boolean {
    const i = this.rowOf(key);
    if (i === undefined) return false;
    return kind === undefined || (maskOf(this.rows, i) & (1 << DEBUG_FILE_KINDS.indexOf(kind))) !== 0;
  }

  /**
   * An archived snapshot as a row, its time read from its key as the live folder's are (the
   * index's zone), so a snapshot in both places sorts the same; `null` for an unknown key.
   */
  row(key: string): SnapshotSummary | null {
    const one = new RowStore();
    return this.writeRow(key, one) ? (one.get(key) ?? null) : null;
  }

  /**
   * Writes the archived snapshot `key` into `store` as its row (`where: 'archive'`), from the
   * columns and without an object per row; `false` (nothing written) for an unknown key. A row
   * with the facts of the current columns arrives `done`; else it is pending, for the pass.
   */
  writeRow(key: string, store: RowStore): boolean {
    const i = this.rowOf(key);
    const mask = i === undefined ? 0 : maskOf(this.rows, i);
    const first = DEBUG_FILE_KINDS.find((_, k) => (mask & (1 << k)) !== 0);
    if (i === undefined || first === undefined) return false;
    const parsed = parseDebugFileName(debugFileName(first, key), this.zone);
    if (parsed === null) return false;
    const f = this.fields;
    const facts = this.facts;
    f.time = parsed.time;
    f.suffix = parsed.suffix;
    f.where = 'archive';
    f.present = mask;
    const done = this.rows.hasFacts[i] === 1 && facts.columnsId(i) === COLUMNS_ID;
    for (let k = 0; k < DEBUG_FILE_KINDS.length; k++) {
      const bytes = done ? facts.bytes[k]?.(i) : undefined;
      f.bytes[k] = typeof bytes === 'number' ? bytes : Number.NaN;
    }
    f.done = done;
    f.columns = null;
    f.error = null;
    if (done) {
      const c = this.columns;
      for (const [id, read] of facts.stored) c[id] = read(i) ?? null;
      if (c['sessionType'] === null) {
        const found = this.guessOf(facts.sections(i));
        if (found !== null && found !== undefined) {
          c['sessionType'] = found.sessionType;
          c['sessionInferredFrom'] = found.manifestFile;
        }
      }
      f.columns = c;
      const error = facts.error(i);
      f.error = typeof error === 'string' ? error : null;
    }
    // A copy: a key given as a slice of a longer string (a listing's file name, a joined list)
    // would hold that string alive for as long as the row is kept.
    store.setFields(ownCopy(key), f);
    return true;
  }

  /** The session guess for a row's recorded sections (JSON), asked once per distinct list. */
  private guessOf(sections: FactValue | undefined): ReturnType<SessionGuess> | undefined {
    if (typeof sections !== 'string') return undefined;
    if (this.guessBySections.has(sections)) return this.guessBySections.get(sections);
    const ids = JSON.parse(sections) as string[];
    this.guessNow ??= { guess: this.sessionGuess?.() };
    const guess = this.guessNow.guess;
    const found = ids.length === 0 || guess === undefined ? undefined : guess(ids);
    this.guessBySections.set(sections, found);
    return found;
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

/** Bit `1 << k` per kind of `DEBUG_FILE_KINDS` row `i` has a file of. */
function maskOf(rows: RowColumns, i: number): number {
  let mask = 0;
  for (let k = 0; k < DEBUG_FILE_KINDS.length; k++) if (fileAtOf(rows, i, k) !== undefined) mask |= 1 << k;
  return mask;
}

/** The order of row `i`'s key of `a` against row `j`'s of `b`. */
function compareKeys(a: RowColumns, i: number, b: RowColumns, j: number): number {
  return compareKeyAt(a, i, b.keyBlob, j === 0 ? 0 : (b.keyEnds[j - 1] as number), b.keyEnds[j] as number);
}

/**
 * What came (a new key, or one with other kinds now) and went between two looks, in one merge
 * of their key orders: no table of 2M keys is built for it, and no key is decoded but those that
 * went. `added` is in row order (oldest first).
 */
function changeOf(before: RowColumns, now: RowColumns): ArchiveChange {
  // The first look (the History opening a year of renders): everything came, nothing to merge.
  if (before.count === 0) return { added: new TakenKeys(now), removed: [] };
  const added = new Uint8Array(now.count);
  const removed: string[] = [];
  let a = 0;
  let b = 0;
  let count = 0;
  while (a < before.count || b < now.count) {
    const i = a < before.count ? (before.byKey[a] as number) : -1;
    const j = b < now.count ? (now.byKey[b] as number) : -1;
    const order = i < 0 ? 1 : j < 0 ? -1 : compareKeys(before, i, now, j);
    if (order < 0) {
      removed.push(keyAt(before, i));
      a++;
    } else if (order > 0) {
      added[j] = 1;
      count++;
      b++;
    } else {
      // Files added to a key later (a second record) make its row change too.
      if (maskOf(before, i) !== maskOf(now, j)) {
        added[j] = 1;
        count++;
      }
      a++;
      b++;
    }
  }
  const which = new Uint32Array(count);
  for (let j = 0, n = 0; j < now.count; j++) if (added[j] === 1) which[n++] = j;
  return { added: new TakenKeys(now, which), removed };
}

/** A fact of row `i`, `undefined` when the row has none of it. */
type FactRead = (i: number) => FactValue | undefined;

/** The readers of the facts a row is built from, found once per look at the archive. */
interface FactReaders {
  readonly stored: readonly (readonly [string, FactRead])[];
  readonly bytes: readonly (FactRead | undefined)[];
  readonly columnsId: FactRead;
  readonly sections: FactRead;
  readonly error: FactRead;
}

function factReaders(rows: RowColumns): FactReaders {
  const byName = new Map(rows.facts.map((f) => [f.name, f]));
  const none: FactRead = () => undefined;
  const of = (name: string): FactRead => {
    const f = byName.get(name);
    return f === undefined ? none : factRead(f);
  };
  return {
    stored: storedColumns(HISTORY_COLUMN_TABLE).map((d) => [d.id, of(d.id)] as const),
    bytes: DEBUG_FILE_KINDS.map((kind) => of(bytesFact(kind))),
    columnsId: of(COLUMNS_FACT),
    sections: of(SECTIONS_FACT),
    error: of(ERROR_FACT),
  };
}

/** Reads one fact column row by row (row-index-file.ts `FactColumn`). */
function factRead(f: FactColumn): FactRead {
  if (f.kind === 'interned') {
    const { codes, table } = f;
    return (i) => {
      const code = codes[i] as number;
      return code === 0 ? undefined : table[code];
    };
  }
  const { values, nulls } = f;
  return (i) => {
    if (nulls !== null) {
      const at = nulls[i];
      if (at !== 2) return at === 1 ? null : undefined;
    }
    const v = values[i] as number;
    return Number.isNaN(v) ? undefined : v;
  };
}

/**
 * A reader's list as the columns `ArchiveRows` reads (a reader without a row index: tests' and
 * small archives'). Only keys, kinds and facts count here; times are read from the keys.
 */
export function columnsOfListed(list: ReturnType<ArchiveReader['list']>): RowColumns {
  const n = list.length;
  const keyEnds = new Uint32Array(n);
  const fileAt = new Float64Array(4 * n).fill(-1);
  const hasFacts = new Uint8Array(n);
  const facts = new FactColumnsBuilder();
  let end = 0;
  list.forEach((s, i) => {
    end += s.key.length;
    keyEnds[i] = end;
    for (const kind of s.kinds) fileAt[i * 4 + DEBUG_FILE_KINDS.indexOf(kind)] = 0;
    const f = s.facts ?? null;
    hasFacts[i] = f === null ? 0 : 1;
    facts.add(f);
  });
  const keyBlob = Buffer.from(list.map((s) => s.key).join(''), 'latin1');
  const byKey = Uint32Array.from(list.keys()).sort((a, b) => {
    const x = (list[a] as { key: string }).key;
    const y = (list[b] as { key: string }).key;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return {
    count: n,
    keyBlob,
    keyEnds,
    time: new Float64Array(n),
    archivedAt: new Float64Array(n),
    fileAt,
    byKey,
    hasFacts,
    facts: facts.finish(),
  };
}

/**
 * The archive's rows as the History's columnar filter reads them (shared/history/row-filter.ts):
 * their times and each fact column coded, the session type guessed where the files record none
 * (as `ArchiveRows.writeRow` does). A row without facts is unknown in every column.
 */
export function archivedColumnar(rows: RowColumns, guess?: SessionGuess): ColumnarRows {
  const coded = new Map<string, CodedColumn | null>();
  const codedOf = (name: string): CodedColumn | null => {
    const f = rows.facts.find((c) => c.name === name);
    const stored = storedColumns(HISTORY_COLUMN_TABLE).some((d) => d.id === name);
    if (f === undefined && !stored) return null;
    // A stored column no row has a value of (facts keep no null): unknown in every row.
    const column =
      f === undefined
        ? { codes: new Uint8Array(rows.count), values: [null] }
        : f.kind === 'interned'
          ? { codes: f.codes, values: f.table }
          : codedNumbers(rows.count, f);
    return name === 'sessionType' ? guessedSessions(rows, column, guess) : column;
  };
  return {
    count: rows.count,
    time: rows.time.subarray(0, rows.count),
    column: (id) => {
      if (!coded.has(id)) coded.set(id, codedOf(id));
      return coded.get(id) ?? null;
    },
  };
}

/** A number column, coded (a filter of one is rare; a text column all null is one too). */
function codedNumbers(count: number, f: Extract<FactColumn, { kind: 'number' }>): CodedColumn {
  const values: FactValue[] = [null];
  const codeOf = new Map<number, number>();
  const codes = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    if (f.nulls !== null && f.nulls[i] !== 2) continue;
    const v = f.values[i] as number;
    // A row without facts (an older record) is unknown here.
    if (Number.isNaN(v)) continue;
    let code = codeOf.get(v);
    if (code === undefined) {
      code = values.length;
      values.push(v);
      codeOf.set(v, code);
    }
    codes[i] = code;
  }
  return { codes, values };
}

/** The session type column with the guess made once per distinct list of sections. */
function guessedSessions(
  rows: RowColumns,
  column: CodedColumn,
  guess: SessionGuess | undefined,
): CodedColumn {
  const { codes, values: table } = column;
  const sections = rows.facts.find((c) => c.name === SECTIONS_FACT);
  if (guess === undefined || sections === undefined || sections.kind !== 'interned') return column;
  const values = [...table];
  const codeOf = new Map<FactValue, number>(table.map((v, i) => [v, i]));
  // Per list of sections: the code of its guess (or -1: none).
  const byList = sections.table.map((ids) => {
    if (typeof ids !== 'string') return -1;
    const found = guess(JSON.parse(ids) as string[]);
    if (found === null) return -1;
    let code = codeOf.get(found.sessionType);
    if (code === undefined) {
      code = values.length;
      values.push(found.sessionType);
      codeOf.set(found.sessionType, code);
    }
    return code;
  });
  const out = new Uint32Array(codes);
  for (let i = 0; i < rows.count; i++) {
    if (table[out[i] as number] !== null) continue;
    if (rows.hasFacts[i] !== 1) continue;
    const g = byList[sections.codes[i] as number] ?? -1;
    if (g >= 0) out[i] = g;
  }
  return { codes: out, values };
}

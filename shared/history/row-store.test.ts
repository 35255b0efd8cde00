import { describe, expect, it } from 'vitest';
import { DEBUG_FILE_KINDS, compareKeyParts, parseSnapshotKey } from '../debug-files/names';
import type { SnapshotKeyParts } from '../debug-files/names';
import { EMPTY_COLUMNS } from './history-types';
import type { SnapshotSummary } from './history-types';
import type { SnapshotColumns } from './history-columns';
import { encodeRows, encodeSource } from './listing-wire';
import { RowStore, compareRowKeys, newRowFields, sortRowKeys } from './row-store';
import { SnapshotGrouper, groupDebugEntries } from './snapshot-group';

const file = (name: string, bytes: number | null = null) => ({ name, kind: 'file' as const, bytes });

/** Rows of every shape the index holds: pending, read, with an error, archived, sizes unknown. */
function sampleRows(): SnapshotSummary[] {
  const { snapshots } = groupDebugEntries([
    file('vars-2026-01-02-03-04-05.json', 10),
    file('context-2026-01-02-03-04-05.md', 99),
    file('fragments-2026-01-02-03-04-05.md'),
    file('manifest-2026-01-02-03-04-05.md', 0),
    file('vars-2026-01-02-03-04-05-2.json'),
    file('manifest-2026-01-02-03-09-00.md', 7),
    file('context-2026-01-02-03-09-01-12.md', 3),
  ]);
  const [a, b, c, d] = snapshots as [SnapshotSummary, SnapshotSummary, SnapshotSummary, SnapshotSummary];
  return [
    {
      ...a,
      parseState: 'done',
      where: 'both',
      columns: {
        ...EMPTY_COLUMNS,
        sessionType: 'main',
        chatType: 'private',
        peer: '小明',
        sessionId: 's-1',
        sectionsLoaded: 3,
        sectionsTotal: 16,
        contextBytes: 99,
        truncated: false,
        recordedAt: 1_767_323_045_123,
      },
    },
    {
      ...b,
      parseState: 'done',
      error: 'vars-2026-01-02-03-04-05-2.json: file vanished',
      columns: { ...EMPTY_COLUMNS, truncated: true },
    },
    { ...c, where: 'archive' },
    d,
  ];
}

describe('RowStore', () => {
  it('gives back every row as it was set, with the shared empty columns of an unread one', () => {
    const store = new RowStore();
    const rows = sampleRows();
    for (const r of rows) store.set(r.key, r);
    expect(store.size).toBe(rows.length);
    for (const r of rows) expect(store.get(r.key)).toEqual(r);
    expect(store.get(rows[3]?.key as string)?.columns).toBe(EMPTY_COLUMNS);
    expect(store.get(rows[0]?.key as string)?.missing).toBe(rows[0]?.missing);
    expect(store.pendingCount()).toBe(2);
    expect(store.isPending(rows[2]?.key as string)).toBe(true);
    expect(store.isPending(rows[0]?.key as string)).toBe(false);
  });

  it('keeps sizes and counts past 32 bits exactly, set or listed, with the small ones beside them', () => {
    const store = new RowStore();
    const rows = sampleRows();
    const big = rows[0] as SnapshotSummary;
    const huge: SnapshotSummary = {
      ...big,
      files: { ...big.files, context: { name: big.files.context?.name as string, bytes: 5_000_000_000 } },
      columns: { ...big.columns, contextBytes: 2 ** 40, budgetBytes: 0.5 },
    };
    for (const r of [huge, ...rows.slice(1)]) store.set(r.key, r);
    expect(store.get(huge.key)).toEqual(huge);
    for (const r of rows.slice(1)) expect(store.get(r.key)).toEqual(r);
    const grouper = new SnapshotGrouper('utc', store);
    grouper.add('vars-2026-05-06-07-08-09.json', 'file', 2 ** 33);
    grouper.add('context-2026-05-06-07-08-09.md', 'file', 12);
    grouper.finish();
    const listed = store.get('2026-05-06-07-08-09');
    expect([listed?.files.vars?.bytes, listed?.files.context?.bytes]).toEqual([2 ** 33, 12]);
    expect(encodeSource(store.source([huge.key]))).toEqual(encodeRows([huge]));
  });

  it('keeps a row whole when a name is not the derived one, and counts it', () => {
    const store = new RowStore();
    const [a] = sampleRows() as [SnapshotSummary];
    const odd: SnapshotSummary = { ...a, files: { ...a.files, vars: { name: 'vars-other.json', bytes: 1 } } };
    store.set(odd.key, odd);
    expect(store.get(odd.key)).toEqual(odd);
    expect(store.pendingCount()).toBe(0);
    const [encoded] = [encodeSource(store.source([odd.key]))];
    expect(encoded).toEqual(encodeRows([odd]));
  });

  it('replaces a row on a second set, reuses a deleted row and forgets everything on clear', () => {
    const store = new RowStore();
    const [a, b, c] = sampleRows() as [SnapshotSummary, SnapshotSummary, SnapshotSummary];
    store.set(a.key, a).set(b.key, b);
    const again: SnapshotSummary = { ...a, parseState: 'pending', columns: EMPTY_COLUMNS };
    store.set(a.key, again);
    expect(store.get(a.key)).toEqual(again);
    expect(store.pendingCount()).toBe(1);
    expect(store.delete(b.key)).toBe(true);
    expect(store.delete(b.key)).toBe(false);
    expect(store.get(b.key)).toBeUndefined();
    store.set(c.key, c);
    expect(store.get(c.key)).toEqual(c);
    expect([...store.keys()]).toEqual([a.key, c.key]);
    store.clear();
    expect(store.size).toBe(0);
    expect(store.get(a.key)).toBeUndefined();
    store.set(a.key, a);
    expect(store.get(a.key)).toEqual(a);
  });

  it('writes rows from reused fields as `set` writes their summaries, a mistyped column as null', () => {
    const rows = sampleRows();
    const bySet = new RowStore();
    const byFields = new RowStore();
    const f = newRowFields();
    for (const s of rows) {
      bySet.set(s.key, s);
      f.time = s.time;
      f.suffix = s.suffix;
      f.where = s.where;
      f.present = 0;
      DEBUG_FILE_KINDS.forEach((kind, k) => {
        const one = s.files[kind];
        if (one !== undefined) f.present |= 1 << k;
        // A size of an absent kind is not kept.
        f.bytes[k] = one?.bytes ?? 1234;
        if (one !== undefined && one.bytes === null) f.bytes[k] = Number.NaN;
      });
      f.done = s.parseState === 'done';
      f.error = s.error;
      f.columns = s.columns === EMPTY_COLUMNS ? null : s.columns;
      byFields.setFields(s.key, f);
    }
    for (const s of rows) expect(byFields.get(s.key)).toEqual(bySet.get(s.key));
    const [first] = rows as [SnapshotSummary];
    f.columns = { ...EMPTY_COLUMNS, peer: 42, sectionsLoaded: 'three', truncated: 'yes', chatType: 'group' };
    f.done = true;
    byFields.setFields(first.key, f);
    expect(byFields.get(first.key)?.columns).toEqual({ ...EMPTY_COLUMNS, chatType: 'group' });
  });

  it('writes a read into a pending row in place as `set` writes the row rebuilt, and says when it cannot', () => {
    const rows = sampleRows();
    const bySet = new RowStore();
    const inPlace = new RowStore();
    const pending = rows.map((s): SnapshotSummary => ({
      ...s,
      parseState: 'pending',
      columns: EMPTY_COLUMNS,
      error: null,
    }));
    for (const s of pending) {
      bySet.set(s.key, s);
      inPlace.set(s.key, s);
    }
    const columns = { ...EMPTY_COLUMNS, chatType: 'group', sectionsLoaded: 2, truncated: true };
    const sections = [['a', 'b'], ['c'], ['a', 'b'], null];
    pending.forEach((s, i) => {
      // Sizes by kind: one told, one not (the listed size stays), one for a kind not listed.
      const bytes = DEBUG_FILE_KINDS.map((kind, k) =>
        k === 0 ? 100 + i : k === 1 ? null : s.files[kind] ? 7 : 9,
      );
      const error = i === 1 ? 'manifest: bad' : null;
      const files = Object.fromEntries(
        DEBUG_FILE_KINDS.flatMap((kind, k) => {
          const one = s.files[kind];
          return one === undefined ? [] : [[kind, { name: one.name, bytes: bytes[k] ?? one.bytes }]];
        }),
      );
      bySet.set(s.key, { ...s, files, columns, parseState: 'done', error });
      bySet.setPassFacts(s.key, 10 + i, sections[i] ?? null);
      expect(inPlace.setRead(s.key, { bytes, columns, error }, 10 + i, sections[i] ?? null)).toBe('written');
    });
    for (const s of pending) expect(inPlace.get(s.key)).toEqual(bySet.get(s.key));
    // The pass facts too, each row's own section list (the last one kept is not reused for another).
    expect(inPlace.savedRows()).toEqual(bySet.savedRows());
    const saved = inPlace.savedRows();
    expect(
      [...saved.sections].map((id) => (id < 0 ? null : JSON.parse(saved.strings[id] as string))),
    ).toEqual(sections.filter((_, i) => saved.keys.includes(pending[i]?.key as string)));
    const [a] = pending as [SnapshotSummary];
    const read = { bytes: DEBUG_FILE_KINDS.map(() => 1), columns, error: null };
    expect(inPlace.setRead(a.key, read, 1, null)).toBe('gone'); // done now
    expect(inPlace.setRead('2099-01-01-00-00-00', read, 1, null)).toBe('gone');
    const odd: SnapshotSummary = { ...a, files: { ...a.files, vars: { name: 'vars-other.json', bytes: 1 } } };
    inPlace.set(odd.key, odd);
    expect(inPlace.setRead(odd.key, read, 1, null)).toBe('whole');
    expect(inPlace.get(odd.key)).toEqual(odd);
    // A row kept whole gives its own files.
    expect(inPlace.pendingFiles(odd.key)).toEqual(odd.files);
    inPlace.set(a.key, a);
    // A column of the wrong type (as a planted reader could give) is not what the store gives back.
    const mistyped = { ...columns, peer: 42 } as unknown as SnapshotColumns;
    expect(inPlace.setRead(a.key, { ...read, columns: mistyped }, 1, null)).toBe('whole');
    expect(inPlace.get(a.key)).toEqual(a);
    expect(inPlace.pendingFiles(a.key)).toEqual(a.files);
    // A done row, none.
    expect(inPlace.pendingFiles(pending[1]?.key as string)).toBeNull();
  });

  it('grows past its first capacity without losing rows', () => {
    const store = new RowStore();
    const [a] = sampleRows() as [SnapshotSummary];
    const keys: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const key = `2026-01-02-03-04-05-${i + 2}`;
      keys.push(key);
      store.set(key, {
        ...a,
        key,
        suffix: i + 2,
        files: { vars: { name: `vars-${key}.json`, bytes: i } },
        missing: ['context', 'fragments', 'manifest'],
        columns: { ...a.columns, sectionsLoaded: i },
      });
    }
    expect(store.get(keys[0] as string)?.files.vars?.bytes).toBe(0);
    expect(store.get(keys[2999] as string)?.columns.sectionsLoaded).toBe(2999);
  });

  it('encodes from its columns exactly as the objects encode', () => {
    const store = new RowStore();
    const rows = sampleRows();
    for (const r of rows) store.set(r.key, r);
    const order = rows.map((r) => r.key).reverse();
    expect(encodeSource(store.source(order))).toEqual(
      encodeRows(order.map((k) => store.get(k) as SnapshotSummary)),
    );
    expect(encodeSource(store.source(rows.map((r) => r.key)))).toEqual(encodeRows(rows));
  });

  it('takes a listing from the grouper as a sink, the same snapshots as grouped objects', () => {
    const names = [
      'vars-2026-01-02-03-04-05.json',
      'context-2026-01-02-03-04-05.md',
      'manifest-2026-01-02-03-04-05-2.md',
      'notes.txt',
      'vars-2026-13-02-03-04-05.json',
    ];
    const store = new RowStore();
    const grouper = new SnapshotGrouper('utc', store);
    for (const n of names) grouper.add(n, 'file', n.length);
    const { foreign } = grouper.finish();
    const grouped = groupDebugEntries(
      names.map((n) => file(n, n.length)),
      'utc',
    );
    expect(foreign).toEqual(grouped.foreign);
    expect([...store.keys()].sort(compareRowKeys).map((k) => store.get(k))).toEqual(grouped.snapshots);
  });

  it('groups by key codes while listing exactly as by the keys themselves, near-alike keys apart', () => {
    // Keys a code could merge if it were careless: leading zeros, no suffix against -0 and -1,
    // years outside the codes' range, the largest suffixes.
    const keys = [
      '2026-01-02-03-04-05',
      '2026-01-02-03-04-05-0',
      '2026-01-02-03-04-05-1',
      '2026-01-02-03-04-05-01',
      '2026-01-02-03-04-05-7',
      '2026-01-02-03-04-05-007',
      '2026-01-02-03-04-05-999999',
      '2026-01-02-03-04-05-999998',
      '1969-12-31-23-59-59',
      '2300-01-01-00-00-00',
      '2199-12-31-23-59-59-3',
    ];
    // And enough ordinary ones that the code table grows a few times while listing.
    for (let i = 0; i < 3000; i++)
      keys.push(`2026-02-0${1 + (i % 9)}-1${i % 10}-${String(i % 60).padStart(2, '0')}-0${i % 10}-${i}`);
    const kinds = ['vars-%.json', 'context-%.md', 'fragments-%.md', 'manifest-%.md'];
    const names = keys.flatMap((k, i) => kinds.slice(0, 1 + (i % 4)).map((f) => f.replace('%', k)));
    // Shuffled, so a key's later files come after other keys' first ones.
    let seed = 5;
    for (let i = names.length - 1; i > 0; i--) {
      seed = (seed * 48271) % 2147483647;
      const j = seed % (i + 1);
      [names[i], names[j]] = [names[j] as string, names[i] as string];
    }
    const store = new RowStore();
    const grouper = new SnapshotGrouper('utc', store);
    for (const n of names) grouper.add(n, 'file', n.length);
    grouper.finish();
    const grouped = groupDebugEntries(
      names.map((n) => file(n, n.length)),
      'utc',
    );
    expect(store.size).toBe(keys.length);
    expect([...store.keys()].sort(compareRowKeys).map((k) => store.get(k))).toEqual(grouped.snapshots);
  });
});

describe('compareRowKeys', () => {
  it('orders keys as their parsed parts order, suffixes by number', () => {
    const keys = [
      '2026-01-02-03-04-05',
      '2026-01-02-03-04-05-2',
      '2026-01-02-03-04-05-10',
      '2026-01-02-03-04-05-1',
      '2025-12-31-23-59-59-3',
      '2026-01-02-03-04-06',
    ];
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      seed = (seed * 48271) % 2147483647;
      const sample = [
        ...keys,
        `2026-0${1 + (seed % 9)}-1${seed % 10}-0${seed % 10}-00-0${seed % 7}-${2 + (seed % 40)}`,
      ];
      const parts = new Map(sample.map((k) => [k, parseSnapshotKey(k) as SnapshotKeyParts]));
      for (const a of sample)
        for (const b of sample)
          expect(Math.sign(compareRowKeys(a, b))).toBe(
            Math.sign(compareKeyParts(parts.get(a) as SnapshotKeyParts, parts.get(b) as SnapshotKeyParts)),
          );
    }
  });
});

describe('sortRowKeys', () => {
  it('sorts as sort(compareRowKeys) does, both ways, odd keys and ties included', () => {
    let seed = 11;
    const next = (n: number): number => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const two = (n: number): string => String(n).padStart(2, '0');
    const keys: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const stamp = `${1990 + next(60)}-${two(1 + next(12))}-${two(1 + next(28))}-${two(next(24))}-${two(next(3))}-${two(next(60))}`;
      const tail = next(4);
      keys.push(tail === 0 ? stamp : tail === 1 ? `${stamp}-1` : `${stamp}-${next(2_000_000)}`);
    }
    // Keys the codes cannot hold: compared as strings, as compareRowKeys compares them.
    keys.push(
      '2026-01-02x03-04-05',
      '2026-13-02-03-04-05',
      '9999-12-31-23-59-59-999999',
      'zzzz',
      '2026-01-02-03-04-05-',
    );
    expect(sortRowKeys(keys)).toEqual([...keys].sort(compareRowKeys));
    expect(sortRowKeys(keys, true)).toEqual([...keys].sort((a, b) => compareRowKeys(b, a)));
  });
});

import { describe, expect, it } from 'vitest';
import { groupDebugEntries } from './snapshot-group';
import type { HistoryListing, SnapshotSummary } from './history-types';
import { decodeListing, decodeRows, encodeListing, encodeRows } from './listing-wire';
import type { DecodeResult } from './listing-wire';
import { plainRow } from './listed-rows';
import { EMPTY_COLUMNS } from './history-types';

const file = (name: string, bytes: number | null = null) => ({ name, kind: 'file' as const, bytes });

/** A listing with a suffixed key, missing parts, a parsed row, a malformed one and foreign names. */
function sampleListing(): HistoryListing {
  const { snapshots, foreign } = groupDebugEntries([
    file('vars-2026-01-02-03-04-05.json', 10),
    file('context-2026-01-02-03-04-05.md', 99),
    file('fragments-2026-01-02-03-04-05.md'),
    file('manifest-2026-01-02-03-04-05.md', 0),
    file('vars-2026-01-02-03-04-05-2.json'),
    file('manifest-2026-01-02-03-09-00.md'),
    file('notes.txt', 5),
    { name: 'context-2026-01-02-03-04-07.md', kind: 'directory' },
  ]);
  const [a, b, c] = snapshots as [SnapshotSummary, SnapshotSummary, SnapshotSummary];
  const parsed: SnapshotSummary = {
    ...a,
    parseState: 'done',
    columns: {
      sessionType: 'main',
      sessionInferredFrom: 'eck_manifest.json',
      chatType: 'private',
      channel: 'feishu',
      peer: '小明',
      peerKey: 'p1',
      sessionId: 's-1',
      manifestFile: 'eck_manifest.json',
      sectionsLoaded: 3,
      sectionsTotal: 16,
      contextBytes: 99,
      truncated: true,
      budgetBytes: 102_400,
      recordedAt: 1_767_323_045_123,
    },
  };
  const malformed: SnapshotSummary = {
    ...b,
    parseState: 'done',
    error: 'vars-2026-01-02-03-04-05-2.json: 3:5: malformed JSON',
    columns: { ...b.columns, truncated: false, sessionType: 'main' },
  };
  return { dir: '/h/data/eck-debug', snapshots: [parsed, malformed, c], foreign, error: null };
}

/** Decoded rows read their fields through getters (listed-rows.ts); compared as plain objects. */
function plainRows(r: DecodeResult<SnapshotSummary[]>): DecodeResult<SnapshotSummary[]> {
  return r.ok ? { ok: true, value: r.value.map(plainRow) } : r;
}

function plainListing(r: DecodeResult<HistoryListing>): DecodeResult<HistoryListing> {
  return r.ok ? { ok: true, value: { ...r.value, snapshots: r.value.snapshots.map(plainRow) } } : r;
}

describe('listing wire form', () => {
  it('round-trips every field, file names included, and keeps foreign names apart', () => {
    const listing = sampleListing();
    const wire = JSON.parse(JSON.stringify(encodeListing(listing))) as unknown;
    const back = decodeListing(wire);
    expect(plainListing(back)).toEqual({ ok: true, value: listing });
    if (!back.ok) return;
    expect(back.value.snapshots[1]?.suffix).toBe(2);
    expect(back.value.snapshots[1]?.missing).toEqual(['context', 'fragments', 'manifest']);
    expect(back.value.snapshots[0]?.files.manifest).toEqual({
      name: 'manifest-2026-01-02-03-04-05.md',
      bytes: 0,
    });
    expect(back.value.foreign.map((f) => f.name).sort()).toEqual([
      'context-2026-01-02-03-04-07.md',
      'notes.txt',
    ]);
  });

  it('gives rows that read as plain ones: JSON, column names, `in`, and one columns object per row', () => {
    const listing = sampleListing();
    const back = decodeListing(JSON.parse(JSON.stringify(encodeListing(listing))));
    if (!back.ok) throw new Error(back.error);
    // As JSON (a row sent back, saved or logged) each is the row that was sent.
    expect(JSON.parse(JSON.stringify(back.value.snapshots))).toEqual(
      JSON.parse(JSON.stringify(listing.snapshots)),
    );
    const [row] = back.value.snapshots as [SnapshotSummary];
    const [sent] = listing.snapshots as [SnapshotSummary];
    for (const id of Object.keys(sent.columns)) {
      expect(id in row.columns, id).toBe(true);
      expect((row.columns as Record<string, unknown>)[id], id).toEqual(
        (sent.columns as Record<string, unknown>)[id],
      );
    }
    // A filter reads the columns of every row often: the one view is kept, not made per read.
    expect(row.columns).toBe(row.columns);
    // A row not read yet shows the one shared empty columns, as before.
    expect(back.value.snapshots[2]?.columns).toBe(EMPTY_COLUMNS);
    // Nothing of the row is an own property to spread by accident; plainRow is the way.
    expect(Object.keys(row)).toEqual([]);
    expect(plainRow(row)).toEqual(sent);
  });

  it('sends no file names and each repeated string once', () => {
    const text = JSON.stringify(encodeListing(sampleListing()));
    expect(text).not.toContain('"vars-2026-01-02-03-04-05.json"');
    expect(text).not.toContain('"context-2026-01-02-03-04-05.md"');
    expect(text.split('"main"')).toHaveLength(2);
  });

  it('sends a column with nothing in it yet as one null, and reads it back', () => {
    const { snapshots } = groupDebugEntries([
      file('vars-2026-01-02-03-04-05.json'),
      file('context-2026-01-02-03-04-06.md'),
    ]);
    const wire = encodeRows(snapshots);
    expect(wire.numbers.contextBytes).toBeNull();
    expect(wire.text.peer).toBeNull();
    expect(wire.flags.truncated).toBeNull();
    expect(wire.bytes).toEqual([null, null, null, null]);
    expect(plainRows(decodeRows(JSON.parse(JSON.stringify(wire))))).toEqual({ ok: true, value: snapshots });
    const bad = { ...wire, numbers: { ...wire.numbers, contextBytes: [1] } };
    expect(decodeRows(bad)).toEqual({
      ok: false,
      error: 'history rows: contextBytes has 1 values for 2 snapshots',
    });
  });

  it('a folder error and an empty listing round-trip', () => {
    const listing: HistoryListing = {
      dir: '/nope',
      snapshots: [],
      foreign: [],
      error: 'folder not found: /nope',
    };
    expect(plainListing(decodeListing(JSON.parse(JSON.stringify(encodeListing(listing)))))).toEqual({
      ok: true,
      value: listing,
    });
  });

  it('says what is wrong with a malformed message instead of throwing', () => {
    const good = JSON.parse(JSON.stringify(encodeRows(sampleListing().snapshots))) as Record<string, unknown>;
    const cases: [string, (w: Record<string, unknown>) => unknown, RegExp][] = [
      ['not an object', () => 'rows', /not an object/],
      ['no count', (w) => ({ ...w, count: undefined }), /count is missing/],
      ['a missing column', (w) => ({ ...w, keys: undefined }), /keys is missing/],
      ['a short column', (w) => ({ ...w, time: [0] }), /time has 1 values for 3 snapshots/],
      ['a bad key', (w) => ({ ...w, keys: ['x', 'y', 'z'] }), /keys\[0\] is not a snapshot key/],
      [
        'a string index out of range',
        (w) => ({ ...w, error: [99, -1, -1] }),
        /error\[0\] is not a string index/,
      ],
      [
        'a bad truncated value',
        (w) => ({ ...w, flags: { truncated: ['yes', null, null] } }),
        /truncated\[0\] is not 0, 1 or null/,
      ],
      ['bytes of too few kinds', (w) => ({ ...w, bytes: [[], []] }), /bytes needs 4 columns/],
      ['no text columns', (w) => ({ ...w, text: null }), /text is missing/],
      ['no flag columns', (w) => ({ ...w, flags: undefined }), /flags is missing/],
    ];
    for (const [name, mutate, message] of cases) {
      const r = decodeRows(mutate(good));
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.error, name).toMatch(message);
    }
    expect(decodeListing({ rows: good })).toEqual({ ok: false, error: 'history listing: no dir' });
  });

  it('keeps the columns of a pending snapshot that was read before (a file changed since)', () => {
    const [parsed] = sampleListing().snapshots as [SnapshotSummary];
    const pending: SnapshotSummary = { ...parsed, parseState: 'pending' };
    const back = decodeRows(JSON.parse(JSON.stringify(encodeRows([pending]))));
    expect(plainRows(back)).toEqual({ ok: true, value: [pending] });
  });

  it('sends where each snapshot is kept as one small column, nothing when all are live', () => {
    const listing = sampleListing();
    expect(encodeListing(listing).rows.where).toBeNull();
    const [a, b, c] = listing.snapshots as [SnapshotSummary, SnapshotSummary, SnapshotSummary];
    const kept: SnapshotSummary[] = [{ ...a, where: 'archive' }, b, { ...c, where: 'both' }];
    const wire = JSON.parse(JSON.stringify(encodeRows(kept))) as { where: unknown };
    expect(wire.where).toEqual([1, 0, 2]);
    const back = decodeRows(wire);
    expect(plainRows(back)).toEqual({ ok: true, value: kept });
    if (back.ok) expect(back.value.map((s) => s.where ?? 'live')).toEqual(['archive', 'live', 'both']);
    expect(decodeRows({ ...wire, where: [1, 7, 0] })).toEqual({
      ok: false,
      error: 'history rows: where[1] is not 0, 1 or 2',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { KITS, dirSection, fileSection, renderKit } from '../../../../shared/engine/__fixtures__/kit';
import { budgetPicture, compactSegments } from './budget-picture';
import { filterRows, timelineRows } from './timeline-rows';

const x = (n: number): string => 'x'.repeat(n);

/** A kit with a cut folder, a section the when drops, and a total gate that cuts. */
const report = renderKit(
  {
    sections: [
      dirSection('notes', '$KITS/notes', { order: 1, maxFiles: 2, description: 'Notes' }),
      fileSection('persona', '$KITS/p.md', { order: 2, when: { var: 'chatType', neq: null } }),
      fileSection('big', '$KITS/big.md', { order: 3 }),
      fileSection('huge', '$KITS/huge.md', { order: 4 }),
      fileSection('tail', '$KITS/tail.md', { order: 5 }),
    ],
    override: [
      { id: 'extra', type: 'file', file: '$KITS/tail.md', order: 6, needsInjection: false, when: 'always' },
    ],
    top: { totalMaxBytes: 1000, totalMaxFiles: 10 },
    files: {
      [`${KITS}/notes/a.md`]: x(100),
      [`${KITS}/notes/b.md`]: x(100),
      [`${KITS}/notes/c.md`]: x(100),
      [`${KITS}/p.md`]: 'p',
      [`${KITS}/big.md`]: x(500),
      [`${KITS}/huge.md`]: x(600),
      [`${KITS}/tail.md`]: x(10),
    },
  },
  { chatType: null },
);

describe('timelineRows', () => {
  const rows = timelineRows(report);

  it('a message manifest section carries its render mode; others none', () => {
    const r = renderKit({
      sections: [
        fileSection('item', '$KITS/tail.md', { modeType: 'private', modeName: 'default', isDefault: true }),
        fileSection('compact', '$KITS/tail.md', { modeType: 'private', modeName: 'compact' }),
        fileSection('plain', '$KITS/tail.md'),
      ],
      files: { [`${KITS}/tail.md`]: 'x' },
    });
    expect(timelineRows(r).map((row) => row.mode)).toEqual([
      { type: 'private', name: 'default', isDefault: true },
      { type: 'private', name: 'compact', isDefault: false },
      null,
    ]);
  });

  it('one row per merged section, in merged order, including the ones that did not load', () => {
    expect(rows.map((r) => [r.order, r.id, r.status, r.origin])).toEqual([
      [1, 'notes', 'ok', 'base'],
      [2, 'persona', 'when-false', 'base'],
      [3, 'big', 'ok', 'base'],
      [4, 'huge', 'over-total', 'base'],
      [5, 'tail', 'over-total', 'base'],
      [6, 'extra', 'over-total', 'added'],
    ]);
  });

  it('a cut folder lists its limits and the files that did not fit', () => {
    const notes = rows[0];
    expect(notes?.truncated).toBe(true);
    expect(notes?.folder).toMatchObject({
      maxFiles: 2,
      maxBytes: 40960,
      files: 2,
      bytes: 200,
      notLoaded: 1,
      reason: 'files',
      notLoadedFiles: [{ name: 'c.md', bytes: 100 }],
    });
    expect(rows[2]?.folder).toBeNull();
  });

  it('sizes: bytes against the total, an estimated token count for what reached the context', () => {
    const big = rows[2];
    expect(big?.budgetShare).toBeCloseTo(0.5);
    expect(big?.tokens).toBeGreaterThan(500 / 4);
    expect(rows[1]?.tokens).toBeNull();
  });

  it('tints follow the loaded blocks, as the Context tab colours them', () => {
    expect(rows.map((r) => r.tint)).toEqual([0, null, 1, null, null, null]);
  });

  it('carries the explanation of each status', () => {
    expect(rows[1]?.explanation.reason).toMatchObject({
      status: 'when-false',
      fix: { changes: [{ var: 'chatType' }] },
    });
    expect(rows[3]?.explanation.reason).toMatchObject({ overTotal: { limit: 'bytes', bytesOver: 300 } });
  });

  it('filters by id, status or description words', () => {
    expect(filterRows(rows, 'over').map((r) => r.id)).toEqual(['huge', 'tail', 'extra']);
    expect(filterRows(rows, 'NOTES truncated').map((r) => r.id)).toEqual(['notes']);
    expect(filterRows(rows, '  ')).toHaveLength(6);
  });
});

describe('compactSegments', () => {
  const seg = (id: string, start: number, size: number) => ({ id, ids: [id], tint: 0, start, size });

  it('draws runs of thin sections as one segment and keeps the wide ones', () => {
    const out = compactSegments(
      [seg('a', 0, 1), seg('b', 1, 1), seg('c', 2, 1), seg('wide', 3, 50), seg('d', 53, 1)],
      2,
    );
    expect(out.map((s) => [s.id, s.ids, s.start, s.size, s.tint])).toEqual([
      ['a', ['a', 'b'], 0, 2, -1],
      ['c', ['c'], 2, 1, 0],
      ['wide', ['wide'], 3, 50, 0],
      ['d', ['d'], 53, 1, 0],
    ]);
  });
});

describe('budgetPicture', () => {
  const picture = budgetPicture(report);

  it('one segment per loaded section in order, the headroom left', () => {
    expect(picture.bytes.segments.map((s) => [s.id, s.start, s.size])).toEqual([
      ['notes', 0, 200],
      ['big', 200, 500],
    ]);
    expect(picture.bytes).toMatchObject({ max: 1000, used: 700, headroom: 300 });
    expect(picture.files).toMatchObject({ max: 10, used: 3, headroom: 7 });
  });

  it('the cut: where the gate stopped, what the section needed and what was left', () => {
    expect(picture.bytes.cut).toEqual({ id: 'huge', at: 700, need: 600, left: 300, crossed: true });
    expect(picture.files.cut).toMatchObject({ id: 'huge', at: 3, need: 1, crossed: false });
    expect(picture.bytes.scale).toBe(1300);
    // The ids of evolcore's note: the sections after the one the gate tripped in.
    expect(picture.overTotal).toEqual(['tail', 'extra']);
  });

  it('no cut when everything fits', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/a.md')], files: { [`${KITS}/a.md`]: 'a' } });
    expect(budgetPicture(r).bytes).toMatchObject({ cut: null, used: 1, headroom: 102399, scale: 102400 });
  });
});

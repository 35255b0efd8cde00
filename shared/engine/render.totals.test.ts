import { describe, expect, it } from 'vitest';
import { formatKb, totalNote } from './output-format';
import { KITS, body, dirSection, fileSection, renderKit, sectionOf, statuses } from './__fixtures__/kit';

const bytes = (n: number): string => 'x'.repeat(n);

describe('formatKb (§7)', () => {
  it.each([
    [102400, '100KB'],
    [50000, '48.8KB'],
    [3000, '2.9KB'],
    [1024, '1KB'],
    [1536, '1.5KB'],
    [1075, '1KB'],
    [1126, '1.1KB'],
    [0, '0KB'],
    [512, '0.5KB'],
    [2048000, '2000KB'],
  ])('%d → %s', (n, expected) => {
    expect(formatKb(n)).toBe(expected);
  });

  it('the total note', () => {
    expect(totalNote(50, 102400, ['goal-fragment', 'extra-docs'])).toBe(
      '[注意] 上下文清单总量超限（>50 文件 / >100KB），以下 section 未加载：goal-fragment, extra-docs。',
    );
  });
});

describe('the total gate (§7)', () => {
  const files = {
    [`${KITS}/a.md`]: bytes(400),
    [`${KITS}/b.md`]: bytes(400),
    [`${KITS}/c.md`]: bytes(400),
    [`${KITS}/tiny.md`]: bytes(1),
  };
  const sections = [
    fileSection('a', '$KITS/a.md', { order: 1 }),
    fileSection('b', '$KITS/b.md', { order: 2 }),
    fileSection('c', '$KITS/c.md', { order: 3 }),
    fileSection('tiny', '$KITS/tiny.md', { order: 4 }),
  ];

  it('the first section that does not fit and every later one that would load are over-total', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000 } });
    expect(statuses(r)).toEqual({ a: 'ok', b: 'ok', c: 'over-total', tiny: 'over-total' });
    expect(r.totals.overTotal).toEqual(['c', 'tiny']);
    expect(sectionOf(r, 'tiny').overTotal).toMatchObject({ afterCut: true });
    expect(sectionOf(r, 'c').overTotal).toMatchObject({
      afterCut: false,
      limit: 'bytes',
      bytesBefore: 800,
      bytes: 400,
    });
    expect(r.totals).toMatchObject({ files: 2, bytes: 800, maxFiles: 50, maxBytes: 1000 });
  });

  it('sections that would not load anyway are not over-total, nor listed', () => {
    const r = renderKit({
      sections: [
        ...sections,
        fileSection('off', '$KITS/a.md', { order: 5, enabled: false }),
        fileSection('cond', '$KITS/a.md', { order: 6, when: { var: 'x', eq: 1 } }),
        fileSection('gone', '$KITS/none.md', { order: 7 }),
        fileSection('unres', '$NOPE/a.md', { order: 8 }),
      ],
      files,
      top: { totalMaxBytes: 1000 },
    });
    expect(statuses(r)).toMatchObject({
      off: 'disabled',
      cond: 'when-false',
      gone: 'not-exist',
      unres: 'unresolved-vars',
    });
    expect(r.totals.overTotal).toEqual(['c', 'tiny']);
  });

  it('a total that fits exactly is admitted', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1201 } });
    expect(r.totals.overTotal).toEqual([]);
    expect(r.totals.bytes).toBe(1201);
  });

  it('totalMaxFiles counts files', () => {
    const r = renderKit({ sections, files, top: { totalMaxFiles: 2 } });
    expect(r.totals.overTotal).toEqual(['c', 'tiny']);
    expect(sectionOf(r, 'c').overTotal).toMatchObject({ limit: 'files', filesBefore: 2 });
  });

  it('a folder counts all its loaded files against the totals', () => {
    const r = renderKit({
      sections: [
        dirSection('rules', '$KITS_RULES', { order: 1 }),
        fileSection('a', '$KITS/a.md', { order: 2 }),
      ],
      files: {
        ...files,
        [`${KITS}/rules/1.md`]: 'x',
        [`${KITS}/rules/2.md`]: 'y',
        [`${KITS}/rules/3.md`]: 'z',
      },
      top: { totalMaxFiles: 3 },
    });
    expect(statuses(r)).toEqual({ rules: 'ok', a: 'over-total' });
    expect(r.totals.files).toBe(3);
  });

  it('a folder that does not fit as a whole is over-total as a whole', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { order: 1 })],
      files: { [`${KITS}/rules/1.md`]: 'x', [`${KITS}/rules/2.md`]: 'y' },
      top: { totalMaxFiles: 1 },
    });
    expect(statuses(r)).toEqual({ rules: 'over-total' });
    expect(r.totals.files).toBe(0);
  });

  it('the exact note comes after every other block, with the limits in force', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000, totalMaxFiles: 9 } });
    expect(
      body(r.context).endsWith(
        `${bytes(400)}\n\n[注意] 上下文清单总量超限（>9 文件 / >1KB），以下 section 未加载：c, tiny。`,
      ),
    ).toBe(true);
    expect(r.totals.note).toBe('[注意] 上下文清单总量超限（>9 文件 / >1KB），以下 section 未加载：c, tiny。');
    expect(r.context.slice(r.totals.noteSpan?.start, r.totals.noteSpan?.end)).toBe(r.totals.note);
  });

  it.each([
    [102400, '100KB'],
    [50000, '48.8KB'],
    [3000, '2.9KB'],
  ])('totalMaxBytes %d is written %s in the note', (limit, kb) => {
    const big = { [`${KITS}/big.md`]: bytes(limit + 1), [`${KITS}/small.md`]: 'x' };
    const r = renderKit({
      sections: [
        fileSection('small', '$KITS/small.md', { order: 1 }),
        fileSection('big', '$KITS/big.md', { order: 2 }),
      ],
      files: big,
      top: { totalMaxBytes: limit },
    });
    expect(r.totals.note).toBe(`[注意] 上下文清单总量超限（>50 文件 / >${kb}），以下 section 未加载：big。`);
  });

  it('the total note comes after a folder note', () => {
    const r = renderKit({
      sections: [
        dirSection('rules', '$KITS_RULES', { order: 1, maxFiles: 1 }),
        fileSection('a', '$KITS/a.md', { order: 2 }),
      ],
      files: { ...files, [`${KITS}/rules/1.md`]: 'x', [`${KITS}/rules/2.md`]: 'y' },
      top: { totalMaxFiles: 1 },
    });
    const text = body(r.context);
    const folderAt = text.indexOf('[注意] 目录 $KITS_RULES');
    const totalAt = text.indexOf('[注意] 上下文清单总量超限');
    expect(folderAt).toBeGreaterThan(0);
    expect(totalAt).toBeGreaterThan(folderAt);
    expect(text.endsWith('以下 section 未加载：a。')).toBe(true);
  });

  it('only over-total sections: the context is just the note', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/a.md')], files, top: { totalMaxBytes: 10 } });
    expect(body(r.context)).toBe('[注意] 上下文清单总量超限（>50 文件 / >0KB），以下 section 未加载：a。');
  });

  it('over-total files are not read', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000 } });
    expect(r.fs.reads.has(`${KITS}/c.md`)).toBe(false);
    expect(r.fs.reads.has(`${KITS}/tiny.md`)).toBe(false);
  });

  it('defaults: 50 files and 102400 bytes', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`${KITS}/f${i}.md`, 'x']));
    const r = renderKit({
      sections: Array.from({ length: 51 }, (_, i) => fileSection(`s${i}`, `$KITS/f${i}.md`, { order: i })),
      files: many,
    });
    expect(r.totals).toMatchObject({ maxFiles: 50, maxBytes: 102400, files: 50, overTotal: ['s50'] });
  });
});

describe('budgets count raw bytes (§6)', () => {
  it('a template that renders shorter still counts its raw size', () => {
    const tpl = `{{?never}}${bytes(500)}{{/}}short`;
    const r = renderKit({
      sections: [
        fileSection('t', '$KITS/t.md', { needsInjection: true, order: 1 }),
        fileSection('z', '$KITS/z.md', { order: 2 }),
      ],
      files: { [`${KITS}/t.md`]: tpl, [`${KITS}/z.md`]: 'z' },
      top: { totalMaxBytes: 500 },
    });
    expect(sectionOf(r, 't').status).toBe('over-total');
    const r2 = renderKit({
      sections: [fileSection('t', '$KITS/t.md', { needsInjection: true })],
      files: { [`${KITS}/t.md`]: tpl },
    });
    expect(sectionOf(r2, 't').bytes).toBe(tpl.length);
    expect(r2.totals.bytes).toBe(tpl.length);
    expect(body(r2.context)).toBe('Contenu de $KITS/t.md (t):\n\nshort');
  });

  it('a template that renders longer counts only its raw size', () => {
    const r = renderKit(
      {
        sections: [fileSection('t', '$KITS/t.md', { needsInjection: true })],
        files: { [`${KITS}/t.md`]: '{{v}}' },
        top: { totalMaxBytes: 5 },
      },
      { v: bytes(1000) },
    );
    expect(sectionOf(r, 't').status).toBe('ok');
    expect(r.totals.bytes).toBe(5);
  });

  it('the folder note line does not count', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { maxFiles: 1 })],
      files: { [`${KITS}/rules/1.md`]: 'xy', [`${KITS}/rules/2.md`]: 'y' },
      top: { totalMaxBytes: 2 },
    });
    expect(sectionOf(r, 'rules')).toMatchObject({ status: 'ok', bytes: 2 });
    expect(r.totals.bytes).toBe(2);
  });

  it('a loop counts its wrapper and child once each, however long the list', () => {
    const r = renderKit(
      {
        sections: [
          fileSection('batch', '$KITS/w.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/c.md' },
          }),
        ],
        files: { [`${KITS}/w.md`]: 'W{{@loop}}', [`${KITS}/c.md`]: '{{.}}' },
        top: { totalMaxFiles: 2, totalMaxBytes: 16 },
      },
      { items: Array.from({ length: 100 }, (_, i) => i + 1) },
    );
    const s = sectionOf(r, 'batch');
    expect(s.status).toBe('ok');
    expect(s.files.map((f) => f.role)).toEqual(['wrapper', 'child']);
    expect(r.totals).toMatchObject({ files: 2, bytes: 15 });
  });

  it('a loop section is 2 files against totalMaxFiles', () => {
    const r = renderKit(
      {
        sections: [
          fileSection('batch', '$KITS/w.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/c.md' },
          }),
        ],
        files: { [`${KITS}/w.md`]: 'W', [`${KITS}/c.md`]: 'C' },
        top: { totalMaxFiles: 1 },
      },
      { items: [] },
    );
    expect(sectionOf(r, 'batch').status).toBe('over-total');
  });
});

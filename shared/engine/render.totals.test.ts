import { describe, expect, it } from 'vitest';
import { formatKb, totalNote } from './output-format';
import { KITS, body, dirSection, fileSection, renderKit, sectionOf, statuses } from './__fixtures__/kit';

const bytes = (n: number): string => 'x'.repeat(n);

describe('formatKb (§6: Math.round(totalMaxBytes / 1024))', () => {
  it.each([
    [102400, '100KB'],
    [50000, '49KB'],
    [3000, '3KB'],
    [1024, '1KB'],
    [1536, '2KB'],
    [1075, '1KB'],
    [1126, '1KB'],
    [0, '0KB'],
    [511, '0KB'],
    [512, '1KB'],
    [2048000, '2000KB'],
    ['3000', '3KB'],
    ['many', 'NaNKB'],
  ])('%d → %s', (n, expected) => {
    expect(formatKb(n)).toBe(expected);
  });

  it('the total note', () => {
    expect(totalNote(50, 102400, ['goal-fragment', 'extra-docs'])).toBe(
      '[注意] 上下文清单总量超限（>50 文件 / >100KB），以下 section 未加载：goal-fragment, extra-docs。',
    );
  });
});

describe('the total gate (§6: per file, before rendering; later enabled sections with a true when are listed)', () => {
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

  it('the section during which the gate trips and every later one that would load are over-total; only later ones are listed', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000 } });
    expect(statuses(r)).toEqual({ a: 'ok', b: 'ok', c: 'over-total', tiny: 'over-total' });
    // evolcore's note names the sections it skipped after the trip, not the one it tripped in.
    expect(r.totals.overTotal).toEqual(['tiny']);
    expect(sectionOf(r, 'c').debug).toMatchObject({ skippedByTotalCap: false, fileCount: 1, used: false });
    expect(sectionOf(r, 'tiny').debug).toMatchObject({ skippedByTotalCap: true, whenPassed: true });
    expect(sectionOf(r, 'tiny').overTotal).toMatchObject({ afterCut: true });
    expect(sectionOf(r, 'c').overTotal).toMatchObject({
      afterCut: false,
      limit: 'bytes',
      bytesBefore: 800,
      bytes: 400,
    });
    expect(r.totals).toMatchObject({ files: 2, bytes: 800, maxFiles: 50, maxBytes: 1000 });
  });

  it('after the trip, disabled and when-false sections are not listed; enabled ones are, even if they would not load', () => {
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
    // evolcore does not resolve or read them once the gate tripped: it only checks enabled and when.
    expect(statuses(r)).toMatchObject({
      off: 'disabled',
      cond: 'when-false',
      gone: 'over-total',
      unres: 'over-total',
    });
    expect(r.totals.overTotal).toEqual(['tiny', 'gone', 'unres']);
    expect(r.totals.note).toMatch(/未加载：tiny, gone, unres。$/);
  });

  it('a total that fits exactly is admitted', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1201 } });
    expect(r.totals.overTotal).toEqual([]);
    expect(r.totals.bytes).toBe(1201);
  });

  it('totalMaxFiles counts files', () => {
    const r = renderKit({ sections, files, top: { totalMaxFiles: 2 } });
    expect(r.totals.overTotal).toEqual(['tiny']);
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

  it('a folder cut by the gate keeps the files taken before it tripped (ok, with overTotal)', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { order: 1 })],
      files: { [`${KITS}/rules/1.md`]: 'x', [`${KITS}/rules/2.md`]: 'y' },
      top: { totalMaxFiles: 1 },
    });
    expect(statuses(r)).toEqual({ rules: 'ok' });
    expect(sectionOf(r, 'rules').files.map((f) => f.path)).toEqual([`${KITS}/rules/1.md`]);
    expect(sectionOf(r, 'rules').overTotal).toMatchObject({
      limit: 'files',
      filesBefore: 1,
      afterCut: false,
    });
    expect(r.totals.files).toBe(1);
    expect(body(r.context)).toBe('Contenu de $KITS_RULES/1.md (rules):\n\nx');
  });

  it('a blank file counts nothing: the gate does not trip on it', () => {
    const r = renderKit({
      sections: [
        fileSection('blank', '$KITS/blank.md', { order: 1 }),
        fileSection('a', '$KITS/a.md', { order: 2 }),
      ],
      files: { ...files, [`${KITS}/blank.md`]: '  \n\t' },
      top: { totalMaxFiles: 1, totalMaxBytes: 400 },
    });
    expect(statuses(r)).toEqual({ blank: 'ok', a: 'ok' });
    expect(sectionOf(r, 'blank').empty).toBe(true);
    expect(r.totals).toMatchObject({ files: 1, bytes: 400 });
  });

  it('the exact note comes after every other block, with the limits in force', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000, totalMaxFiles: 9 } });
    expect(
      body(r.context).endsWith(
        `${bytes(400)}\n\n[注意] 上下文清单总量超限（>9 文件 / >1KB），以下 section 未加载：tiny。`,
      ),
    ).toBe(true);
    expect(r.totals.note).toBe('[注意] 上下文清单总量超限（>9 文件 / >1KB），以下 section 未加载：tiny。');
    expect(r.context.slice(r.totals.noteSpan?.start, r.totals.noteSpan?.end)).toBe(r.totals.note);
  });

  it.each([
    [102400, '100KB'],
    [50000, '49KB'],
    [3000, '3KB'],
  ])('totalMaxBytes %d is written %s in the note', (limit, kb) => {
    const big = { [`${KITS}/big.md`]: bytes(limit + 1), [`${KITS}/small.md`]: 'x' };
    const r = renderKit({
      sections: [
        fileSection('small', '$KITS/small.md', { order: 1 }),
        fileSection('big', '$KITS/big.md', { order: 2 }),
        fileSection('after', '$KITS/small.md', { order: 3 }),
      ],
      files: big,
      top: { totalMaxBytes: limit },
    });
    expect(r.totals.note).toBe(
      `[注意] 上下文清单总量超限（>50 文件 / >${kb}），以下 section 未加载：after。`,
    );
  });

  it('the total note comes after a folder note', () => {
    const r = renderKit({
      sections: [
        dirSection('rules', '$KITS_RULES', { order: 1, maxFiles: 1 }),
        fileSection('a', '$KITS/a.md', { order: 2 }),
        fileSection('b', '$KITS/b.md', { order: 3 }),
      ],
      files: { ...files, [`${KITS}/rules/1.md`]: 'x', [`${KITS}/rules/2.md`]: 'y' },
      top: { totalMaxFiles: 1 },
    });
    const text = body(r.context);
    const folderAt = text.indexOf('[注意] 目录 $KITS_RULES');
    const totalAt = text.indexOf('[注意] 上下文清单总量超限');
    expect(folderAt).toBeGreaterThan(0);
    expect(totalAt).toBeGreaterThan(folderAt);
    expect(text.endsWith('以下 section 未加载：b。')).toBe(true);
  });

  it('nothing fits: the context is just the note', () => {
    const r = renderKit({
      sections: [
        fileSection('a', '$KITS/a.md', { order: 1 }),
        fileSection('tiny', '$KITS/tiny.md', { order: 2 }),
      ],
      files,
      top: { totalMaxBytes: 10 },
    });
    expect(body(r.context)).toBe('[注意] 上下文清单总量超限（>50 文件 / >0KB），以下 section 未加载：tiny。');
  });

  it('the gate trips in the last section: no note at all (nothing later is listed)', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/a.md')], files, top: { totalMaxBytes: 10 } });
    expect(statuses(r)).toEqual({ a: 'over-total' });
    expect(r.totals.note).toBeNull();
    expect(r.context).toBe('');
  });

  it('the file the gate trips on is read (its size decides); files after the trip are not', () => {
    const r = renderKit({ sections, files, top: { totalMaxBytes: 1000 } });
    expect(r.fs.reads.has(`${KITS}/c.md`)).toBe(true);
    expect(r.fs.reads.has(`${KITS}/tiny.md`)).toBe(false);
  });

  it('defaults: 50 files and 102400 bytes', () => {
    const many = Object.fromEntries(Array.from({ length: 52 }, (_, i) => [`${KITS}/f${i}.md`, 'x']));
    const r = renderKit({
      sections: Array.from({ length: 52 }, (_, i) => fileSection(`s${i}`, `$KITS/f${i}.md`, { order: i })),
      files: many,
    });
    expect(r.totals).toMatchObject({ maxFiles: 50, maxBytes: 102400, files: 50, overTotal: ['s51'] });
    expect(sectionOf(r, 's50').status).toBe('over-total');
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

  it('a loop section is one file counted by its wrapper bytes, however long the list', () => {
    const r = renderKit(
      {
        sections: [
          fileSection('batch', '$KITS/w.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/c.md' },
          }),
        ],
        files: { [`${KITS}/w.md`]: 'W{{@loop}}', [`${KITS}/c.md`]: '{{.}}' },
        top: { totalMaxFiles: 1, totalMaxBytes: 10 },
      },
      { items: Array.from({ length: 100 }, (_, i) => i + 1) },
    );
    const s = sectionOf(r, 'batch');
    expect(s.status).toBe('ok');
    expect(s.files.map((f) => f.role)).toEqual(['wrapper', 'child']);
    expect(r.totals).toMatchObject({ files: 1, bytes: 10 });
  });

  it("a loop's child bytes do not count against totalMaxBytes", () => {
    const r = renderKit(
      {
        sections: [
          fileSection('batch', '$KITS/w.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/c.md' },
          }),
        ],
        files: { [`${KITS}/w.md`]: 'W', [`${KITS}/c.md`]: bytes(5000) },
        top: { totalMaxFiles: 1, totalMaxBytes: 1 },
      },
      { items: [1] },
    );
    expect(sectionOf(r, 'batch').status).toBe('ok');
    expect(body(r.context)).toBe(`Contenu de $KITS/w.md (batch):\n\nW\n${bytes(5000)}`);
  });
});

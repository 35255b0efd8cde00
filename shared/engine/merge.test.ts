import { describe, expect, it } from 'vitest';
import { ECK, KITS, codes, fileSection, renderKit, sectionOf, statuses } from './__fixtures__/kit';

const FILES = {
  [`${KITS}/a.md`]: 'A',
  [`${KITS}/b.md`]: 'B',
  [`${KITS}/c.md`]: 'C',
  [`${ECK}/mine.md`]: 'M',
};
const BASE = [
  fileSection('a', '$KITS/a.md', { order: 10, description: 'base a' }),
  fileSection('b', '$KITS/b.md', { order: 20, when: { var: 'chatType', neq: null } }),
  fileSection('c', '$KITS/c.md', { order: 30 }),
];
const ids = (r: ReturnType<typeof renderKit>): string[] => r.sections.map((s) => s.id);

describe('no override', () => {
  it('the base alone, overrideState missing', () => {
    const r = renderKit({ sections: BASE, files: FILES });
    expect(ids(r)).toEqual(['a', 'b', 'c']);
    expect(r.merged?.overrideState).toBe('missing');
    expect(r.sections.every((s) => s.origin === 'base')).toBe(true);
  });
});

describe('patch merge (§11)', () => {
  it('merges shallowly by id: only the given fields change', () => {
    const r = renderKit({ sections: BASE, override: [{ id: 'a', enabled: false }], files: FILES });
    expect(statuses(r)).toMatchObject({ a: 'disabled', c: 'ok' });
    expect(r.merged?.sections.find((s) => s.id === 'a')?.raw).toMatchObject({
      file: '$KITS/a.md',
      description: 'base a',
      enabled: false,
    });
  });

  it('an override when replaces the whole object', () => {
    const r = renderKit(
      {
        sections: BASE,
        override: [{ id: 'b', when: { var: 'peerRole', in: ['owner', 'admin'] } }],
        files: FILES,
      },
      { peerRole: 'owner' },
    );
    expect(sectionOf(r, 'b').status).toBe('ok');
    expect(r.merged?.sections.find((s) => s.id === 'b')?.raw.when).toEqual({
      var: 'peerRole',
      in: ['owner', 'admin'],
    });
  });

  it('an override loop replaces the whole object (no forEach inherited: the loop is empty)', () => {
    const base = [
      fileSection('l', '$KITS/a.md', {
        needsInjection: true,
        loop: { forEach: 'items', childFile: '$KITS/b.md', separator: '|' },
      }),
    ];
    const r = renderKit(
      { sections: base, override: [{ id: 'l', loop: { childFile: '$KITS/c.md' } }], files: FILES },
      { items: [1] },
    );
    expect(r.merged?.sections[0]?.raw.loop).toEqual({ childFile: '$KITS/c.md' });
    // forEach undefined: vars[undefined] is no list, so the wrapper gets an empty loop result.
    expect(sectionOf(r, 'l').status).toBe('ok');
    expect(r.context).toContain('Contenu de $KITS/a.md (l):\n\nA\n\nIMPORTANT');
  });

  it('a new id is appended, then sorted by order', () => {
    const r = renderKit({
      sections: BASE,
      override: [fileSection('mine', '$ECK/mine.md', { order: 15 })],
      files: FILES,
    });
    expect(ids(r)).toEqual(['a', 'mine', 'b', 'c']);
    expect(sectionOf(r, 'mine').origin).toBe('added');
  });

  it('a new id with no order sorts last here (NaN comparisons, V8 sort) and still loads, with invalid-field', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'late', type: 'file', file: '$KITS/a.md', when: 'always' }],
      files: FILES,
    });
    expect(ids(r)).toEqual(['a', 'b', 'c', 'late']);
    expect(sectionOf(r, 'late').status).toBe('ok');
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'invalid-field',
        section: 'late',
        message: expect.stringMatching(/order/),
      }),
    );
  });

  it('a changed order moves the section', () => {
    const r = renderKit({ sections: BASE, override: [{ id: 'c', order: 5 }], files: FILES });
    expect(ids(r)).toEqual(['c', 'a', 'b']);
  });

  it('equal orders keep their merged order (stable), appended ones after base ones', () => {
    const base = [
      fileSection('x', '$KITS/a.md', { order: 10 }),
      fileSection('y', '$KITS/a.md', { order: 10 }),
      fileSection('z', '$KITS/a.md', { order: 10 }),
    ];
    const r = renderKit({
      sections: base,
      override: [fileSection('w', '$KITS/a.md', { order: 10 })],
      files: FILES,
    });
    expect(ids(r)).toEqual(['x', 'y', 'z', 'w']);
  });

  it('fractional orders such as 21.5 sort between integers', () => {
    const base = [
      fileSection('p22', '$KITS/a.md', { order: 22 }),
      fileSection('p21', '$KITS/a.md', { order: 21 }),
      fileSection('p215', '$KITS/a.md', { order: 21.5 }),
      fileSection('neg', '$KITS/a.md', { order: -1 }),
    ];
    expect(ids(renderKit({ sections: base, files: FILES }))).toEqual(['neg', 'p21', 'p215', 'p22']);
  });

  it('an override without an id is appended (Map key undefined) with override-without-id', () => {
    const r = renderKit({ sections: BASE, override: [{ enabled: false }], files: FILES });
    expect(ids(r)).toEqual(['a', 'b', 'c', '']);
    const d = r.diagnostics.find((x) => x.code === 'override-without-id');
    expect(d).toMatchObject({ level: 'error', file: `${ECK}/eck_manifest.json` });
    expect(statuses(r)).toMatchObject({ a: 'ok', c: 'ok', '': 'disabled' });
  });

  it('an override without an id is rendered, labelled "undefined"', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ type: 'file', file: '$KITS/b.md', order: 40, when: 'always', needsInjection: false }],
      files: FILES,
    });
    expect(r.context).toContain('Contenu de $KITS/b.md (undefined):\n\nB\n\nIMPORTANT');
    expect(codes(r)).toContain('override-without-id');
  });

  it('two override entries without an id merge into one (the second patches the first)', () => {
    const r = renderKit({
      sections: BASE,
      override: [
        { type: 'file', file: '$KITS/a.md', order: 40, when: 'always', needsInjection: false },
        { file: '$KITS/c.md' },
      ],
      files: FILES,
    });
    expect(ids(r)).toEqual(['a', 'b', 'c', '']);
    expect(r.merged?.sections[3]?.raw.file).toBe('$KITS/c.md');
    expect(r.context).toContain('Contenu de $KITS/c.md (undefined):\n\nC\n\nIMPORTANT');
  });

  it('an unknown id without type is appended with unknown-override-id naming the closest base id', () => {
    const base = [
      fileSection('venue-client', '$KITS/a.md'),
      fileSection('peer-profile', '$KITS/b.md', { order: 20 }),
    ];
    const r = renderKit({ sections: base, override: [{ id: 'venue-clinet', enabled: false }], files: FILES });
    const d = r.diagnostics.find((x) => x.code === 'unknown-override-id');
    expect(d).toMatchObject({ level: 'warning', section: 'venue-clinet' });
    expect(d?.message).toContain('"venue-client"');
    // enabled: false is checked first, so the typo entry is merely disabled.
    expect(sectionOf(r, 'venue-clinet').status).toBe('disabled');
    expect(sectionOf(r, 'venue-client').status).toBe('ok');
  });

  it('an unknown id that is enabled has no when: evolcore throws, the agent gets no turn (when-missing)', () => {
    const base = [fileSection('venue-client', '$KITS/a.md')];
    const r = renderKit({
      sections: base,
      override: [{ id: 'venue-clinet', description: 'typo' }],
      files: FILES,
    });
    expect(r.failure).toMatchObject({ code: 'when-missing', section: 'venue-clinet' });
    expect(r.context).toBe('');
    expect(r.sections).toEqual([]);
    expect(codes(r)).toEqual(expect.arrayContaining(['when-missing', 'unknown-override-id']));
  });

  it('an unknown id with a type is a plain addition, no warning', () => {
    const r = renderKit({
      sections: BASE,
      override: [fileSection('extra', '$KITS/a.md', { order: 40 })],
      files: FILES,
    });
    expect(codes(r)).not.toContain('unknown-override-id');
  });

  it('relation-group-profile in a patch is dropped with deprecated-section', () => {
    const r = renderKit({
      sections: BASE,
      override: [fileSection('relation-group-profile', '$KITS/a.md', { order: 36 })],
      files: FILES,
    });
    expect(ids(r)).not.toContain('relation-group-profile');
    expect(r.diagnostics.find((d) => d.code === 'deprecated-section')?.level).toBe('info');
  });

  it('relation-group-profile patching a base section is dropped too (the base one stays as is)', () => {
    const base = [...BASE, fileSection('relation-group-profile', '$KITS/a.md', { order: 36 })];
    const r = renderKit({
      sections: base,
      override: [{ id: 'relation-group-profile', enabled: false }],
      files: FILES,
    });
    expect(sectionOf(r, 'relation-group-profile').status).toBe('ok');
    expect(codes(r)).toContain('deprecated-section');
  });

  it('field origins: base fields stay base, patched fields become override', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'a', description: 'mine', order: 11 }],
      files: FILES,
    });
    const a = sectionOf(r, 'a');
    expect(a.origin).toBe('override');
    expect(a.fieldOrigins).toEqual({
      id: 'override',
      type: 'base',
      file: 'base',
      order: 'override',
      needsInjection: 'base',
      when: 'base',
      description: 'override',
    });
    expect(sectionOf(r, 'c').origin).toBe('base');
    expect(sectionOf(r, 'c').description).toBe(null);
    expect(a.description).toBe('mine');
  });

  it('section origins: base / override / added', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'b', enabled: false }, fileSection('new', '$KITS/a.md', { order: 1 })],
      files: FILES,
    });
    expect(Object.fromEntries(r.sections.map((s) => [s.id, s.origin]))).toEqual({
      new: 'added',
      a: 'base',
      b: 'override',
      c: 'base',
    });
    expect(Object.values(sectionOf(r, 'new').fieldOrigins).every((o) => o === 'override')).toBe(true);
  });

  it('mode "patch" written explicitly is a patch', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'a', enabled: false }],
      overrideTop: { mode: 'patch' },
      files: FILES,
    });
    expect(r.merged?.mode).toBe('patch');
    expect(ids(r)).toEqual(['a', 'b', 'c']);
  });
});

describe('replace mode (§11)', () => {
  it('only the override sections; droppedByReplace lists the base ids', () => {
    const r = renderKit({
      sections: BASE,
      override: [
        fileSection('a', '$KITS/c.md', { order: 1 }),
        fileSection('solo', '$ECK/mine.md', { order: 2 }),
      ],
      overrideTop: { mode: 'replace' },
      files: FILES,
    });
    expect(r.merged?.mode).toBe('replace');
    expect(ids(r)).toEqual(['a', 'solo']);
    expect(r.merged?.droppedByReplace).toEqual(['b', 'c']);
    // No inheritance from the base a: its description is gone.
    expect(sectionOf(r, 'a').description).toBeNull();
    expect(Object.values(sectionOf(r, 'a').fieldOrigins).every((o) => o === 'override')).toBe(true);
    expect(r.context).toContain('Contenu de $KITS/c.md (a):\n\nC');
  });

  it('an override section that is not complete in replace has no when: evolcore throws (no base to merge with)', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'a', enabled: true }],
      overrideTop: { mode: 'replace' },
      files: FILES,
    });
    expect(r.failure).toMatchObject({ code: 'when-missing', section: 'a' });
    expect(r.context).toBe('');
  });

  it('an override section that is not complete in replace but has when is invalid (no path)', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'a', when: 'always' }],
      overrideTop: { mode: 'replace' },
      files: FILES,
    });
    expect(statuses(r)).toEqual({ a: 'invalid' });
  });

  it('relation-group-profile is kept in replace', () => {
    const r = renderKit({
      sections: BASE,
      override: [fileSection('relation-group-profile', '$KITS/a.md')],
      overrideTop: { mode: 'replace' },
      files: FILES,
    });
    expect(statuses(r)).toEqual({ 'relation-group-profile': 'ok' });
    expect(codes(r)).not.toContain('deprecated-section');
  });

  it('replace with no sections renders nothing', () => {
    const r = renderKit({ sections: BASE, override: [], overrideTop: { mode: 'replace' }, files: FILES });
    expect(r.sections).toEqual([]);
    expect(r.context).toBe('');
  });

  it('replace sorts by order too', () => {
    const r = renderKit({
      sections: BASE,
      override: [fileSection('z', '$KITS/a.md', { order: 9 }), fileSection('y', '$KITS/a.md', { order: 3 })],
      overrideTop: { mode: 'replace' },
      files: FILES,
    });
    expect(ids(r)).toEqual(['y', 'z']);
  });
});

describe('top-level limits (§11)', () => {
  it.each<
    [
      string,
      Record<string, unknown>,
      Record<string, unknown> | null,
      'patch' | 'replace',
      number,
      number,
      string,
      string,
    ]
  >([
    ['defaults', {}, null, 'patch', 50, 102400, 'default', 'default'],
    ['base limits', { totalMaxFiles: 7, totalMaxBytes: 700 }, null, 'patch', 7, 700, 'base', 'base'],
    [
      'override wins',
      { totalMaxFiles: 7, totalMaxBytes: 700 },
      { totalMaxFiles: 3 },
      'patch',
      3,
      700,
      'override',
      'base',
    ],
    ['override only', {}, { totalMaxBytes: 999 }, 'patch', 50, 999, 'default', 'override'],
    [
      'replace: override wins',
      { totalMaxFiles: 7 },
      { totalMaxFiles: 2, mode: 'replace' },
      'replace',
      2,
      102400,
      'override',
      'default',
    ],
    [
      'replace: base limits still apply',
      { totalMaxFiles: 7 },
      { mode: 'replace' },
      'replace',
      7,
      102400,
      'base',
      'default',
    ],
  ])('%s', (_label, top, overrideTop, mode, files, bytes, filesOrigin, bytesOrigin) => {
    const r = renderKit({
      sections: BASE,
      top,
      ...(overrideTop ? { override: mode === 'replace' ? BASE : [], overrideTop } : {}),
      files: FILES,
    });
    expect(r.merged?.mode).toBe(mode);
    expect(r.totals).toMatchObject({ maxFiles: files, maxBytes: bytes });
    expect(r.merged?.limitOrigins).toEqual({ totalMaxFiles: filesOrigin, totalMaxBytes: bytesOrigin });
  });
});

describe('overrideText (a draft)', () => {
  it('a draft replaces the override file', () => {
    const r = renderKit(
      { sections: BASE, override: [{ id: 'a', enabled: false }], files: FILES },
      {},
      { overrideText: JSON.stringify({ sections: [{ id: 'c', enabled: false }] }) },
    );
    expect(statuses(r)).toMatchObject({ a: 'ok', c: 'disabled' });
    expect(r.merged?.overrideState).toBe('draft');
  });

  it('a null draft means no override at all', () => {
    const r = renderKit(
      { sections: BASE, override: [{ id: 'a', enabled: false }], files: FILES },
      {},
      { overrideText: null },
    );
    expect(sectionOf(r, 'a').status).toBe('ok');
    expect(r.merged?.overrideState).toBe('missing');
  });
});

describe('odd manifest shapes', () => {
  it('an override that is JSON but not an object is ignored with manifest-shape', () => {
    const r = renderKit({ sections: BASE, overrideText: '[{"id":"a","enabled":false}]', files: FILES });
    expect(codes(r)).toContain('manifest-shape');
    expect(sectionOf(r, 'a').status).toBe('ok');
    expect(r.merged?.overrideState).toBe('ignored');
  });

  it.each([
    ['a string', 'rules'],
    ['a number', 5],
    ['a list', []],
  ])('a section entry that is %s makes evolcore throw: manifest-crash, no context', (_label, entry) => {
    const r = renderKit({
      baseText: JSON.stringify({ sections: [fileSection('a', '$KITS/a.md'), entry] }),
      files: FILES,
    });
    expect(r.failure).toMatchObject({ code: 'manifest-crash' });
    expect(r.failure?.message).toContain(JSON.stringify(entry));
    expect(r.context).toBe('');
    expect(r.diagnostics[0]).toMatchObject({ level: 'error', code: 'manifest-crash' });
  });

  it('an unknown mode is read as patch with a warning', () => {
    const r = renderKit({
      sections: BASE,
      override: [{ id: 'a', enabled: false }],
      overrideTop: { mode: 'merge' },
      files: FILES,
    });
    expect(r.merged?.mode).toBe('patch');
    expect(ids(r)).toEqual(['a', 'b', 'c']);
    expect(codes(r)).toContain('invalid-field');
  });

  it('a duplicate id in the base is reported', () => {
    const r = renderKit({ sections: [...BASE, fileSection('a', '$KITS/b.md', { order: 40 })], files: FILES });
    expect(codes(r)).toContain('duplicate-id');
  });

  it('a top-level limit of the wrong type is used as evolcore compares it (coerced), with a warning', () => {
    const r = renderKit({ sections: BASE, top: { totalMaxFiles: '1' }, files: FILES }, { chatType: 'x' });
    expect(r.merged?.limitValues.totalMaxFiles).toBe('1');
    expect(r.totals.maxFiles).toBe(1);
    expect(statuses(r)).toEqual({ a: 'ok', b: 'over-total', c: 'over-total' });
    expect(r.totals.note).toBe('[注意] 上下文清单总量超限（>1 文件 / >100KB），以下 section 未加载：c。');
    expect(codes(r)).toContain('invalid-field');
  });

  it('a null limit in the override falls back to the base (??)', () => {
    const r = renderKit({
      sections: BASE,
      top: { totalMaxFiles: 7 },
      override: [],
      overrideTop: { totalMaxFiles: null },
      files: FILES,
    });
    expect(r.merged?.limitOrigins.totalMaxFiles).toBe('base');
    expect(r.totals.maxFiles).toBe(7);
  });
});

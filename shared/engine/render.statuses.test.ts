import { describe, expect, it } from 'vitest';
import {
  ECK,
  P,
  KITS,
  codes,
  dirSection,
  fileSection,
  renderKit,
  sectionOf,
  statuses,
} from './__fixtures__/kit';

const FILES = { [`${KITS}/a.md`]: 'A' };

describe('statuses in the documented order (§4)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['ok', {}, {}, 'ok'],
    ['missing id (evolcore never reads it to load)', { id: undefined }, {}, 'ok'],
    ['id not a string', { id: 7 }, {}, 'ok'],
    ['missing type', { type: undefined }, {}, 'invalid'],
    ['unknown type', { type: 'glob' }, {}, 'invalid'],
    ['file missing for type file', { file: undefined }, {}, 'invalid'],
    ['file empty for type file', { file: '' }, {}, 'invalid'],
    ['path given instead of file', { file: undefined, path: '$KITS/a.md' }, {}, 'invalid'],
    ['missing order (sorted as NaN, still loaded)', { order: undefined }, {}, 'ok'],
    ['non-numeric order', { order: '10' }, {}, 'ok'],
    ['when another string reads as true', { when: 'sometimes' }, {}, 'ok'],
    ['when with two operators: eq wins', { when: { var: 'x', eq: 1, in: [undefined, 1] } }, {}, 'when-false'],
    ['when with two operators: eq wins (true)', { when: { var: 'x', eq: 1, nin: [1] } }, { x: 1 }, 'ok'],
    ['when with no operator reads as true', { when: { var: 'x' } }, {}, 'ok'],
    [
      'invalid and disabled → disabled (enabled is checked first)',
      { enabled: false, type: 'glob' },
      {},
      'disabled',
    ],
    ['invalid and when-false → when-false', { type: 'glob', when: { var: 'x', eq: 1 } }, {}, 'when-false'],
    [
      'unresolved with a bad order → unresolved-vars',
      { order: 'x', file: '$NOPE/a.md' },
      {},
      'unresolved-vars',
    ],
    ['disabled', { enabled: false }, {}, 'disabled'],
    ['disabled and when-false → disabled', { enabled: false, when: { var: 'x', eq: 1 } }, {}, 'disabled'],
    ['disabled and unresolved → disabled', { enabled: false, file: '$NOPE/a.md' }, {}, 'disabled'],
    ['enabled: true loads', { enabled: true }, {}, 'ok'],
    ['when-false', { when: { var: 'x', eq: 1 } }, {}, 'when-false'],
    [
      'when-false and unresolved → when-false',
      { when: { var: 'x', eq: 1 }, file: '$NOPE/a.md' },
      {},
      'when-false',
    ],
    [
      'when-false and not-exist → when-false',
      { when: { var: 'x', eq: 1 }, file: '$KITS/none.md' },
      {},
      'when-false',
    ],
    ['unresolved-vars', { file: '$NOPE/a.md' }, {}, 'unresolved-vars'],
    ['unresolved beats not-exist', { file: '$KITS/{{k}}/none.md' }, {}, 'unresolved-vars'],
    ['not-exist', { file: '$KITS/none.md' }, {}, 'not-exist'],
    ['a folder given as a file → not-exist', { file: '$KITS' }, {}, 'not-exist'],
    ['when true by a var', { when: { var: 'x', eq: 1 } }, { x: 1 }, 'ok'],
  ])('%s → %s', (_label, patch, vars, expected) => {
    const section = fileSection('s', '$KITS/a.md', patch);
    const r = renderKit({ sections: [section], files: FILES }, vars);
    expect(r.rendered).toBe(true);
    expect(r.sections[0]?.status).toBe(expected);
  });

  it('a directory section needs path, not file', () => {
    const r = renderKit({
      sections: [dirSection('d', '$KITS', { path: undefined, file: '$KITS' })],
      files: FILES,
    });
    expect(r.sections[0]?.status).toBe('invalid');
    expect(r.sections[0]?.invalidReason).toMatch(/path/);
  });

  it('an invalid section earns invalid-section naming the field, and the rest still renders', () => {
    const r = renderKit({
      sections: [
        fileSection('bad', '$KITS/a.md', { type: 'glob' }),
        fileSection('good', '$KITS/a.md', { order: 20 }),
      ],
      files: FILES,
    });
    expect(statuses(r)).toEqual({ bad: 'invalid', good: 'ok' });
    const d = r.diagnostics.find((x) => x.code === 'invalid-section');
    expect(d).toMatchObject({ level: 'error', section: 'bad' });
    expect(d?.message).toMatch(/type/);
    expect(sectionOf(r, 'bad').invalidReason).toMatch(/type/);
    expect(r.context).toContain('Contenu de $KITS/a.md (good):');
  });

  it('a missing needsInjection reads as false, with a warning', () => {
    const r = renderKit(
      {
        sections: [fileSection('s', '$KITS/t.md', { needsInjection: undefined })],
        files: { [`${KITS}/t.md`]: 'x {{y}}' },
      },
      { y: 'Y' },
    );
    expect(r.sections[0]?.status).toBe('ok');
    expect(r.context).toContain('x {{y}}');
    expect(codes(r)).toContain('missing-needs-injection');
  });

  it('a section whose when is false records the when report', () => {
    const r = renderKit({
      sections: [fileSection('s', '$KITS/a.md', { when: { var: 'chatType', neq: null } })],
      files: FILES,
    });
    const when = sectionOf(r, 's').when;
    expect(when).toMatchObject({
      expression: { var: 'chatType', neq: null },
      result: false,
      reads: [{ name: 'chatType', value: undefined, present: false }],
    });
    expect(when.tree).toMatchObject({ kind: 'neq', result: false, children: [] });
  });

  it('not-exist records the path looked for', () => {
    const r = renderKit({ sections: [fileSection('s', '$KITS/none.md')], files: FILES });
    expect(sectionOf(r, 's').missingPath).toBe(`${KITS}/none.md`);
  });
});

describe('unresolved tokens (§2)', () => {
  it('lists every unresolved token of a section as written', () => {
    const r = renderKit(
      { sections: [fileSection('s', '$PERSONAL_DIR/{{peerKey}}/{{chatType}}.md')], files: FILES },
      { chatType: 'private' },
    );
    const s = sectionOf(r, 's');
    expect(s.status).toBe('unresolved-vars');
    expect(s.unresolved).toEqual(['$PERSONAL_DIR', '{{peerKey}}']);
  });

  it('a present 0 resolves to "0" (only undefined, null, false and "" are unresolved)', () => {
    const r = renderKit(
      { sections: [fileSection('s', '$KITS/{{k}}.md')], files: { [`${KITS}/0.md`]: 'Z' } },
      { k: 0 },
    );
    expect(sectionOf(r, 's')).toMatchObject({ status: 'ok', unresolved: [], resolvedPath: `${KITS}/0.md` });
  });

  it.each([
    ['null', null],
    ['false', false],
    ['""', ''],
  ])('a present but %s value is unresolved', (_l, v) => {
    const r = renderKit({ sections: [fileSection('s', '$KITS/{{k}}.md')], files: FILES }, { k: v });
    expect(sectionOf(r, 's')).toMatchObject({ status: 'unresolved-vars', unresolved: ['{{k}}'] });
  });

  it('PERSONAL_DIR is unresolved in a coding scenario (no selfAid)', () => {
    const r = renderKit({ sections: [fileSection('persona', '$PERSONAL_DIR/persona.md')], files: FILES });
    expect(sectionOf(r, 'persona').unresolved).toEqual(['$PERSONAL_DIR']);
  });

  it('an unresolved loop childFile does not make the section unresolved: it renders empty (§9)', () => {
    const r = renderKit(
      {
        sections: [
          fileSection('l', '$KITS/a.md', {
            needsInjection: true,
            loop: { forEach: 'items', childFile: '$KITS/{{kind}}.md' },
          }),
        ],
        files: FILES,
      },
      { items: [] },
    );
    expect(sectionOf(r, 'l')).toMatchObject({ status: 'ok', unresolved: [], empty: true, files: [] });
    expect(sectionOf(r, 'l').emptyFiles).toEqual([`${KITS}/a.md`]);
    expect(r.context).toBe('');
  });
});

describe('path-escape (§2)', () => {
  it.each([
    ['/', 'x/a'],
    ['\\', 'x\\a'],
    ['..', '../kits'],
  ])('a {{key}} value holding %s is still used, with a warning', (_label, value) => {
    const files = {
      [`${KITS}/x/a.md`]: 'XA',
      [`${KITS}/x\\a.md`]: 'BS',
      [`${KITS}/../kits.md`]: 'UP',
      '/p/kits.md': 'UP',
    };
    const r = renderKit({ sections: [fileSection('s', '$KITS/{{k}}.md')], files }, { k: value });
    expect(codes(r)).toContain('path-escape');
    const d = r.diagnostics.find((x) => x.code === 'path-escape');
    expect(d).toMatchObject({ level: 'warning', section: 's' });
    expect(sectionOf(r, 's').status).toBe('ok');
  });

  it('the escaped path is normalised before it is read and displayed', () => {
    const r = renderKit(
      { sections: [fileSection('s', '$KITS_RULES/{{k}}/secret.md')], files: { '/p/kits/secret.md': 'S' } },
      { k: '..' },
    );
    const s = sectionOf(r, 's');
    expect(s.resolvedPath).toBe('/p/kits/secret.md');
    expect(s.files[0]?.display).toBe('$KITS/secret.md');
    expect(r.context).toContain('Contenu de $KITS/secret.md (s):\n\nS');
  });

  it('a plain value earns no path-escape', () => {
    const r = renderKit({ sections: [fileSection('s', '$KITS/{{k}}.md')], files: FILES }, { k: 'a' });
    expect(codes(r)).not.toContain('path-escape');
  });
});

describe('relative paths (§2: relative to evolcore’s working folder; the inspector reads from the package root)', () => {
  it('a relative path is read from the package root and flagged relative-path', () => {
    const r = renderKit({ sections: [fileSection('s', 'a.md')], files: { [`${P}/a.md`]: 'PA', ...FILES } });
    expect(sectionOf(r, 's')).toMatchObject({ status: 'ok', resolvedPath: `${P}/a.md` });
    const d = r.diagnostics.find((x) => x.code === 'relative-path');
    expect(d).toMatchObject({ level: 'warning', section: 's' });
    expect(d?.message).toContain('"a.md"');
    // evolcore shows the path as it resolved it: relative, no alias applies.
    expect(r.context).toContain('Contenu de a.md (s):\n\nPA');
  });

  it('the override folder does not matter: an override-defined relative path is read from the package root too', () => {
    const r = renderKit({
      sections: [fileSection('s', 'a.md')],
      override: [{ id: 's', file: 'mine.md' }, fileSection('new', 'new.md', { order: 20 })],
      files: { ...FILES, [`${ECK}/mine.md`]: 'M', [`${P}/mine.md`]: 'PM' },
    });
    expect(sectionOf(r, 's').resolvedPath).toBe(`${P}/mine.md`);
    expect(sectionOf(r, 'new')).toMatchObject({ status: 'not-exist', resolvedPath: `${P}/new.md` });
    expect(r.context).toContain('Contenu de mine.md (s):\n\nPM');
  });

  it('a relative path with .. is normalised (path.normalize keeps a leading ..)', () => {
    const r = renderKit({ sections: [fileSection('s', './x/../a.md')], files: { [`${P}/a.md`]: 'PA' } });
    expect(sectionOf(r, 's')).toMatchObject({ status: 'ok', resolvedPath: `${P}/a.md` });
    expect(r.context).toContain('Contenu de a.md (s):');
  });

  it('a relative path after token expansion is relative too', () => {
    const r = renderKit(
      { sections: [fileSection('s', '{{name}}.md')], files: { [`${P}/a.md`]: 'PA' } },
      { name: 'a' },
    );
    expect(sectionOf(r, 's').resolvedPath).toBe(`${P}/a.md`);
    expect(codes(r)).toContain('relative-path');
  });

  it('an absolute path earns no relative-path', () => {
    const r = renderKit({ sections: [fileSection('s', '$KITS/a.md')], files: FILES });
    expect(codes(r)).not.toContain('relative-path');
  });
});

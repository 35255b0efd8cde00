import { describe, expect, it } from 'vitest';
import type { EngineFs } from './types';
import { createMemoryFs } from './memory-fs';
import { MAX_READ_BYTES, renderContext } from './render';
import {
  ECK,
  H,
  P,
  kitTree,
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
    ['missing id', { id: undefined }, {}, 'invalid'],
    ['id not a string', { id: 7 }, {}, 'invalid'],
    ['missing type', { type: undefined }, {}, 'invalid'],
    ['unknown type', { type: 'glob' }, {}, 'invalid'],
    ['file missing for type file', { file: undefined }, {}, 'invalid'],
    ['file not a string', { file: 3 }, {}, 'invalid'],
    ['path given instead of file', { file: undefined, path: '$KITS/a.md' }, {}, 'invalid'],
    ['missing order', { order: undefined }, {}, 'invalid'],
    ['non-numeric order', { order: '10' }, {}, 'invalid'],
    ['missing when', { when: undefined }, {}, 'invalid'],
    ['when another string', { when: 'sometimes' }, {}, 'invalid'],
    ['when with two operators', { when: { var: 'x', eq: 1, in: [1] } }, {}, 'invalid'],
    ['when with no operator', { when: { var: 'x' } }, {}, 'invalid'],
    ['invalid and disabled → invalid', { enabled: false, when: 'nope' }, {}, 'invalid'],
    ['invalid and unresolved → invalid', { order: 'x', file: '$NOPE/a.md' }, {}, 'invalid'],
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
        fileSection('bad', '$KITS/a.md', { when: 'often' }),
        fileSection('good', '$KITS/a.md', { order: 20 }),
      ],
      files: FILES,
    });
    expect(statuses(r)).toEqual({ bad: 'invalid', good: 'ok' });
    const d = r.diagnostics.find((x) => x.code === 'invalid-section');
    expect(d).toMatchObject({ level: 'error', section: 'bad' });
    expect(d?.message).toMatch(/when/);
    expect(sectionOf(r, 'bad').invalidReason).toMatch(/when/);
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
    expect(sectionOf(r, 's').when).toEqual({
      expression: { var: 'chatType', neq: null },
      result: false,
      reads: [{ name: 'chatType', value: undefined, present: false }],
    });
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

  it.each([
    ['0', 0],
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

  it('a loop childFile token counts too', () => {
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
    expect(sectionOf(r, 'l')).toMatchObject({ status: 'unresolved-vars', unresolved: ['{{kind}}'] });
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

describe('relative paths (§2)', () => {
  it('a relative base path resolves against $KITS (the base manifest folder)', () => {
    const r = renderKit({ sections: [fileSection('s', 'a.md')], files: FILES });
    expect(sectionOf(r, 's')).toMatchObject({ status: 'ok', resolvedPath: `${KITS}/a.md` });
  });

  it('a relative path that an override defines resolves against $ECK', () => {
    const r = renderKit({
      sections: [fileSection('s', 'a.md')],
      override: [{ id: 's', file: 'mine.md' }, fileSection('new', 'new.md', { order: 20 })],
      files: { ...FILES, [`${ECK}/mine.md`]: 'M', [`${ECK}/new.md`]: 'N' },
    });
    expect(sectionOf(r, 's').resolvedPath).toBe(`${ECK}/mine.md`);
    expect(sectionOf(r, 'new').resolvedPath).toBe(`${ECK}/new.md`);
    expect(r.context).toContain('Contenu de $ECK/mine.md (s):\n\nM');
  });

  it('a base path kept while the override patches another field still resolves against $KITS', () => {
    const r = renderKit({
      sections: [fileSection('s', 'a.md')],
      override: [{ id: 's', description: 'patched' }],
      files: FILES,
    });
    expect(sectionOf(r, 's').resolvedPath).toBe(`${KITS}/a.md`);
  });

  it('a relative path with .. is normalised', () => {
    const r = renderKit({ sections: [fileSection('s', './x/../a.md')], files: FILES });
    expect(sectionOf(r, 's').resolvedPath).toBe(`${KITS}/a.md`);
  });

  it('a relative path after token expansion also resolves against the manifest folder', () => {
    const r = renderKit({ sections: [fileSection('s', '{{name}}.md')], files: FILES }, { name: 'a' });
    expect(sectionOf(r, 's').resolvedPath).toBe(`${KITS}/a.md`);
  });
});

describe('files the inspector refuses to read', () => {
  it('a file over MAX_READ_BYTES is never read, even under a large budget: file-too-large, the rest renders', () => {
    const tree = kitTree({
      sections: [fileSection('huge', '$KITS/huge.md'), fileSection('a', '$KITS/a.md', { order: 20 })],
      top: { totalMaxBytes: 1e12 },
      files: { [`${KITS}/huge.md`]: 'tiny on purpose', [`${KITS}/a.md`]: 'A' },
    });
    const inner = createMemoryFs(tree);
    const fs: EngineFs = {
      stat: (p) =>
        p === `${KITS}/huge.md` ? { kind: 'file', size: MAX_READ_BYTES + 1, mtimeMs: 0 } : inner.stat(p),
      readText: (p) => inner.readText(p),
      list: (p) => inner.list(p),
    };
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(inner.reads.has(`${KITS}/huge.md`)).toBe(false);
    expect(codes(r)).toContain('file-too-large');
    expect(sectionOf(r, 'huge').status).toBe('not-exist');
    expect(sectionOf(r, 'a').status).toBe('ok');
    expect(r.context).toContain('Contenu de $KITS/a.md (a):\n\nA');
  });
});

import { describe, expect, it } from 'vitest';
import type { EngineFs } from './types';
import { createMemoryFs } from '../base/memory-fs';
import { renderContext } from './render';
import {
  H,
  KITS,
  P,
  body,
  countingFs,
  dirSection,
  kitTree,
  manifest,
  renderKit,
  sectionOf,
} from './__fixtures__/kit';

const RULES = `${KITS}/rules`;
const names = (r: ReturnType<typeof renderKit>, id = 'rules'): string[] =>
  sectionOf(r, id).files.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1));

describe('directory sections: which files (§5)', () => {
  it('takes only *.md by default, not recursive, in code-unit name order', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES')],
      files: {
        [`${RULES}/b.md`]: 'B',
        [`${RULES}/a.md`]: 'A',
        [`${RULES}/Z.md`]: 'Z',
        [`${RULES}/_x.md`]: '_',
        [`${RULES}/10.md`]: '10',
        [`${RULES}/9.md`]: '9',
        [`${RULES}/é.md`]: 'e',
        [`${RULES}/notes.txt`]: 'T',
        [`${RULES}/sub/deep.md`]: 'D',
        [`${RULES}/sub.md/inner.md`]: 'I',
      },
    });
    // Code units: digits < upper case < _ < lower case < non-ASCII; '10' < '9'.
    expect(names(r)).toEqual(['10.md', '9.md', 'Z.md', '_x.md', 'a.md', 'b.md', 'é.md']);
    expect(sectionOf(r, 'rules').status).toBe('ok');
  });

  it.each([
    ['*.txt', ['notes.txt']],
    ['*.{md,txt}', ['?.md', 'a.md', 'notes.txt']],
    ['{a,notes}.*', ['a.md', 'notes.txt']],
    ['*', ['?.md', 'a.md', 'notes.txt']],
    // `?` and `+` are regex operators in evolcore's matchGlob, not wildcards.
    ['a?.md', ['a.md']],
    ['n+otes.txt', ['notes.txt']],
    ['[an]*', ['a.md', 'notes.txt']],
    // `^?\.md$` is not a valid regex: evolcore's readdir try fails and lists nothing.
    ['?.md', []],
    ['(', []],
  ])('pattern %s', (pattern, expected) => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { pattern })],
      files: { [`${RULES}/a.md`]: 'A', [`${RULES}/notes.txt`]: 'T', [`${RULES}/?.md`]: 'Q' },
    });
    expect(names(r)).toEqual(expected);
  });

  it('an empty folder (or no match) is not-exist: evolcore read no file (§4)', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES')], files: { [RULES]: null } });
    expect(sectionOf(r, 'rules')).toMatchObject({ status: 'not-exist', files: [], truncated: null });
    expect(sectionOf(r, 'rules').debug).toMatchObject({ resolveStatus: 'not-exist', fileCount: 0 });
    expect(r.context).toBe('');
    const r2 = renderKit({
      sections: [dirSection('rules', '$KITS_RULES')],
      files: { [`${RULES}/a.txt`]: 'T' },
    });
    expect(sectionOf(r2, 'rules').status).toBe('not-exist');
  });

  it('a folder whose only matches are folders is not-exist (they read as null)', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES')],
      files: { [`${RULES}/x.md`]: null },
    });
    expect(sectionOf(r, 'rules').status).toBe('not-exist');
  });

  it('a missing folder is not-exist', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES')], files: {} });
    expect(sectionOf(r, 'rules')).toMatchObject({ status: 'not-exist', missingPath: RULES });
  });

  it('a file given as a directory path is not-exist', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES')], files: { [RULES]: 'x' } });
    expect(sectionOf(r, 'rules').status).toBe('not-exist');
  });

  it('one block per file, in load order, each with the section label', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { description: '规则' })],
      files: { [`${RULES}/b.md`]: 'B\n', [`${RULES}/a.md`]: 'A\n' },
    });
    expect(body(r.context)).toBe(
      'Contenu de $KITS_RULES/a.md (rules — 规则):\n\nA\n\nContenu de $KITS_RULES/b.md (rules — 规则):\n\nB',
    );
  });

  it('needsInjection renders each file of a folder as a template', () => {
    const r = renderKit(
      {
        sections: [dirSection('rules', '$KITS_RULES', { needsInjection: true })],
        files: { [`${RULES}/a.md`]: 'hi {{who}}\n\n' },
      },
      { who: 'you' },
    );
    expect(body(r.context)).toBe('Contenu de $KITS_RULES/a.md (rules):\n\nhi you');
  });
});

describe('symlinks are followed (§5)', () => {
  // A memory fs wrapper that reports some entries as symlinks and resolves them on stat/read.
  function withLinks(links: Record<string, string>): EngineFs {
    const inner = createMemoryFs(
      kitTree({
        sections: [dirSection('rules', '$KITS_RULES')],
        files: { [`${RULES}/a.md`]: 'A', '/target/real.md': 'REAL', '/target/dir': null },
      }),
    );
    const follow = (p: string): string => links[p] ?? p;
    return {
      stat: (p) => (links[p] === 'LOOP' ? { error: 'ELOOP', message: `loop: ${p}` } : inner.stat(follow(p))),
      // The engine reads a listed name directly (evolcore's getText): a link loop fails there.
      readText: (p) =>
        links[p] === 'LOOP' ? { error: 'ELOOP', message: `loop: ${p}` } : inner.readText(follow(p)),
      list: (p) => {
        const entries = inner.list(p);
        if (p !== RULES || !Array.isArray(entries)) return entries;
        const extra = Object.keys(links).map((l) => ({
          name: l.slice(RULES.length + 1),
          kind: 'symlink' as const,
        }));
        return [...entries, ...extra];
      },
    };
  }

  it('a symlink to a file loads; to a folder or a loop it is skipped', () => {
    const fs = withLinks({
      [`${RULES}/b.md`]: '/target/real.md',
      [`${RULES}/c.md`]: '/target/dir',
      [`${RULES}/d.md`]: 'LOOP',
    });
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    const s = sectionOf(r, 'rules');
    expect(s.files.map((f) => f.path)).toEqual([`${RULES}/a.md`, `${RULES}/b.md`]);
    expect(r.context).toContain('Contenu de $KITS_RULES/b.md (rules):\n\nREAL');
    expect(s.status).toBe('ok');
    expect(r.diagnostics.some((d) => d.code === 'read-error' && d.file === `${RULES}/d.md`)).toBe(true);
  });
});

describe('maxFiles / maxBytes (§5)', () => {
  const five = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [`${RULES}/${n}.md`, n.repeat(100)]));

  it('stops at maxFiles with reason files and the exact note', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxFiles: 2 })], files: five });
    const s = sectionOf(r, 'rules');
    expect(names(r)).toEqual(['a.md', 'b.md']);
    expect(s.truncated).toMatchObject({ reason: 'files', notLoaded: 3 });
    expect(s.truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：3 个文件未加载（达文件数上限 2 个）。',
    );
    expect(body(r.context).endsWith(`bbbb\n\n${s.truncated?.note}`)).toBe(true);
  });

  it('exactly maxFiles files is not truncated', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxFiles: 5 })], files: five });
    expect(sectionOf(r, 'rules').truncated).toBeNull();
    expect(r.context).not.toContain('[注意]');
  });

  it('stops before the file that would pass maxBytes, reason bytes, exact note', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 250 })], files: five });
    const s = sectionOf(r, 'rules');
    expect(names(r)).toEqual(['a.md', 'b.md']);
    expect(s.truncated).toMatchObject({ reason: 'bytes', notLoaded: 3 });
    expect(s.truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：3 个文件未加载（达字节上限 250 字节）。',
    );
  });

  it('bytes exactly at maxBytes still load', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 200 })], files: five });
    expect(names(r)).toEqual(['a.md', 'b.md']);
    const r2 = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 500 })], files: five });
    expect(sectionOf(r2, 'rules').truncated).toBeNull();
  });

  it('stops at the first file that does not fit even if a later smaller one would', () => {
    const files = {
      [`${RULES}/a.md`]: 'x'.repeat(100),
      [`${RULES}/b.md`]: 'x'.repeat(500),
      [`${RULES}/c.md`]: 'x',
    };
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 200 })], files });
    expect(names(r)).toEqual(['a.md']);
    expect(sectionOf(r, 'rules').truncated).toMatchObject({ reason: 'bytes', notLoaded: 2 });
  });

  it('keeps at least one file even when it alone is over maxBytes', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 10 })], files: five });
    expect(names(r)).toEqual(['a.md']);
    expect(sectionOf(r, 'rules').truncated).toMatchObject({ reason: 'bytes', notLoaded: 4 });
  });

  it('a single file over maxBytes alone is loaded and not truncated', () => {
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 10 })],
      files: { [`${RULES}/a.md`]: 'x'.repeat(50) },
    });
    expect(sectionOf(r, 'rules')).toMatchObject({ truncated: null, bytes: 50 });
  });

  it('counts bytes as UTF-8 bytes', () => {
    // 3 Chinese characters = 9 bytes each file.
    const files = { [`${RULES}/a.md`]: '规则一', [`${RULES}/b.md`]: '规则二' };
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxBytes: 17 })], files });
    expect(names(r)).toEqual(['a.md']);
    expect(sectionOf(r, 'rules').files[0]?.bytes).toBe(9);
  });

  it('defaults: maxFiles 20', () => {
    const files = Object.fromEntries(
      Array.from({ length: 23 }, (_, i) => [`${RULES}/${String(i).padStart(2, '0')}.md`, 'x']),
    );
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES')], files });
    expect(sectionOf(r, 'rules').files).toHaveLength(20);
    expect(sectionOf(r, 'rules').truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：3 个文件未加载（达文件数上限 20 个）。',
    );
  });

  it('defaults: maxBytes 40960', () => {
    const files = {
      [`${RULES}/a.md`]: 'x'.repeat(40000),
      [`${RULES}/b.md`]: 'x'.repeat(960),
      [`${RULES}/c.md`]: 'x',
    };
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES')],
      files,
      top: { totalMaxBytes: 1e9 },
    });
    expect(names(r)).toEqual(['a.md', 'b.md']);
    expect(sectionOf(r, 'rules').truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达字节上限 40960 字节）。',
    );
  });

  it('the note names the display path of the folder; an unaliased folder stays absolute', () => {
    const r = renderKit({
      sections: [dirSection('x', '/outside/docs', { maxFiles: 1 })],
      files: { '/outside/docs/a.md': 'a', '/outside/docs/b.md': 'b' },
    });
    expect(sectionOf(r, 'x').truncated?.note).toBe(
      '[注意] 目录 /outside/docs 未完整加载：1 个文件未加载（达文件数上限 1 个）。',
    );
    const r2 = renderKit({
      sections: [dirSection('y', '$KITS_DOCS/venues', { maxFiles: 1 })],
      files: { [`${KITS}/docs/venues/a.md`]: 'a', [`${KITS}/docs/venues/b.md`]: 'b' },
    });
    expect(sectionOf(r2, 'y').truncated?.note).toContain('目录 $KITS_DOCS/venues 未完整加载');
  });

  it('the note is part of the section span; the section is still ok', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxFiles: 1 })], files: five });
    const s = sectionOf(r, 'rules');
    expect(s.status).toBe('ok');
    const text = r.context.slice(s.span?.start, s.span?.end);
    expect(text.startsWith('Contenu de $KITS_RULES/a.md')).toBe(true);
    expect(text.endsWith('（达文件数上限 1 个）。')).toBe(true);
  });

  it('files not loaded are never read', () => {
    const r = renderKit({ sections: [dirSection('rules', '$KITS_RULES', { maxFiles: 2 })], files: five });
    expect(r.fs.reads.get(`${RULES}/a.md`)).toBe(1);
    expect(r.fs.reads.has(`${RULES}/c.md`)).toBe(false);
    expect(r.fs.reads.has(`${RULES}/e.md`)).toBe(false);
  });
});

describe('a folder of 100,000 files under maxFiles 20', () => {
  it('costs one listing, at most 20 + 50 stats and exactly 20 reads', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 100000; i++) files[`${RULES}/f${String(i).padStart(6, '0')}.md`] = 'x';
    const fs = countingFs(kitTree({ sections: [dirSection('rules', '$KITS_RULES')], files }));
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    const s = sectionOf(r, 'rules');
    expect(s.files).toHaveLength(20);
    expect(s.truncated).toMatchObject({ reason: 'files', notLoaded: 99980 });
    expect(fs.lists.get(RULES)).toBe(1);
    const statsInFolder = [...fs.stats]
      .filter(([p]) => p.startsWith(`${RULES}/`))
      .reduce((n, [, c]) => n + c, 0);
    expect(statsInFolder).toBeLessThanOrEqual(70);
    const readsInFolder = [...fs.reads].filter(([p]) => p.startsWith(`${RULES}/`));
    expect(readsInFolder).toHaveLength(20);
    expect(readsInFolder.every(([, c]) => c === 1)).toBe(true);
  });
});

describe('manifest defaults', () => {
  it('manifest() helper writes what the engine reads', () => {
    expect(JSON.parse(manifest([{ id: 'x' }]))).toEqual({ $schema_version: 1, sections: [{ id: 'x' }] });
  });
});

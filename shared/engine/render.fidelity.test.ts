/**
 * Manifest and file edge cases: what evolcore's real code does with a manifest that starts
 * with a BOM, a base that is JSON but not an object, a value `String()` cannot convert, a file
 * over 64 MiB and a file that is binary or not UTF-8 (compare:real pins the same on random worlds).
 */
import { describe, expect, it } from 'vitest';
import type { EngineFs } from './types';
import { createMemoryFs } from '../base/memory-fs';
import { MAX_READ_BYTES, renderContext } from './render';
import {
  H,
  KITS,
  P,
  body,
  codes,
  fileSection,
  dirSection,
  kitTree,
  renderKit,
  sectionOf,
  statuses,
} from './__fixtures__/kit';

const BOM = '\ufeff';
const A = fileSection('a', '$KITS/a.md');
const FILES = { [`${KITS}/a.md`]: 'A', [`${KITS}/b.md`]: 'B' };

describe('class 1: a manifest that starts with a UTF-8 BOM (JSON.parse refuses it)', () => {
  it('a base with a BOM: nothing renders, manifest-bom names the file', () => {
    const r = renderKit({ baseText: BOM + JSON.stringify({ sections: [A] }), files: FILES });
    expect(r.rendered).toBe(false);
    expect(r.context).toBe('');
    const bom = r.diagnostics.find((d) => d.code === 'manifest-bom');
    expect(bom).toMatchObject({
      level: 'error',
      file: `${KITS}/eck_manifest.json`,
      params: { role: 'base' },
    });
  });

  it('an override with a BOM is ignored whole, its totals too', () => {
    const r = renderKit({
      sections: [A, fileSection('b', '$KITS/b.md', { order: 20 })],
      overrideText: BOM + JSON.stringify({ totalMaxFiles: 1, sections: [{ id: 'a', enabled: false }] }),
      files: FILES,
    });
    expect(statuses(r)).toEqual({ a: 'ok', b: 'ok' });
    expect(r.totals.maxFiles).toBe(50);
    expect(r.merged?.overrideState).toBe('ignored');
    expect(codes(r)).toContain('manifest-bom');
  });

  it('a BOM inside a file the manifest reads is text, not a hazard of the manifest', () => {
    const r = renderKit({ sections: [A], files: { [`${KITS}/a.md`]: `${BOM}A` } });
    expect(body(r.context)).toBe(`Contenu de $KITS/a.md (a):\n\n${BOM}A`);
    expect(codes(r)).not.toContain('manifest-bom');
  });
});

describe('class 2: a base that is JSON but not an object', () => {
  it.each(['null', '5', '"x"', '[]'])('base %s with a replace override renders the override', (text) => {
    const r = renderKit({
      baseText: text,
      overrideText: JSON.stringify({ mode: 'replace', sections: [fileSection('b', '$KITS/b.md')] }),
      files: FILES,
    });
    expect(r.failure).toBeNull();
    expect(body(r.context)).toBe('Contenu de $KITS/b.md (b):\n\nB');
  });

  it.each(['null', '5', '[]'])('base %s with a patch override, or none: evolcore throws', (text) => {
    for (const overrideText of [undefined, JSON.stringify({ sections: [fileSection('b', '$KITS/b.md')] })]) {
      const r = renderKit({ baseText: text, files: FILES, ...(overrideText ? { overrideText } : {}) });
      expect(r.failure?.code).toBe('manifest-crash');
      expect(r.context).toBe('');
    }
  });
});

describe('class 3: a value whose toString cannot be called', () => {
  const bad = { toString: 'x' };
  it.each([
    ['printed', 'x {{bad}} y'],
    ['compared in a condition', '{{?bad=1}}one{{/}}'],
    ['an array holding one, printed', '{{list}}'],
  ])('%s: a failure with the TypeError, never an exception', (_what, text) => {
    const r = renderKit(
      {
        sections: [fileSection('t', '$KITS/t.md', { needsInjection: true })],
        files: { [`${KITS}/t.md`]: text },
      },
      { bad, list: ['a', bad] },
    );
    expect(r.failure).toMatchObject({ code: 'manifest-crash', section: 't' });
    expect(r.failure?.message).toContain('TypeError: Cannot convert object to primitive value');
    expect(r.context).toBe('');
  });

  it('in a path: the same failure', () => {
    const r = renderKit({ sections: [fileSection('t', '$KITS/{{bad}}.md')], files: FILES }, { bad });
    expect(r.failure?.code).toBe('manifest-crash');
    expect(r.failure?.message).toMatch(/resolving its path throws/);
  });

  it('a limit converts only where evolcore compares it: a folder of one file never reads maxBytes', () => {
    const one = renderKit(
      { sections: [dirSection('d', '$KITS/d', { maxBytes: bad })], files: { [`${KITS}/d/a.md`]: 'A' } },
      {},
    );
    expect(one.failure).toBeNull();
    expect(body(one.context)).toBe('Contenu de $KITS/d/a.md (d):\n\nA');
    const two = renderKit(
      {
        sections: [dirSection('d', '$KITS/d', { maxBytes: bad })],
        files: { [`${KITS}/d/a.md`]: 'A', [`${KITS}/d/b.md`]: 'B' },
      },
      {},
    );
    expect(two.failure?.message).toContain('TypeError');
    // no file loaded: the total budget is never compared
    const none = renderKit({ sections: [fileSection('x', '$KITS/none.md')], top: { totalMaxBytes: bad } });
    expect(none.failure).toBeNull();
  });

  it("a pattern with no string form fails the render even where the section is never reached (evolcore's debug report)", () => {
    const r = renderKit({
      sections: [A, dirSection('d', '$KITS/d', { enabled: false, pattern: bad, order: 20 })],
      files: FILES,
    });
    expect(r.failure).toMatchObject({ code: 'manifest-crash', section: 'd' });
    expect(r.failure?.message).toMatch(/"pattern" has no string form.*manifest-<ts>\.md/);
    expect(r.context).toBe('');
  });

  it('anything that still throws inside the render ends as a failure report', () => {
    const fs: EngineFs = {
      ...createMemoryFs(kitTree({ sections: [A], files: FILES })),
      list: () => {
        throw new RangeError('boom');
      },
    };
    const r = renderContext(
      { packageRoot: P, home: H, vars: {}, manifestFile: 'eck_manifest.json' },
      {
        ...fs,
        readText: () => {
          throw new RangeError('boom');
        },
      },
    );
    expect(r.failure?.message).toContain('RangeError: boom');
    expect(r.context).toBe('');
  });
});

/** A memory fs where `huge.md` claims to be over the read cap (its text stays tiny). */
function hugeFs(files: Record<string, string>, sections: Record<string, unknown>[], top = {}) {
  const inner = createMemoryFs(kitTree({ sections, top, files }));
  const size = MAX_READ_BYTES + 10;
  const isHuge = (p: string): boolean => p.endsWith('/huge.md');
  const fs: EngineFs = {
    stat: (p) => (isHuge(p) ? { kind: 'file', size, mtimeMs: 0 } : inner.stat(p)),
    readText: (p) => inner.readText(p),
    readTextLimited: (p, max) =>
      isHuge(p) && size > max ? { error: 'EFBIG', message: 'too large' } : inner.readText(p),
    list: (p) => inner.list(p),
  };
  return { fs, inner, size };
}

describe('class 6: a file over the 64 MiB read cap', () => {
  it('its size trips the total gate: later sections are over-total, the file is not read', () => {
    const { fs, inner } = hugeFs({ [`${KITS}/huge.md`]: 'tiny', ...FILES }, [
      A,
      fileSection('huge', '$KITS/huge.md', { order: 20 }),
      fileSection('b', '$KITS/b.md', { order: 30 }),
    ]);
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(inner.reads.has(`${KITS}/huge.md`)).toBe(false);
    expect(statuses(r)).toEqual({ a: 'ok', huge: 'over-total', b: 'over-total' });
    expect(r.totals.overTotal).toEqual(['b']);
    const d = r.diagnostics.find((x) => x.code === 'huge-file');
    expect(d).toMatchObject({ section: 'huge', file: `${KITS}/huge.md` });
  });

  it('in a folder it is the first file taken (evolcore keeps at least one) and trips the gate', () => {
    const { fs } = hugeFs({ [`${KITS}/d/huge.md`]: 'tiny', [`${KITS}/d/z.md`]: 'Z', ...FILES }, [
      dirSection('d', '$KITS/d'),
      fileSection('b', '$KITS/b.md', { order: 30 }),
    ]);
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(statuses(r)).toEqual({ d: 'over-total', b: 'over-total' });
    expect(r.context).toContain('[注意] 目录 $KITS/d 未完整加载：1 个文件未加载（达字节上限 40960 字节）。');
  });

  it('a budget that lets it in: read and rendered, as evolcore does', () => {
    const { fs, inner } = hugeFs(
      { [`${KITS}/huge.md`]: 'HUGE', ...FILES },
      [fileSection('huge', '$KITS/huge.md'), fileSection('b', '$KITS/b.md', { order: 30 })],
      { totalMaxBytes: 1e12 },
    );
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(inner.reads.has(`${KITS}/huge.md`)).toBe(true);
    expect(statuses(r)).toEqual({ huge: 'ok', b: 'ok' });
    expect(sectionOf(r, 'huge').files[0]?.bytes).toBe(4);
  });
});

describe('class 7: binary or invalid UTF-8 files are injected as decoded, and flagged', () => {
  it('NUL bytes: binary-file names the file; U+FFFD where the size shows replaced bytes: invalid-utf8', () => {
    const inner = createMemoryFs(
      kitTree({
        sections: [
          A,
          fileSection('b', '$KITS/b.md', { order: 20 }),
          fileSection('c', '$KITS/c.md', { order: 30 }),
        ],
        files: {
          [`${KITS}/a.md`]: 'P\u0000NG',
          [`${KITS}/b.md`]: 'ab\ufffdc',
          [`${KITS}/c.md`]: 'honest \ufffd',
        },
      }),
    );
    // b.md had one invalid byte on disk (5 bytes), decoded to three; c.md holds a real U+FFFD.
    const fs: EngineFs = {
      ...inner,
      stat: (p) => (p === `${KITS}/b.md` ? { kind: 'file', size: 4, mtimeMs: 0 } : inner.stat(p)),
    };
    const r = renderContext({ packageRoot: P, home: H, vars: {} }, fs);
    expect(r.context).toContain('P\u0000NG');
    expect(r.context).toContain('ab\ufffdc');
    const found = r.diagnostics
      .filter((d) => d.code === 'binary-file' || d.code === 'invalid-utf8')
      .map((d) => [d.code, d.file]);
    expect(found).toEqual([
      ['binary-file', `${KITS}/a.md`],
      ['invalid-utf8', `${KITS}/b.md`],
    ]);
  });
});

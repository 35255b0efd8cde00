import { describe, expect, it } from 'vitest';
import { diffRenders, diffVars, sectionCauses, stableJson } from './render-diff';
import type { RenderFacts, SectionFacts } from './section-facts';

const section = (id: string, over: Partial<SectionFacts> = {}): SectionFacts => ({
  id,
  order: 10,
  status: 'ok',
  whenResult: true,
  loaded: true,
  files: 1,
  bytes: 100,
  truncated: false,
  overTotal: false,
  ...over,
});

const facts = (sections: SectionFacts[], over: Partial<RenderFacts> = {}): RenderFacts => ({
  manifestFile: 'eck_manifest.json',
  sessionType: 'main',
  maxFiles: 50,
  maxBytes: 102400,
  sections,
  ...over,
});

describe('diffVars', () => {
  it('lists changed, added and removed vars by name; key order inside values does not matter', () => {
    const d = diffVars({ a: 1, b: { x: 1, y: 2 }, c: null }, { a: 2, b: { y: 2, x: 1 }, d: 'new' });
    expect(d.map((v) => v.name)).toEqual(['a', 'c', 'd']);
    expect(d[1]).toMatchObject({ presentBefore: true, presentAfter: false });
    expect(stableJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
  });
});

describe('sectionCauses', () => {
  const cases: [string, SectionFacts | null, SectionFacts | null, boolean, boolean, string[]][] = [
    ['absent on one side', section('a'), null, false, false, ['manifest-changed']],
    [
      'cut by the total gate',
      section('a'),
      section('a', { status: 'over-total', overTotal: true, loaded: false }),
      false,
      false,
      ['budget-cut'],
    ],
    [
      'when flipped with vars',
      section('a'),
      section('a', { status: 'when-false', whenResult: false, loaded: false }),
      true,
      false,
      ['vars-changed'],
    ],
    [
      'same vars, other bytes',
      section('a'),
      section('a', { bytes: 120 }),
      false,
      false,
      ['file-content-changed'],
    ],
    [
      'a path vanished, same vars',
      section('a'),
      section('a', { status: 'not-exist', loaded: false }),
      false,
      false,
      ['file-content-changed'],
    ],
    ['moved', section('a'), section('a', { order: 20 }), false, false, ['manifest-changed']],
    [
      'folder cut with vars changed',
      section('a'),
      section('a', { truncated: true, bytes: 50 }),
      true,
      false,
      ['vars-changed', 'budget-cut'],
    ],
  ];
  it.each(cases)('%s', (_name, a, b, vars, manifest, expected) => {
    expect(sectionCauses(a, b, vars, manifest)).toEqual(expected);
  });
});

describe('diffRenders', () => {
  it('is identical for equal records', () => {
    const f = facts([section('a'), section('b')]);
    const d = diffRenders({
      varsBefore: { x: 1 },
      varsAfter: { x: 1 },
      factsBefore: f,
      factsAfter: f,
      contextBefore: 'c',
      contextAfter: 'c',
    });
    expect(d).toMatchObject({ identical: true, vars: [], sections: [], manifest: [], contextEqual: true });
  });

  it('reports manifest-level changes and sections present on one side only', () => {
    const d = diffRenders({
      varsBefore: null,
      varsAfter: null,
      factsBefore: facts([section('a'), section('b')]),
      factsAfter: facts([section('b'), section('a'), section('c')], { maxBytes: 2000 }),
      contextBefore: 'x',
      contextAfter: 'y',
    });
    expect(d.manifest).toEqual(['total maxBytes 102400 → 2000', 'sections added: c', 'sections reordered']);
    expect(d.sections.map((s) => [s.id, s.fields])).toEqual([['c', ['presence']]]);
    expect(d.contextEqual).toBe(false);
    expect(d.identical).toBe(false);
  });

  it('cannot compare a missing side: no context verdict, no sections', () => {
    const d = diffRenders({
      varsBefore: null,
      varsAfter: null,
      factsBefore: null,
      factsAfter: facts([]),
      contextBefore: null,
      contextAfter: 'x',
    });
    expect(d).toMatchObject({ contextEqual: null, sections: [], identical: true });
  });
});

describe('diffRenders: a record that does not name its manifest file', () => {
  it('is not a manifest change: an unchanged replay stays identical, no section "manifest changed"', () => {
    const sections = [section('rules'), section('persona', { order: 21 })];
    const d = diffRenders({
      varsBefore: null,
      varsAfter: null,
      factsBefore: facts(sections, { manifestFile: null, sessionType: null }),
      factsAfter: facts(sections),
      contextBefore: 'x',
      contextAfter: 'x',
    });
    expect(d.manifest).toEqual([]);
    expect(d.identical).toBe(true);
  });

  it('a changed section is then labelled by what did change, not by the manifest', () => {
    const d = diffRenders({
      varsBefore: null,
      varsAfter: null,
      factsBefore: facts([section('rules', { bytes: 90 })], { manifestFile: null }),
      factsAfter: facts([section('rules')]),
      contextBefore: 'a',
      contextAfter: 'b',
    });
    expect(d.sections.map((s) => s.causes)).toEqual([['file-content-changed']]);
  });

  it('two named, different manifest files still are one', () => {
    const d = diffRenders({
      varsBefore: null,
      varsAfter: null,
      factsBefore: facts([section('rules')], { manifestFile: 'eck_manifest.auxiliary.json' }),
      factsAfter: facts([section('rules')]),
      contextBefore: null,
      contextAfter: null,
    });
    expect(d.manifest).toEqual(['manifest file eck_manifest.auxiliary.json → eck_manifest.json']);
  });
});

import { describe, expect, it } from 'vitest';
import type { SectionsOf } from './compare';
import { diffSectionStatuses, diffVars, jsonEqual } from './compare';

describe('diffVars', () => {
  it('tells added, removed and changed vars; unset differs from null', () => {
    const d = diffVars({ a: 1, b: null, c: { x: [1, 2] } }, { b: 'v', c: { x: [1, 2] }, d: null });
    expect(d).toEqual([
      { name: 'a', left: 1, right: undefined, kind: 'removed' },
      { name: 'b', left: null, right: 'v', kind: 'changed' },
      { name: 'd', left: undefined, right: null, kind: 'added' },
    ]);
  });

  it('ignores key order inside objects', () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

function withSections(sections: SectionsOf['sections']): SectionsOf {
  return { sections };
}

describe('diffSectionStatuses', () => {
  it('lists sections whose status differs, and sections only one side has', () => {
    const left = withSections([
      { id: 'rules', status: 'ok', bytes: 10 },
      { id: 'peer-profile', status: 'ok', bytes: 5 },
      { id: 'old', status: 'ok', bytes: 1 },
    ]);
    const right = withSections([
      { id: 'rules', status: 'ok', bytes: 12 },
      { id: 'peer-profile', status: 'when-false', bytes: 0 },
      { id: 'new', status: 'not-exist', bytes: 0 },
    ]);
    expect(diffSectionStatuses(left, right)).toEqual([
      { id: 'peer-profile', left: 'ok', right: 'when-false', leftBytes: 5, rightBytes: 0 },
      { id: 'old', left: 'ok', right: null, leftBytes: 1, rightBytes: 0 },
      { id: 'new', left: null, right: 'not-exist', leftBytes: 0, rightBytes: 0 },
    ]);
  });
});

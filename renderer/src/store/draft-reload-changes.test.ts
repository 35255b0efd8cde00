import { describe, expect, it } from 'vitest';
import { isNoChange, reloadChanges } from './draft-reload-changes';

const doc = (sections: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ ...extra, sections });

describe('what the reload from disk changed', () => {
  it('names the sections added, removed and changed', () => {
    const before = doc([{ id: 'rules', enabled: false }, { id: 'soul', order: 5 }, { id: 'gone' }]);
    const after = doc([
      { id: 'rules', enabled: true },
      { id: 'soul', order: 5 },
      { id: 'notes', path: 'n.md' },
    ]);
    expect(reloadChanges(before, after)).toEqual({
      added: ['notes'],
      removed: ['gone'],
      changed: ['rules'],
      other: false,
    });
  });

  it('a reformatted file with the same content is no change; the mode or a broken file is', () => {
    const a = doc([{ id: 'rules', order: 1 }]);
    expect(isNoChange(reloadChanges(a, JSON.stringify(JSON.parse(a), null, 2)))).toBe(true);
    expect(reloadChanges(a, doc([{ id: 'rules', order: 1 }], { mode: 'replace' })).other).toBe(true);
    expect(reloadChanges(a, '{ broken')).toMatchObject({ removed: ['rules'], other: true });
    expect(reloadChanges(null, a)).toMatchObject({ added: ['rules'], other: true });
  });
});

import { expect, test } from 'vitest';
import { isNoOverrideChange, overrideChange } from './override-change';

const doc = (sections: unknown[], rest: Record<string, unknown> = {}): string =>
  JSON.stringify({ ...rest, sections });
const BASE = doc([{ id: 'persona', enabled: false }, { id: 'rules' }]);

test('a toggle reads as on or off, by what the section does (the base decides without an entry)', () => {
  const before = doc([{ id: 'venue-client', enabled: false }]);
  const after = doc([{ id: 'persona', enabled: true }]);
  // venue-client's entry went away: it is on again (the base has no enabled: false for it).
  expect(overrideChange(before, after, BASE)).toEqual({
    on: ['persona', 'venue-client'],
    off: [],
    changed: [],
    other: false,
  });
});

test('an entry that says what the base says already is a change, not a toggle', () => {
  const c = overrideChange(doc([]), doc([{ id: 'persona', enabled: false }]), BASE);
  expect(c).toEqual({ on: [], off: [], changed: ['persona'], other: false });
});

test('other fields of an entry, the mode, a missing or broken file', () => {
  expect(overrideChange(doc([{ id: 'rules', order: 1 }]), doc([{ id: 'rules', order: 2 }]))).toMatchObject({
    changed: ['rules'],
    other: false,
  });
  expect(overrideChange(doc([]), doc([], { mode: 'replace' })).other).toBe(true);
  expect(overrideChange(null, doc([])).other).toBe(true);
  expect(overrideChange('{', '{').other).toBe(false);
  expect(isNoOverrideChange(overrideChange(doc([{ id: 'a' }]), doc([{ id: 'a' }])))).toBe(true);
});

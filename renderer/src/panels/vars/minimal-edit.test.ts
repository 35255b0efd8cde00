import { describe, expect, it } from 'vitest';
import { applyEdit, minimalEdit } from './minimal-edit';

describe('minimalEdit', () => {
  it('replaces only what changed', () => {
    expect(minimalEdit('"peerName": "Bo"', '"peerName": "Bob"')).toEqual({ start: 15, end: 15, text: 'b' });
    expect(minimalEdit('abc', 'abc')).toBeNull();
    expect(minimalEdit('aXc', 'aYc')).toEqual({ start: 1, end: 2, text: 'Y' });
  });

  it('round-trips any pair, including repeats and surrogate pairs', () => {
    const pairs: [string, string][] = [
      ['aaa', 'aa'],
      ['aa', 'aaa'],
      ['', 'x'],
      ['x', ''],
      ['{"a": 1}', '{"a": 1, "b": 2}'],
      ['周报😀', '周报😀!'],
      ['😀', '😁'],
    ];
    for (const [a, b] of pairs) expect(applyEdit(a, minimalEdit(a, b)), `${a} → ${b}`).toBe(b);
  });
});

import { describe, expect, it } from 'vitest';
import { formatBytes, formatShare, formatValue } from './values';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [412, '412 B'],
    [1024, '1.0 KB'],
    [17492, '17.1 KB'],
    [102400, '100.0 KB'],
    [1572864, '1.5 MB'],
  ])('%d → %s', (n, s) => expect(formatBytes(n)).toBe(s));
});

describe('formatShare', () => {
  it.each([
    [17492, 102400, '17%'],
    [439, 102400, '0.4%'],
    [50, 102400, '<0.1%'],
    [0, 100, '0%'],
    [1, 0, '—'],
  ])('%d of %d → %s', (a, b, s) => expect(formatShare(a, b)).toBe(s));
});

describe('formatValue', () => {
  it('writes values as JSON, and absent as null', () => {
    expect(formatValue(null)).toBe('null');
    expect(formatValue('group')).toBe('"group"');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(false)).toBe('false');
    expect(formatValue(undefined)).toBeNull();
    expect(formatValue('x'.repeat(100))).toHaveLength(60);
  });
});

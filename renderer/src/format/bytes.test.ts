import { describe, expect, it } from 'vitest';
import { exactByteCount, formatBytes } from './bytes';

describe('the one byte format', () => {
  it.each([
    [0, '0 B'],
    [412, '412 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [25841, '25.2 KB'],
    [102400, '100.0 KB'],
    [1572864, '1.5 MB'],
    [-2048, '-2.0 KB'],
  ])('%d → %s', (n, s) => expect(formatBytes(n)).toBe(s));

  it('keeps the exact count, grouped, for the tooltip', () => {
    expect(exactByteCount(25841, 'en')).toBe('25,841');
    expect(exactByteCount(102400, 'zh-CN')).toBe('102,400');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_KEEP_DAYS, MAX_ARCHIVE_KEEP_DAYS } from '../../../../shared/api/methods/archive';
import { keepInputOf, parseKeep, withKeep } from './archive-keep';

describe('the archive retention control', () => {
  it('starts from the stored setting: its days, or "keep all" with the default days ready', () => {
    expect(keepInputOf({ enabled: true, keepDays: 30 })).toEqual({ days: '30', all: false });
    expect(keepInputOf({ enabled: true, keepDays: null })).toEqual({
      days: String(DEFAULT_ARCHIVE_KEEP_DAYS),
      all: true,
    });
  });

  it('sends whole days from 1 to the longest, or null for keep all; refuses anything else', () => {
    expect(parseKeep({ days: ' 14 ', all: false })).toEqual({ keepDays: 14 });
    expect(parseKeep({ days: String(MAX_ARCHIVE_KEEP_DAYS), all: false })).toEqual({
      keepDays: MAX_ARCHIVE_KEEP_DAYS,
    });
    expect(parseKeep({ days: 'nonsense', all: true })).toEqual({ keepDays: null });
    for (const days of ['', '0', '-3', '1.5', '1e3', 'abc', String(MAX_ARCHIVE_KEEP_DAYS + 1)])
      expect(parseKeep({ days, all: false }), days).toBe('invalid');
  });

  it('changes the retention only, leaving archiving on or off as stored', () => {
    expect(withKeep({ enabled: false, keepDays: 90 }, null)).toEqual({ enabled: false, keepDays: null });
  });
});

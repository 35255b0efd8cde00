import { describe, expect, it } from 'vitest';
import {
  compareSnapshotKeys,
  debugFileName,
  formatSnapshotKey,
  formatTimestamp,
  isDebugTempName,
  parseDebugFileName,
  parseSnapshotKey,
} from './names';

describe('debug file names', () => {
  it('formats the timestamp in UTC by default (as evolcore does), with zero padding', () => {
    expect(formatTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02-03-04-05');
    expect(formatTimestamp(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)))).toBe('2026-12-31-23-59-59');
  });

  it('formats the timestamp in local time when asked', () => {
    expect(formatTimestamp(new Date(2026, 0, 2, 3, 4, 5), 'local')).toBe('2026-01-02-03-04-05');
  });

  it.each([
    ['vars', null, 'vars-2026-01-02-03-04-05.json'],
    ['context', null, 'context-2026-01-02-03-04-05.md'],
    ['fragments', 2, 'fragments-2026-01-02-03-04-05-2.md'],
    ['manifest', 17, 'manifest-2026-01-02-03-04-05-17.md'],
  ] as const)('round trips %s with suffix %s', (kind, suffix, name) => {
    const key = formatSnapshotKey('2026-01-02-03-04-05', suffix);
    expect(debugFileName(kind, key)).toBe(name);
    const parsed = parseDebugFileName(name);
    expect(parsed).toMatchObject({ kind, key, timestamp: '2026-01-02-03-04-05', suffix });
    expect(parsed?.time).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it('refuses a suffix below 2 when formatting', () => {
    expect(() => formatSnapshotKey('2026-01-02-03-04-05', 1)).toThrow(RangeError);
  });

  it.each([
    'vars-2026-01-02-03-04-05.md', // wrong extension for the kind
    'context-2026-01-02-03-04-05.json',
    'other-2026-01-02-03-04-05.md',
    'vars-2026-13-02-03-04-05.json', // month 13
    'vars-2026-01-02-24-04-05.json',
    'vars-2026-01-02-03-04.json',
    'vars-2026-01-02-03-04-05-x.json',
    'notes.txt',
    'vars-.json',
  ])('rejects %s', (name) => {
    expect(parseDebugFileName(name)).toBeNull();
  });

  it('orders keys by time, then suffix, no suffix first', () => {
    const keys = [
      '2026-01-02-03-04-06',
      '2026-01-02-03-04-05-10',
      '2026-01-02-03-04-05',
      '2026-01-02-03-04-05-2',
    ];
    expect([...keys].sort(compareSnapshotKeys)).toEqual([
      '2026-01-02-03-04-05',
      '2026-01-02-03-04-05-2',
      '2026-01-02-03-04-05-10',
      '2026-01-02-03-04-06',
    ]);
    expect(parseSnapshotKey('nope')).toBeNull();
  });

  it('recognises the writer temp files', () => {
    expect(isDebugTempName('.eck-tmp-123-1-vars')).toBe(true);
    expect(isDebugTempName('vars-2026-01-02-03-04-05.json')).toBe(false);
  });
});

describe('local time of a key', () => {
  it('agrees with a local Date for every key of a year (the hour cache is exact)', () => {
    // Against `new Date(fields)`, not the original instant: in the hour a clock falls back,
    // a name without zone cannot tell the two instants apart, and both read the first.
    const start = new Date(2026, 0, 1, 0, 0, 0).getTime();
    for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000 + 13_000) {
      const d = new Date(t);
      const local = new Date(
        d.getFullYear(),
        d.getMonth(),
        d.getDate(),
        d.getHours(),
        d.getMinutes(),
        d.getSeconds(),
      );
      expect(parseSnapshotKey(formatTimestamp(d))?.time).toBe(local.getTime());
    }
  });
});

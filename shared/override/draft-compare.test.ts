import { expect, test } from 'vitest';
import type { RenderReport, SectionReport } from '../engine';
import { compareRenders, firstDifference } from './draft-compare';

const section = (id: string, status: SectionReport['status'], bytes: number, start: number, end: number) =>
  ({ id, status, bytes, order: 1, span: status === 'ok' ? { start, end } : null }) as SectionReport;

const report = (context: string, sections: SectionReport[]): RenderReport =>
  ({
    context,
    sections,
    totals: { bytes: sections.reduce((n, s) => n + s.bytes, 0) },
  }) as unknown as RenderReport;

test('a section switched off: its status change, the bytes, and where the cached prefix ends', () => {
  const saved = report('HEAD A-block B-block TAIL', [
    section('a', 'ok', 7, 5, 12),
    section('b', 'ok', 7, 13, 20),
  ]);
  const draft = report('HEAD B-block TAIL', [
    section('a', 'disabled', 0, 0, 0),
    section('b', 'ok', 7, 5, 12),
  ]);
  const c = compareRenders(saved, draft);
  expect(c.changes).toEqual([
    {
      id: 'a',
      before: 'ok',
      after: 'disabled',
      bytesBefore: 7,
      bytesAfter: 0,
      orderBefore: 1,
      orderAfter: 1,
    },
  ]);
  expect(c.prefixOffset).toBe(5);
  expect(c.prefixBytes).toBe(5);
  expect(c.prefixSection).toBe('b');
  expect(c.contextBytesBefore - c.contextBytesAfter).toBe(8);
  expect(c.loadedBytesAfter).toBe(7);
});

test('identical renders: no change, no prefix offset', () => {
  const r = report('same', [section('a', 'ok', 4, 0, 4)]);
  expect(compareRenders(r, r)).toMatchObject({ changes: [], prefixOffset: null, prefixBytes: 4 });
});

test('the prefix never splits a character', () => {
  expect(firstDifference('x😀', 'x😁')).toBe(1);
  expect(firstDifference('ab', 'abc')).toBe(2);
});

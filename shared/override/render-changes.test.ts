import { expect, test } from 'vitest';
import type { RenderReport, SectionReport } from '../engine';
import { isUnchanged, renderChanges } from './render-changes';

const section = (id: string, status: SectionReport['status'], bytes: number, order: number) =>
  ({ id, status, bytes, order, span: null }) as unknown as SectionReport;

const report = (context: string, files: number, sections: SectionReport[]): RenderReport =>
  ({
    context,
    sections,
    totals: { bytes: sections.reduce((n, s) => n + s.bytes, 0), files },
  }) as unknown as RenderReport;

test('a section switched off and one grown: both rows, the byte and file deltas, the context lines', () => {
  const before = report('# persona\nI am\n# rules\nr1\nr2', 3, [
    section('persona', 'ok', 10, 10),
    section('rules', 'ok', 40, 20),
    section('notes', 'ok', 5, 30),
  ]);
  const after = report('# rules\nr1\nr2\nr3', 2, [
    section('persona', 'disabled', 0, 10),
    section('rules', 'ok', 52, 20),
    section('notes', 'ok', 5, 30),
  ]);
  const c = renderChanges(before, after);
  expect(c.rows.map((r) => [r.id, r.before, r.after, r.bytesAfter - r.bytesBefore])).toEqual([
    ['persona', 'ok', 'disabled', -10],
    ['rules', 'ok', 'ok', 12],
  ]);
  expect(c.bytesDelta).toBe(2);
  expect(c.filesDelta).toBe(-1);
  expect(c.linesAdded).toBe(1);
  expect(c.linesRemoved).toBe(2);
  expect(isUnchanged(c)).toBe(false);
});

test('a section the newer render no longer has is a row from its status to absent', () => {
  const before = report('a', 1, [section('a', 'ok', 1, 1), section('gone', 'when-false', 0, 2)]);
  const after = report('a', 1, [section('a', 'ok', 1, 1)]);
  expect(renderChanges(before, after).rows).toMatchObject([
    { id: 'gone', before: 'when-false', after: null },
  ]);
});

test('the same render twice changes nothing', () => {
  const r = report('x\ny', 1, [section('a', 'ok', 3, 1)]);
  expect(isUnchanged(renderChanges(r, r))).toBe(true);
});

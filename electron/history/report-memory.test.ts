/**
 * What a read manifest report keeps alive, from a heap snapshot: its section and session ids
 * outlive the text (a row's columns, the pass worker's answers, the session guess), and a slice
 * that V8 keeps as a view would hold the whole report with each of them.
 */
import { describe, expect, it } from 'vitest';
import { parseManifestReport } from '../../shared/debug-files/parse-manifest-report';
import { slicedParents } from './test-support/heap-slices';

/** A report of evolcore's format made at run time (a literal would be one flat string). */
function reportText(n: number): string {
  return [
    '# ECK Manifest Diagnostics',
    '',
    `- sessionId: memory-probe-session-${n}`,
    '- sections total: 2',
    '',
    '## Section details',
    '',
    `### memory-probe-section-${n}-a — 说明`,
    '- status: OK',
    '- used in output: yes',
    '',
    `### memory-probe-section-${n}-b`,
    '- status: NOT-EXIST',
  ].join('\n');
}

describe("the manifest reader's ids", () => {
  it('are strings of their own, not views holding the report they were read from', () => {
    const texts = Array.from({ length: 6 }, (_, n) => reportText(n));
    // What outlives a read report: its ids (the rest of the report, labels too, goes with it).
    const ids = texts.map((t) => {
      const parsed = parseManifestReport(t);
      if (!parsed.ok) throw new Error('the probe report did not parse');
      return [parsed.value.source, parsed.value.sessionId, ...parsed.value.sections.map((s) => s.id)];
    });
    expect(ids).toEqual(
      texts.map((_, n) => [
        'evolcore',
        `memory-probe-session-${n}`,
        `memory-probe-section-${n}-a`,
        `memory-probe-section-${n}-b`,
      ]),
    );
    // The control: slices of the same texts, kept, are views the snapshot finds.
    const kept = texts.map((t) => t.slice(1, 30));
    expect(texts.filter((t) => slicedParents().has(t))).toEqual(texts);
    // Released, nothing else holds a view of them.
    kept.length = 0;
    expect(texts.filter((t) => slicedParents().has(t))).toEqual([]);
    expect(ids).toHaveLength(texts.length);
  });
});

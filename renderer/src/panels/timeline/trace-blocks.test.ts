import { describe, expect, it } from 'vitest';
import type { ConditionalTrace } from '../../../../shared/engine';
import { blockEndLine, traceBlocks } from './trace-blocks';

const source = [
  'Hello {{selfName}}', // 1
  '{{?hasPersona}}', // 2
  'persona', // 3
  '{{?peerRole=owner}}owner{{/}}', // 4
  '{{/}}', // 5
  '{{#each members}}', // 6
  '{{?admin}}*{{/}} {{name}}', // 7
  '{{/each}}', // 8
].join('\n');

const trace = (line: number, expression: string, kept: boolean, element?: number): ConditionalTrace => ({
  file: '/f.md',
  line,
  expression,
  key: expression.replace(/\{\{\?|[=!].*|\}\}/g, ''),
  op: 'truthy',
  actual: kept,
  kept,
  ...(element !== undefined ? { element } : {}),
});

describe('blockEndLine', () => {
  it('finds the matching close across nested blocks', () => {
    expect(blockEndLine(source, 2, '{{?hasPersona}}')).toBe(5);
    expect(blockEndLine(source, 4, '{{?peerRole=owner}}')).toBe(4);
    expect(blockEndLine(source, 7, '{{?admin}}')).toBe(7);
  });

  it('an unclosed or missing tag covers its own line only', () => {
    expect(blockEndLine('{{?x}}\nno close', 1, '{{?x}}')).toBe(1);
    expect(blockEndLine(source, 1, '{{?nothere}}')).toBe(1);
    expect(blockEndLine(source, 99, '{{?x}}')).toBe(99);
  });
});

describe('traceBlocks', () => {
  it('marks each block of the file kept or dropped, and loop elements that disagree as mixed', () => {
    const blocks = traceBlocks(
      source,
      [
        trace(2, '{{?hasPersona}}', true),
        trace(4, '{{?peerRole=owner}}', false),
        trace(7, '{{?admin}}', true, 1),
        trace(7, '{{?admin}}', false, 2),
        { ...trace(2, '{{?other}}', true), file: '/elsewhere.md' },
      ],
      '/f.md',
    );
    expect(blocks.map((b) => [b.startLine, b.endLine, b.outcome, `${b.keptCount}/${b.count}`])).toEqual([
      [2, 5, 'kept', '1/1'],
      [4, 4, 'dropped', '0/1'],
      [7, 7, 'mixed', '1/2'],
    ]);
  });
});

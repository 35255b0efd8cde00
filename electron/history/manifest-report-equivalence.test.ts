/**
 * The one-pass manifest report reader gives exactly the results of the reader it replaced
 * (shared/debug-files/test-support/manifest-report-reference.ts): on every report in the repo, and on a few
 * thousand mutations of them (line breaks, fences, headings, truncation, BOM), with a fixed seed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT } from '../services/app-paths';
import { evolcoreDebugFiles } from '../../shared/debug-files/evolcore-format';
import { jsonFencedBlocks } from '../../shared/debug-files/fenced-json-blocks';
import { formatManifestReport } from '../../shared/debug-files/manifest-report-format';
import { parseEvolcoreReport } from '../../shared/debug-files/parse-evolcore-report';
import { parseManifestReport } from '../../shared/debug-files/parse-manifest-report';
import { splitLines } from '../../shared/debug-files/report-lines';
import { fixtureReport } from '../../shared/debug-files/test-fixtures/report';
import {
  referenceEvolcoreReport,
  referenceFencedBlocks,
  referenceManifestReport,
} from '../../shared/debug-files/test-support/manifest-report-reference';
import { mulberry32 } from '../../shared/testing/mulberry32';

/** Every manifest report checked into the repo (the demo home, the e2e fixtures). */
function repoReports(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', '*manifest-*.md'], {
    cwd: APP_ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((f) => f !== '')
    .map((f) => readFileSync(join(APP_ROOT, f), 'utf8'));
}

/** Reports of the shapes the lenient reader takes, as other writers write them. */
const FOREIGN = [
  [
    '# ECK 诊断',
    '- manifest: `m.json` (found)',
    '- session type: main',
    '',
    '| section | 状态 | 是否用上 | 注入 | 字节 | 未解析占位符 |',
    '|:--|:--:|--|--|--:|--|',
    '| rules | ok | ✓ | ✗ | 17.5 KB | |',
    '| peer-profile | unresolved_vars | 否 | 否 | 0 | {{peerKey}} |',
    '',
    '### rules',
    '- truncated: yes',
    '### peer-profile — 对端',
    '- status: over-total',
  ].join('\n'),
  [
    '## rules',
    '- status: ok',
    '- used: yes',
    '',
    '## persona',
    '- **status**: not-exist',
    '- unresolved: —',
  ].join('\n'),
  JSON.stringify({ manifest: 'm.json', sections: [{ id: 'a', status: 'ok', loaded: true }] }),
  ['notes', '```json', '{"sections": [{"id": "b", "status": "not-exist"}]}', '```'].join('\n'),
];

const FENCE_LINES = [
  '```',
  '````',
  '~~~',
  '~~~~',
  '   ```',
  '    ```',
  '\t```',
  '```json',
  '```json eck-manifest-report',
  '~~~JSON eck-manifest-report',
  '``` jsonc',
  '```text',
  '```   ',
  '`` not a fence',
  '```\u2028json',
  '```json\r',
];
const NOISE_LINES = [
  '',
  '# ECK Manifest Diagnostics',
  '## Section details',
  '### rules — 核心规则',
  '- status: OK',
  '- sections total: 1',
  '- sessionId: abc',
  '- skipped: 总闸超限未加载',
  '## Sections',
  '| id | status |',
  '|---|---|',
  '| rules | ok |',
  '- status: ok',
  '{"sections": [{"id": "x", "status": "ok"}]}',
  '{ broken',
  '\u2028',
  // Fact lines the pattern `^- ([^:]+): (.*)$` reads or refuses, kept keys and others.
  '- status: NOT-EXIST',
  '- status:OK',
  '- status : OK',
  '-  status: OK',
  '- status: ',
  '- status:',
  '- sta:tus: OK',
  '- : OK',
  '- status: OK\u2028',
  '- file count: 3\u2029',
  '- used in output: yes\r no',
  '- used in output: no',
  '- file count: 2',
  '- dir overflow: 2 文件未加载',
  '- note: 文件存在但渲染后内容为空',
  '- enabled: false',
  '- when: `"always"` → false',
  '- injected as fragment: yes',
  '- unresolved tokens: `$A`, `{{b}}`',
  '- a key far longer than any kept one: v',
  '- used in output\u2028: yes',
];

/** Characters that decide a fact line: put into a line at random. */
const FACT_CHARS = [':', ' ', '\r', '\u2028', '\u2029', '-'];

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** One random change to a report's lines. */
function mutateLines(random: Random, lines: string[]): void {
  const at = Math.floor(random() * (lines.length + 1));
  switch (Math.floor(random() * 8)) {
    case 0:
      lines.splice(at, 0, pick(random, FENCE_LINES));
      break;
    case 1:
      lines.splice(at, 0, pick(random, NOISE_LINES));
      break;
    case 2:
      lines.splice(at, 1 + Math.floor(random() * 3));
      break;
    case 3: {
      // A block of another kind (or a nested fence) in the middle.
      const fence = pick(random, FENCE_LINES);
      lines.splice(at, 0, fence, pick(random, NOISE_LINES), pick(random, FENCE_LINES));
      break;
    }
    case 4: {
      // A heading or fence line dropped.
      const i = lines.findIndex((l, k) => k >= at && /^(#|\s*(```|~~~))/.test(l));
      if (i >= 0) lines.splice(i, 1);
      break;
    }
    case 5:
      if (lines[at] !== undefined) lines[at] = `${lines[at]}\r`;
      break;
    case 6: {
      // A character that decides a fact, somewhere in a line.
      const line = lines[at];
      if (line === undefined) break;
      const i = Math.floor(random() * (line.length + 1));
      lines[at] = `${line.slice(0, i)}${pick(random, FACT_CHARS)}${line.slice(i)}`;
      break;
    }
    default:
      lines.splice(at, 0, ...lines.slice(at, at + 1 + Math.floor(random() * 4)));
  }
}

/** The lines joined with random breaks: all LF, all CRLF, or a mix. */
function joinRandomly(random: Random, lines: readonly string[]): string {
  const style = Math.floor(random() * 3);
  if (style === 0) return lines.join('\n');
  if (style === 1) return lines.join('\r\n');
  return lines.map((l, i) => (i === 0 ? l : `${random() < 0.5 ? '\r\n' : '\n'}${l}`)).join('');
}

function mutate(random: Random, text: string): string {
  const lines = text.split('\n');
  const changes = Math.floor(random() * 4);
  for (let i = 0; i < changes; i++) mutateLines(random, lines);
  let out = joinRandomly(random, lines);
  if (random() < 0.2) out = out.slice(0, Math.floor(random() * out.length));
  if (random() < 0.1) out = `\ufeff${out}`;
  if (random() < 0.05) out = `${out}\r`;
  return out;
}

function seeds(): string[] {
  const report = fixtureReport();
  const evolcore = evolcoreDebugFiles(report, new Date('2026-01-02T03:04:05Z'));
  return [
    ...repoReports(),
    formatManifestReport(report),
    ...(evolcore ? [evolcore.manifest] : []),
    ...FOREIGN,
  ];
}

function expectSame(text: string): string {
  expect(splitLines(text)).toStrictEqual(text.split(/\r?\n/));
  expect(jsonFencedBlocks(text)).toStrictEqual(
    referenceFencedBlocks(text.split(/\r?\n/)).filter((b) => /^json\b/i.test(b.info)),
  );
  expect(parseEvolcoreReport(text)).toStrictEqual(referenceEvolcoreReport(text));
  const fast = parseManifestReport(text);
  expect(fast).toStrictEqual(referenceManifestReport(text));
  return fast.ok ? fast.value.source : 'failure';
}

describe('the one-pass manifest report reader', () => {
  it('reads every report in the repo as the reference does', () => {
    const all = seeds();
    expect(all.length).toBeGreaterThan(40);
    for (const text of all) expectSame(text);
  });

  it('reads 4,000 mutated reports as the reference does, through every path', () => {
    const random = mulberry32(20261205);
    const all = seeds();
    const sources = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const text = mutate(random, pick(random, all));
      const source = expectSame(text);
      sources.set(source, (sources.get(source) ?? 0) + 1);
    }
    // The mutations reach every way of reading a report, and its failure.
    for (const source of ['evolcore', 'summary', 'json', 'table', 'headings', 'failure']) {
      expect(sources.get(source) ?? 0, source).toBeGreaterThan(0);
    }
  });

  it('agrees on texts the mutations rarely make', () => {
    const cases = [
      '',
      '\n',
      '\r\n',
      '\r',
      '\ufeff',
      '```json',
      '```json\n',
      '```json\r\n{}\r\n```',
      '```json eck-manifest-report\r\r\n{"sections": []}\r\n```\r\n',
      '~~~json\n{"sections": [{"id": "a"}]}\n```\n~~~',
      '````json\n```\n{"sections": [{"id": "a", "status": "ok"}]}\n````',
      '# ECK Manifest Diagnostics',
      '# ECK Manifest Diagnostics\r\n- sections total: 0\r\n## Section details',
      '# ECK Manifest Diagnostics\r- sections total: 0\n## Section details',
      '# ECK Manifest Diagnostics\n- sections total: 0\n## Section details\n',
      '\ufeff# ECK Manifest Diagnostics\n- sections total: 0\n## Section details',
    ];
    for (const text of cases) expectSame(text);
  });
});

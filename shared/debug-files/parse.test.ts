import { describe, expect, it } from 'vitest';
import { formatManifestReport, formatVarsFile } from './format';
import { parseManifestReport, parseVarsFile } from './parse';
import { fixtureReport } from './test-fixtures/report';

describe('parseVarsFile', () => {
  it.each([
    ['plain', '{"chatType":"private","n":3}', { chatType: 'private', n: 3 }, {}],
    [
      'described',
      '{"chatType":{"value":"private","description":"聊天类型"},"peerKey":{"description":"对端键"}}',
      { chatType: 'private' },
      { chatType: '聊天类型', peerKey: '对端键' },
    ],
    [
      'split',
      '{"vars":{"chatType":"group"},"descriptions":{"chatType":"聊天类型"}}',
      { chatType: 'group' },
      { chatType: '聊天类型' },
    ],
    [
      'list',
      '[{"name":"channel","value":"aun","description":"渠道"}]',
      { channel: 'aun' },
      { channel: '渠道' },
    ],
  ])('reads the %s shape', (shape, text, vars, descriptions) => {
    const result = parseVarsFile(text);
    expect(result).toMatchObject({ ok: true, value: { shape, vars, descriptions } });
  });

  it('keeps a plain var whose value looks like a description object', () => {
    const result = parseVarsFile('{"meta":{"description":"x"}}');
    expect(result).toMatchObject({
      ok: true,
      value: { shape: 'plain', vars: { meta: { description: 'x' } } },
    });
  });

  it('reads back what formatVarsFile wrote', () => {
    const report = fixtureReport();
    const result = parseVarsFile(formatVarsFile(report, {}, () => '说明'));
    expect(result).toMatchObject({ ok: true, value: { shape: 'described', vars: report.vars } });
  });

  it('reports malformed JSON with line and column, without throwing', () => {
    const result = parseVarsFile('{\n  "a": 1,\n  "b": }');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^malformed JSON/);
      expect(result.line).toBe(3);
      expect(result.column).toBeGreaterThan(1);
    }
  });

  it.each(['[1,2', '42', 'null', ''])('fails as a value on %j', (text) => {
    expect(parseVarsFile(text).ok).toBe(false);
  });
});

const expectedSections = [
  {
    id: 'rules',
    status: 'ok',
    pathStatus: 'ok',
    used: true,
    injected: false,
    bytes: 30,
    unresolved: [],
    truncated: true,
  },
  { id: 'identity-layer', status: 'ok', used: true, injected: true, bytes: 40, truncated: false },
  {
    id: 'persona',
    status: 'unresolved-vars',
    pathStatus: 'unresolved-vars',
    unresolved: ['$PERSONAL_DIR', '{{peerKey}}'],
  },
  { id: 'peer-profile', status: 'when-false', pathStatus: 'skipped', whenResult: false, injected: true },
  { id: 'venue-channel', status: 'not-exist', pathStatus: 'not-exist' },
  { id: 'off', status: 'disabled', pathStatus: 'skipped', whenResult: null },
  { id: 'extra-docs', status: 'over-total', pathStatus: 'skipped', used: false },
];

describe('parseManifestReport', () => {
  const text = formatManifestReport(fixtureReport());

  it('reads our summary block back exactly', () => {
    const result = parseManifestReport(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.source).toBe('summary');
    expect(result.value.sessionType).toBe('main');
    expect(result.value.manifestFile).toBe('eck_manifest.json');
    expect(result.value.totals).toEqual({
      files: 2,
      bytes: 70,
      maxFiles: 2,
      maxBytes: 102400,
      overTotal: ['extra-docs'],
    });
    expect(result.value.sections).toMatchObject(expectedSections);
    // The backtick inside a `when` survives the \u0060 escape.
    expect(result.value.summary?.sections.find((s) => s.id === 'peer-profile')).toBeDefined();
  });

  it('falls back to the table when the summary is gone or broken', () => {
    const noSummary = text.slice(0, text.indexOf('## Summary'));
    const broken = text.replace('"sections": [', '"sections": [,');
    for (const variant of [noSummary, broken]) {
      const result = parseManifestReport(variant);
      expect(result).toMatchObject({ ok: true, value: { source: 'table', sessionType: 'main' } });
      if (result.ok) expect(result.value.sections).toMatchObject(expectedSections);
    }
    const brokenResult = parseManifestReport(broken);
    if (brokenResult.ok) expect(brokenResult.warnings[0]).toMatch(/not valid JSON/);
  });

  it('reads a foreign table with other columns and Chinese headers', () => {
    const foreign = [
      '# ECK 诊断',
      '',
      '| section | 状态 | 是否用上 | 注入 | 字节 | 未解析占位符 |',
      '|:--|:--:|--|--|--:|--|',
      '| rules | ok | ✓ | ✗ | 17.5 KB | |',
      '| peer-profile | unresolved_vars | 否 | 否 | 0 | {{peerKey}} |',
      '| persona | skipped | no | no | — | — |',
    ].join('\n');
    const result = parseManifestReport(foreign);
    expect(result).toMatchObject({
      ok: true,
      value: {
        source: 'table',
        sections: [
          { id: 'rules', status: 'ok', used: true, injected: false, bytes: 17920, unresolved: [] },
          { id: 'peer-profile', status: 'unresolved-vars', used: false, unresolved: ['{{peerKey}}'] },
          { id: 'persona', status: 'skipped', pathStatus: 'skipped', bytes: null },
        ],
      },
    });
  });

  it('reads a report written as headings with key: value lines', () => {
    const list = [
      '## rules',
      '- status: ok',
      '- used: yes',
      '',
      '## persona',
      '- **status**: not-exist',
      '- unresolved: —',
    ];
    const result = parseManifestReport(list.join('\n'));
    expect(result).toMatchObject({
      ok: true,
      value: {
        source: 'headings',
        sections: [
          { id: 'rules', status: 'ok', used: true },
          { id: 'persona', status: 'not-exist', unresolved: [] },
        ],
      },
    });
  });

  it('reads a whole-file JSON report', () => {
    const json = JSON.stringify({ manifest: 'm.json', sections: [{ id: 'a', status: 'ok', loaded: true }] });
    expect(parseManifestReport(json)).toMatchObject({
      ok: true,
      value: { source: 'json', manifestFile: 'm.json', sections: [{ id: 'a', status: 'ok', used: true }] },
    });
  });

  it.each(['', 'just some notes\nwithout any table', '{ broken'])('fails as a value on %j', (text) => {
    const result = parseManifestReport(text);
    expect(result.ok).toBe(false);
  });
});

describe('the parsers never throw', () => {
  // A cheap deterministic fuzz: random mixes of the pieces reports are made of.
  const pieces = [
    '|',
    '---',
    '\n',
    '`',
    '```json eck-manifest-report\n',
    '```\n',
    '{',
    '}',
    '"sections":',
    '[',
    ']',
    '## ',
    '- status: ',
    'ok',
    'SKIPPED(',
    ')',
    '→ true',
    '\\|',
    ':',
    '"id":"a"',
    ',',
    'null',
    '·',
    '总闸',
    '\u0000',
  ];
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  it('on 2,000 random mixes of report pieces', () => {
    for (let i = 0; i < 2000; i++) {
      const length = 1 + Math.floor(random() * 60);
      const text = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(() => parseManifestReport(text)).not.toThrow();
      expect(() => parseVarsFile(text)).not.toThrow();
    }
  });
});

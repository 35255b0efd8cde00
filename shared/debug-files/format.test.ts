import { describe, expect, it } from 'vitest';
import { formatContextFile, formatFragmentsFile, formatManifestReport, formatVarsFile } from './format';
import { fixtureReport } from './test-fixtures/report';

const describeZh = (name: string): string => (name === 'chatType' ? '聊天类型' : '未知变量');

describe('formatVarsFile', () => {
  it('writes every effective var with its value and Chinese description', () => {
    const report = fixtureReport();
    const text = formatVarsFile(report, { chatType: 'private', note: undefined }, describeZh);
    const json = JSON.parse(text) as Record<string, { value: unknown; description: string }>;
    expect(json.chatType).toEqual({ value: 'private', description: '聊天类型' });
    expect(json.KITS_RULES).toEqual({ value: '/pkg/kits/rules', description: '未知变量' });
    // An undefined var stays visible as null rather than vanishing from the file.
    expect(json.note).toEqual({ value: null, description: '未知变量' });
    expect(text.endsWith('}\n')).toBe(true);
  });
});

describe('formatContextFile', () => {
  it('is exactly the context', () => {
    const report = fixtureReport();
    expect(formatContextFile(report)).toBe(report.context);
  });
});

describe('formatFragmentsFile', () => {
  it('holds only the template sections, each under a header line, verbatim', () => {
    const text = formatFragmentsFile(fixtureReport());
    expect(text).toContain('## identity-layer — 身份层 (order 20,');
    expect(text).toContain(
      'Contenu de $KITS_FRAGMENTS/identity.md (identity-layer — 身份层):\n\n你是 Nova，对端是 Alice。',
    );
    expect(text).not.toContain('核心规则');
    expect(text).not.toContain('peer-profile'); // a template section that did not load
  });

  it('says so when no template section loaded', () => {
    const report = { ...fixtureReport(), sections: [] };
    expect(formatFragmentsFile(report)).toContain('(no template section was loaded)');
  });
});

describe('formatManifestReport', () => {
  const text = formatManifestReport(fixtureReport());
  const rows = text.split('\n').filter((l) => l.startsWith('| '));

  it('has one table row per section plus the header', () => {
    expect(rows).toHaveLength(1 + fixtureReport().sections.length);
    expect(rows[0]).toBe(
      '| order | id | when | status | used | injected | files | bytes | unresolved tokens | truncated | over total |',
    );
  });

  it('writes the path state, with our finer status beside skipped', () => {
    expect(rows[1]).toBe(
      '| 10 | `rules` | `"always"` → true | ok | yes | no | 1 | 30 | — | files: 2 not loaded | — |',
    );
    expect(rows.find((r) => r.includes('`persona`'))).toContain(
      '| unresolved-vars | no | no | 0 | 0 | `$PERSONAL_DIR`, `{{peerKey}}` |',
    );
    expect(rows.find((r) => r.includes('`peer-profile`'))).toContain(
      '→ false | skipped (when-false) | no | yes |',
    );
    expect(rows.find((r) => r.includes('`venue-channel`'))).toContain('| not-exist |');
    expect(rows.find((r) => r.includes('`off`'))).toContain('→ not evaluated | skipped (disabled) |');
    expect(rows.find((r) => r.includes('`extra-docs`'))).toContain(
      '| skipped (over-total) | no | no | 0 | 0 | — | — | files |',
    );
  });

  it('keeps a backtick in a when from breaking the code span', () => {
    expect(rows.find((r) => r.includes('peer-profile'))).toContain('``{"var":"peer`Key","neq":null}``');
  });

  it('gives totals, session type, details and diagnostics', () => {
    expect(text).toContain('- session type: `main`');
    expect(text).toContain('- totals: 2 / 2 files, 70 / 102400 bytes');
    expect(text).toContain('- over total: `extra-docs`');
    expect(text).toContain('- not found: `/pkg/kits/docs/venues/aun-private.md`');
    expect(text).toContain(
      '- truncated (files; maxFiles 1, maxBytes 40960): 2 not loaded — 10-b.md (12 bytes), … 1 more',
    );
    expect(text).toContain('- **warning** `path-escape` (section `persona`): peerKey holds "/"');
  });

  it('embeds a JSON summary that no backtick can close', () => {
    const fence = text.indexOf('```json eck-manifest-report\n');
    expect(fence).toBeGreaterThan(0);
    const body = text.slice(fence).split('\n').slice(1);
    const json = body.slice(0, body.indexOf('```')).join('\n');
    expect(json).not.toContain('`');
    const summary = JSON.parse(json) as {
      sections: { id: string; when?: unknown }[];
      context: { bytes: number };
    };
    expect(summary.sections.map((s) => s.id)).toEqual(fixtureReport().sections.map((s) => s.id));
    expect(summary.context.bytes).toBe(unescape(encodeURIComponent(fixtureReport().context)).length);
  });
});

describe('a render that could not happen', () => {
  it('still gives a report that parses, with no sections', async () => {
    const { parseManifestReport } = await import('./parse');
    const report = { ...fixtureReport(), rendered: false, sections: [], context: '' };
    const text = formatManifestReport(report);
    expect(text).toContain('- rendered: no');
    expect(parseManifestReport(text)).toMatchObject({ ok: true, value: { source: 'summary', sections: [] } });
    expect(formatContextFile(report)).toBe('');
  });
});

/**
 * Files in the shape evolclaw's own writer produces (`src/eck/kit-renderer.ts` of
 * eLeanwang/evolclaw: `writeDebugFiles`, `formatManifestDiagnostics`), written here by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseManifestReport, parseVarsFile } from './parse';
import { parseDebugFileName } from './names';
import { snapshotColumns } from './snapshot-columns';

const VARS = JSON.stringify({
  timestamp: '2026-12-01T11:40:05.123Z',
  sessionId: 'sess-9',
  params: [
    {
      name: 'chatType',
      value: 'group',
      description: '聊天类型（private=私聊 / group=群聊 / null=本地开发）',
    },
    { name: 'channel', value: 'feishu', description: '渠道类型' },
    { name: 'peerName', value: 'Bob', description: '对端显示名' },
  ],
});

const REPORT = [
  '# ECK Manifest Diagnostics',
  '',
  '- timestamp: 2026-12-01T11:40:05.130Z',
  '- sessionId: sess-9',
  '- sections total: 4',
  '- sections used: 2',
  '',
  '## Errors',
  '',
  '### peer-profile — 对端档案',
  '- status: UNRESOLVED-VARS',
  '- unresolved tokens: `{{peerKey}}`',
  '',
  '## All sections',
  '',
  '| order | id | status | type | raw path | resolved | files | used | injected |',
  '|---|---|---|---|---|---|---|---|---|',
  '| 1 | rules | OK | directory | `$KITS_RULES` | `/pkg/kits/rules` | 20 | Y | · |',
  '| 2 | identity-layer | OK | file | `$KITS_FRAGMENTS/identity.md` | `/pkg/x/identity.md` | 1 | Y | Y |',
  '| 3 | peer-profile | UNRESOLVED-VARS | file | `$RELATIONS_DIR/{{peerKey}}/profile.md` | — | 0 | · | · |',
  '| 4 | venue-client | SKIPPED(when) | file | `$KITS_DOCS/venues/client-{{clientType}}.md` | — | 0 | · | · |',
  '| 5 | extra | NO-PATH | file | `$KITS_DOCS/extra.md` | — | 0 | · | · |',
  '',
  '## Section details',
  '',
  '### rules — 核心规则',
  '- status: OK',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- file count: 20',
  '- dir overflow: 3 文件未加载（达文件数上限 20）',
  '- used in output: yes',
  '- injected as fragment: no',
  '',
  '### venue-client',
  '- status: SKIPPED(when)',
  '- when: `{"var":"clientType","neq":null}` → false',
  '',
  '### extra',
  '- status: NO-PATH',
  '- skipped: 总闸超限未加载',
  '',
].join('\n');

describe("evolclaw's debug files", () => {
  it('reads the params shape of the vars file, with its timestamp and session', () => {
    expect(parseVarsFile(VARS)).toMatchObject({
      ok: true,
      value: {
        shape: 'params',
        vars: { chatType: 'group', channel: 'feishu', peerName: 'Bob' },
        descriptions: { channel: '渠道类型' },
        recordedAt: '2026-12-01T11:40:05.123Z',
        sessionId: 'sess-9',
      },
    });
  });

  it('reads the table and completes it from the details', () => {
    const result = parseManifestReport(REPORT);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ source: 'table', sessionId: 'sess-9', manifestFile: null });
    expect(result.value.sections).toEqual([
      {
        id: 'rules',
        status: 'ok',
        pathStatus: 'ok',
        order: 1,
        whenResult: true,
        used: true,
        injected: false,
        files: 20,
        bytes: null,
        unresolved: [],
        truncated: true,
      },
      expect.objectContaining({ id: 'identity-layer', status: 'ok', injected: true, truncated: null }),
      expect.objectContaining({
        id: 'peer-profile',
        status: 'unresolved-vars',
        used: false,
        unresolved: ['{{peerKey}}'],
      }),
      expect.objectContaining({
        id: 'venue-client',
        status: 'when-false',
        pathStatus: 'skipped',
        whenResult: false,
      }),
      expect.objectContaining({ id: 'extra', status: 'over-total', pathStatus: 'skipped' }),
    ]);
  });

  it('fills the history columns from them', () => {
    const vars = parseVarsFile(VARS);
    const report = parseManifestReport(REPORT);
    if (!vars.ok || !report.ok) throw new Error('did not parse');
    expect(snapshotColumns(vars.value, report.value, 100)).toMatchObject({
      chatType: 'group',
      channel: 'feishu',
      peer: 'Bob',
      sectionsLoaded: 2,
      sectionsTotal: 5,
      truncated: true,
      recordedAt: Date.parse('2026-12-01T11:40:05.123Z'),
    });
  });

  it('reads its UTC names when told so', () => {
    expect(parseDebugFileName('vars-2026-12-01-11-40-05.json', 'utc')?.time).toBe(
      Date.UTC(2026, 11, 1, 11, 40, 5),
    );
  });
});

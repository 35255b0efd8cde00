/**
 * evolcore's debug-file formats, pinned by golden strings. Each golden was checked line by line
 * against `writeDebugFiles` / `formatManifestDiagnostics` of evolclaw's `src/eck/kit-renderer.ts`
 * @ a6b2dc4 (and produced by that code run on the same records); `npm run compare:debug`
 * repeats the check on whole renders against the real engine.
 */
import { describe, expect, it } from 'vitest';
import { stubDebugRecord } from '../engine/__fixtures__/stub-report';
import { stubReport } from '../engine/__fixtures__/stub-report';
import type { SectionDebugRecord } from '../engine';
import {
  INSPECTOR_SESSION_ID,
  debugTimestamp,
  evolcoreDebugFiles,
  formatEvolcoreManifestReport,
  formatEvolcoreVarsFile,
  sessionIdOf,
} from './evolcore-format';
import { paramDescriptionZh } from './param-descriptions';
import { fixtureReport } from './test-fixtures/report';

const NOW = new Date(Date.UTC(2026, 11, 1, 19, 40, 5, 123));

/** The fixture's report (one section of each status), as the real engine prints it. */
const FIXTURE_MANIFEST = [
  '# ECK Manifest Diagnostics',
  '',
  '- timestamp: 2026-12-01T19:40:05.123Z',
  '- sessionId: s-1',
  '- sections total: 7',
  '- sections used: 2',
  '- sections skipped (when=false): 1',
  '- sections with errors (unresolved-vars/not-exist): 2',
  '',
  '## Errors',
  '',
  '### persona',
  '- status: UNRESOLVED-VARS',
  '- type: file',
  '- raw path: `$PERSONAL_DIR/{{peerKey}}.md`',
  '- resolved: `.md`',
  '- unresolved tokens: `$PERSONAL_DIR`, `{{peerKey}}`',
  '',
  '### venue-channel',
  '- status: NOT-EXIST',
  '- type: file',
  '- raw path: `$KITS_DOCS/venues/aun-private.md`',
  '- resolved: `/pkg/kits/docs/venues/aun-private.md`',
  '',
  '## All sections',
  '',
  '| order | id | status | type | raw path | resolved | files | used | injected |',
  '|---|---|---|---|---|---|---|---|---|',
  '| 1 | rules | OK | directory | `$KITS_RULES` | `/pkg/kits/rules` | 1 | Y | · |',
  '| 2 | identity-layer | OK | file | `$KITS_FRAGMENTS/identity.md` | `/pkg/kits/templates/system-fragments/identity.md` | 1 | Y | Y |',
  '| 3 | persona | UNRESOLVED-VARS | file | `$PERSONAL_DIR/{{peerKey}}.md` | `.md` | 0 | · | · |',
  '| 4 | peer-profile | SKIPPED(when) | file | — | — | 0 | · | · |',
  '| 5 | venue-channel | NOT-EXIST | file | `$KITS_DOCS/venues/aun-private.md` | `/pkg/kits/docs/venues/aun-private.md` | 0 | · | · |',
  '| 6 | off | SKIPPED(disabled) | file | — | — | 0 | · | · |',
  '| 7 | extra-docs | OK | file | `$KITS_DOCS/extra.md` | `/pkg/kits/docs/extra.md` | 1 | · | · |',
  '',
  '## Section details',
  '',
  '### rules — 核心规则',
  '- status: OK',
  '- type: directory',
  '- raw path: `$KITS_RULES`',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- resolved: `/pkg/kits/rules`',
  '- file count: 1',
  '- dir overflow: 2 文件未加载（达文件数上限 1）',
  '- used in output: yes',
  '- injected as fragment: no',
  '',
  '### identity-layer — 身份层',
  '- status: OK',
  '- type: file',
  '- raw path: `$KITS_FRAGMENTS/identity.md`',
  '- when: `{"var":"chatType","neq":null}` → true',
  '- needsInjection: true',
  '- enabled: true',
  '- resolved: `/pkg/kits/templates/system-fragments/identity.md`',
  '- file count: 1',
  '- used in output: yes',
  '- injected as fragment: yes',
  '',
  '### persona',
  '- status: UNRESOLVED-VARS',
  '- type: file',
  '- raw path: `$PERSONAL_DIR/{{peerKey}}.md`',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- resolved: `.md`',
  '- unresolved tokens: `$PERSONAL_DIR`, `{{peerKey}}`',
  '- file count: 0',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### peer-profile',
  '- status: SKIPPED(when)',
  '- type: file',
  '- when: `{"var":"peer`Key","neq":null}` → false',
  '- needsInjection: true',
  '- enabled: true',
  '- file count: 0',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### venue-channel',
  '- status: NOT-EXIST',
  '- type: file',
  '- raw path: `$KITS_DOCS/venues/aun-private.md`',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- resolved: `/pkg/kits/docs/venues/aun-private.md`',
  '- file count: 0',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### off',
  '- status: SKIPPED(disabled)',
  '- type: file',
  '- when: `"always"` → false',
  '- needsInjection: false',
  '- enabled: false',
  '- file count: 0',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### extra-docs',
  '- status: OK',
  '- type: file',
  '- raw path: `$KITS_DOCS/extra.md`',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- resolved: `/pkg/kits/docs/extra.md`',
  '- file count: 1',
  '- used in output: no',
  '- injected as fragment: no',
  '',
].join('\n');

/** A section that loaded nothing, as a base the cases below change. */
function record(partial: Partial<SectionDebugRecord>): SectionDebugRecord {
  return { ...stubDebugRecord('x'), fileCount: 0, used: false, ...partial };
}

/** A cut by bytes, a long path, a pattern, a blank file, the total gate, a section without id. */
const EDGE_RECORDS: SectionDebugRecord[] = [
  record({
    id: 'docs',
    type: 'directory',
    rawPath: '$KITS_DOCS/very/long',
    pattern: '*.{md,txt}',
    resolvedPath: '/opt/evolcore/kits/docs/very/long/path/that/goes/on/and/on/beyond/sixty',
    fileCount: 3,
    used: true,
    dirOverflow: { droppedFiles: 4, reason: 'bytes', limit: 4096 },
  }),
  record({
    id: 'blank',
    description: '空',
    rawPath: '$KITS/blank.md',
    resolvedPath: '/opt/evolcore/kits/blank.md',
    fileCount: 1,
    emptyContent: true,
    needsInjection: true,
  }),
  record({
    id: 'late',
    skippedByTotalCap: true,
    resolveStatus: 'no-path',
    when: { and: [{ var: 'chatType', eq: 'group' }] },
  }),
  record({ id: undefined, resolveStatus: 'no-path', type: 'weird', description: 0 }),
];

const EDGE_MANIFEST = [
  '# ECK Manifest Diagnostics',
  '',
  '- timestamp: 2026-01-02T03:04:05.006Z',
  '- sessionId: eck-inspector',
  '- sections total: 4',
  '- sections used: 1',
  '- sections skipped (when=false): 0',
  '- sections with errors (unresolved-vars/not-exist): 0',
  '',
  '## All sections',
  '',
  '| order | id | status | type | raw path | resolved | files | used | injected |',
  '|---|---|---|---|---|---|---|---|---|',
  '| 1 | docs | OK | directory | `$KITS_DOCS/very/long` | `…/kits/docs/very/long/path/that/goes/on/and/on/beyond/sixty` | 3 | Y | · |',
  '| 2 | blank | OK | file | `$KITS/blank.md` | `/opt/evolcore/kits/blank.md` | 1 | · | · |',
  '| 3 | late | NO-PATH | file | — | — | 0 | · | · |',
  '| 4 | undefined | NO-PATH | weird | — | — | 0 | · | · |',
  '',
  '## Section details',
  '',
  '### docs',
  '- status: OK',
  '- type: directory',
  '- raw path: `$KITS_DOCS/very/long`',
  '- pattern: `*.{md,txt}`',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- resolved: `/opt/evolcore/kits/docs/very/long/path/that/goes/on/and/on/beyond/sixty`',
  '- file count: 3',
  '- dir overflow: 4 文件未加载（达字节上限 4096）',
  '- used in output: yes',
  '- injected as fragment: no',
  '',
  '### blank — 空',
  '- status: OK',
  '- type: file',
  '- raw path: `$KITS/blank.md`',
  '- when: `"always"` → true',
  '- needsInjection: true',
  '- enabled: true',
  '- resolved: `/opt/evolcore/kits/blank.md`',
  '- file count: 1',
  '- note: 文件存在但渲染后内容为空',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### late',
  '- status: NO-PATH',
  '- type: file',
  '- when: `{"and":[{"var":"chatType","eq":"group"}]}` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- file count: 0',
  '- skipped: 总闸超限未加载',
  '- used in output: no',
  '- injected as fragment: no',
  '',
  '### undefined',
  '- status: NO-PATH',
  '- type: weird',
  '- when: `"always"` → true',
  '- needsInjection: false',
  '- enabled: true',
  '- file count: 0',
  '- used in output: no',
  '- injected as fragment: no',
  '',
].join('\n');

describe("evolcore's manifest-<ts>.md", () => {
  it('prints one section of each status as the real engine does', () => {
    const records = fixtureReport().sections.map((s) => s.debug);
    expect(formatEvolcoreManifestReport(records, 's-1', NOW)).toBe(FIXTURE_MANIFEST);
  });

  it('shortens a resolved path over 60 characters to its last 58, and prints cuts, gates, blanks', () => {
    expect(
      formatEvolcoreManifestReport(EDGE_RECORDS, 'eck-inspector', new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))),
    ).toBe(EDGE_MANIFEST);
  });

  it('has no Errors part when no section is unresolved or missing', () => {
    const text = formatEvolcoreManifestReport([record({ used: true, fileCount: 1 })], 's', NOW);
    expect(text).not.toContain('## Errors');
    expect(text).toContain('- sections used: 1\n');
  });
});

describe("evolcore's vars-<ts>.json", () => {
  it('lists the vars in order, leaves null and undefined out, and describes them in Chinese', () => {
    const text = formatEvolcoreVarsFile(
      {
        EVOLCORE_HOME: '/h',
        chatType: null,
        peerName: 'Alice',
        capabilities: undefined,
        hasPersona: false,
        items: [{ n: 0, gone: undefined }],
        mentionMode: 'mention-only',
      },
      's-9',
      NOW,
    );
    expect(text).toBe(
      [
        '{',
        '  "timestamp": "2026-12-01T19:40:05.123Z",',
        '  "sessionId": "s-9",',
        '  "params": [',
        '    {',
        '      "name": "EVOLCORE_HOME",',
        '      "value": "/h",',
        '      "description": "用户数据根目录"',
        '    },',
        '    {',
        '      "name": "peerName",',
        '      "value": "Alice",',
        '      "description": "对端显示名"',
        '    },',
        '    {',
        '      "name": "hasPersona",',
        '      "value": false,',
        '      "description": "是否有 persona 内容"',
        '    },',
        '    {',
        '      "name": "items",',
        '      "value": [',
        '        {',
        '          "n": 0',
        '        }',
        '      ],',
        '      "description": ""',
        '    },',
        '    {',
        '      "name": "mentionMode",',
        '      "value": "mention-only",',
        '      "description": ""',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('keeps the real lookup quirk: an inherited name like toString has no description key', () => {
    const params = (
      JSON.parse(formatEvolcoreVarsFile({ toString: 'x' }, 's', NOW)) as {
        params: Record<string, unknown>[];
      }
    ).params;
    expect(params).toEqual([{ name: 'toString', value: 'x' }]);
    expect(paramDescriptionZh('toString')).toBe('');
  });
});

describe('the four files of a render', () => {
  it('names by UTC seconds, as toISOString with T, : and . turned into -', () => {
    expect(debugTimestamp(NOW)).toBe('2026-12-01-19-40-05');
  });

  it("takes the vars' sessionId when it is a string, else the inspector's own", () => {
    expect(sessionIdOf({ sessionId: 's-1' })).toBe('s-1');
    expect(sessionIdOf({ sessionId: 42 })).toBe(INSPECTOR_SESSION_ID);
    expect(sessionIdOf({})).toBe(INSPECTOR_SESSION_ID);
  });

  it('writes the context and fragments verbatim, and leaves either out when empty', () => {
    const report = fixtureReport();
    const files = evolcoreDebugFiles(report, NOW);
    expect(files?.context).toBe(report.context);
    expect(files?.fragments).toBe(report.fragments);
    const empty = evolcoreDebugFiles(stubReport(''), NOW);
    expect(empty).toMatchObject({ context: null, fragments: null });
    expect(empty?.manifest).toContain('- sections total: 0\n');
  });

  it('writes nothing when evolcore would throw before its writer', () => {
    const report = stubReport('', { failure: { code: 'when-missing', message: 'no when' } });
    expect(evolcoreDebugFiles(report, NOW)).toBeNull();
  });
});

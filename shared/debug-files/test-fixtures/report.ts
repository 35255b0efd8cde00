/**
 * A small hand-built RenderReport for the debug-file tests: one of each status, a truncated
 * folder, a template section, an over-total cut. Built as a literal so the tests do not wait
 * for (or depend on) the engine. Each section's `debug` is the record evolcore's render loop
 * would keep for it (the total gate trips on `extra-docs`' first file: the files limit is 2).
 */
import { stubDebugRecord } from '../../engine/__fixtures__/stub-report';
import type { RenderReport, SectionDebugRecord, SectionReport } from '../../engine';

const HEAD = '<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n';
const TAIL = '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>';
const RULES = 'Contenu de $KITS_RULES/00-core.md (rules — 核心规则):\n\n# 核心\n不要 | 猜测。\n';
const NOTE = '[注意] 目录 $KITS_RULES 未完整加载：2 个文件未加载（达文件数上限 1 个）。';
const IDENTITY =
  'Contenu de $KITS_FRAGMENTS/identity.md (identity-layer — 身份层):\n\n你是 Nova，对端是 Alice。';
const TOTAL_NOTE = '[注意] 上下文清单总量超限（>2 文件 / >100KB），以下 section 未加载：extra-docs。';

/** The context of the fixture and the spans of its blocks. */
function layout(): {
  context: string;
  rules: [number, number];
  identity: [number, number];
  note: [number, number];
} {
  let context = HEAD;
  const rulesStart = context.length;
  context += `${RULES}\n\n${NOTE}`;
  const rulesEnd = context.length;
  context += '\n\n';
  const idStart = context.length;
  context += IDENTITY;
  const idEnd = context.length;
  context += '\n\n';
  const noteStart = context.length;
  context += TOTAL_NOTE;
  const noteEnd = context.length;
  context += TAIL;
  return { context, rules: [rulesStart, rulesEnd], identity: [idStart, idEnd], note: [noteStart, noteEnd] };
}

/** evolcore's record of a section: the stub's defaults (a used `file` section) and what differs. */
function debug(partial: Partial<SectionDebugRecord> & Pick<SectionDebugRecord, 'id'>): SectionDebugRecord {
  return { ...stubDebugRecord(String(partial.id)), ...partial };
}

function section(partial: Partial<SectionReport> & Pick<SectionReport, 'id' | 'status'>): SectionReport {
  return {
    order: null,
    type: 'file',
    description: null,
    origin: 'base',
    fieldOrigins: {},
    needsInjection: false,
    when: { expression: 'always', result: true, reads: [], tree: null },
    whenVars: [],
    invalidReason: null,
    rawPath: null,
    rawChildPath: null,
    resolvedPath: null,
    resolvedChildPath: null,
    displayPath: null,
    unresolved: [],
    missingPath: null,
    readError: null,
    files: [],
    bytes: 0,
    truncated: null,
    overTotal: null,
    span: null,
    trace: [],
    templateVars: [],
    empty: false,
    emptyFiles: [],
    debug: stubDebugRecord(partial.id ?? 'x'),
    ...partial,
  };
}

/** The fixture: a private chat with Alice on aun. */
export function fixtureReport(): RenderReport {
  const { context, rules, identity, note } = layout();
  const vars = {
    chatType: 'private',
    channel: 'aun',
    peerName: 'Alice',
    peerKey: 'aun#alice',
    selfAid: 'nova',
  };
  const pathVars = { KITS: '/pkg/kits', KITS_RULES: '/pkg/kits/rules', AGENT_DIR: '/home/agents/nova' };
  return {
    rendered: true,
    failure: null,
    fragments: IDENTITY,
    manifestFile: 'eck_manifest.json',
    manifestChoice: { file: 'eck_manifest.json', sessionType: 'main', source: 'default', configPath: null },
    context,
    sections: [
      section({
        id: 'rules',
        order: 10,
        type: 'directory',
        description: '核心规则',
        status: 'ok',
        rawPath: '$KITS_RULES',
        resolvedPath: '/pkg/kits/rules',
        displayPath: '$KITS_RULES',
        files: [
          {
            path: '/pkg/kits/rules/00-core.md',
            display: '$KITS_RULES/00-core.md',
            bytes: 30,
            role: 'directory-entry',
            span: { start: rules[0], end: rules[0] + RULES.length },
            contentSpan: null,
          },
        ],
        bytes: 30,
        truncated: {
          reason: 'files',
          notLoaded: 2,
          maxFiles: 1,
          maxBytes: 40960,
          note: NOTE,
          notLoadedFiles: [{ name: '10-b.md', path: '/pkg/kits/rules/10-b.md', bytes: 12 }],
        },
        span: { start: rules[0], end: rules[1] },
        debug: debug({
          id: 'rules',
          description: '核心规则',
          type: 'directory',
          rawPath: '$KITS_RULES',
          resolvedPath: '/pkg/kits/rules',
          dirOverflow: { droppedFiles: 2, reason: 'files', limit: 1 },
        }),
      }),
      section({
        id: 'identity-layer',
        order: 20,
        description: '身份层',
        status: 'ok',
        needsInjection: true,
        when: { expression: { var: 'chatType', neq: null }, result: true, reads: [], tree: null },
        rawPath: '$KITS_FRAGMENTS/identity.md',
        displayPath: '$KITS_FRAGMENTS/identity.md',
        files: [
          {
            path: '/pkg/kits/templates/system-fragments/identity.md',
            display: '$KITS_FRAGMENTS/identity.md',
            bytes: 40,
            role: 'file',
            span: { start: identity[0], end: identity[1] },
            contentSpan: null,
          },
        ],
        bytes: 40,
        span: { start: identity[0], end: identity[1] },
        debug: debug({
          id: 'identity-layer',
          description: '身份层',
          rawPath: '$KITS_FRAGMENTS/identity.md',
          needsInjection: true,
          when: { var: 'chatType', neq: null },
          resolvedPath: '/pkg/kits/templates/system-fragments/identity.md',
          injected: true,
        }),
      }),
      section({
        id: 'persona',
        order: 21,
        status: 'unresolved-vars',
        rawPath: '$PERSONAL_DIR/{{peerKey}}.md',
        unresolved: ['$PERSONAL_DIR', '{{peerKey}}'],
        debug: debug({
          id: 'persona',
          rawPath: '$PERSONAL_DIR/{{peerKey}}.md',
          resolvedPath: '.md',
          resolveStatus: 'unresolved-vars',
          unresolvedTokens: ['$PERSONAL_DIR', '{{peerKey}}'],
          fileCount: 0,
          used: false,
        }),
      }),
      section({
        id: 'peer-profile',
        order: 35,
        status: 'when-false',
        needsInjection: true,
        when: { expression: { var: 'peer`Key', neq: null }, result: false, reads: [], tree: null },
        debug: debug({
          id: 'peer-profile',
          needsInjection: true,
          when: { var: 'peer`Key', neq: null },
          whenPassed: false,
          resolveStatus: 'skipped-when',
          fileCount: 0,
          used: false,
        }),
      }),
      section({
        id: 'venue-channel',
        order: 42,
        status: 'not-exist',
        rawPath: '$KITS_DOCS/venues/aun-private.md',
        missingPath: '/pkg/kits/docs/venues/aun-private.md',
        debug: debug({
          id: 'venue-channel',
          rawPath: '$KITS_DOCS/venues/aun-private.md',
          resolvedPath: '/pkg/kits/docs/venues/aun-private.md',
          resolveStatus: 'not-exist',
          fileCount: 0,
          used: false,
        }),
      }),
      section({
        id: 'off',
        order: 50,
        status: 'disabled',
        when: { expression: 'always', result: null, reads: [], tree: null },
        debug: debug({
          id: 'off',
          enabled: false,
          whenPassed: false,
          resolveStatus: 'skipped-disabled',
          fileCount: 0,
          used: false,
        }),
      }),
      section({
        id: 'extra-docs',
        order: 90,
        status: 'over-total',
        overTotal: { limit: 'files', filesBefore: 2, bytesBefore: 70, files: 1, bytes: 10, afterCut: false },
        debug: debug({
          id: 'extra-docs',
          rawPath: '$KITS_DOCS/extra.md',
          resolvedPath: '/pkg/kits/docs/extra.md',
          used: false,
        }),
      }),
    ],
    totals: {
      files: 2,
      bytes: 70,
      maxFiles: 2,
      maxBytes: 102400,
      overTotal: ['extra-docs'],
      note: TOTAL_NOTE,
      noteSpan: { start: note[0], end: note[1] },
    },
    diagnostics: [
      { level: 'warning', code: 'path-escape', message: 'peerKey holds "/"', section: 'persona' },
    ],
    merged: null,
    pathVars,
    explicitPathVars: [],
    vars: { ...vars, ...pathVars },
  };
}

import { describe, expect, it } from 'vitest';
import { VAR_CATALOG, VAR_GROUPS, VAR_NAMES, describeVarZh, getVarSpec } from './catalog';

// The reference's vars table and path var list (docs/engine.md §15,
// "路径与模板渲染"), plus the message-batch vars of "三段式循环".
const REFERENCE_PATH_VARS = [
  'EVOLCORE_HOME',
  'PACKAGE_ROOT',
  'CURRENT_PROJECT',
  'KITS',
  'KITS_RULES',
  'KITS_DOCS',
  'KITS_TEMPLATES',
  'KITS_FRAGMENTS',
  'KITS_MESSAGE_FRAGMENTS',
  'ECK',
  'AGENT_DIR',
  'PERSONAL_DIR',
  'RELATIONS_DIR',
  'VENUES_DIR',
];
const REFERENCE_CONTENT_VARS = [
  'selfAid',
  'selfName',
  'hasPersona',
  'hasWorkingMemory',
  'peerId',
  'peerKey',
  'peerName',
  'peerRole',
  'peerType',
  'groupId',
  'chatType',
  'channel',
  'mentionMode',
  'clientType',
  'permissionMode',
  'readonly',
  'capabilities',
  'project',
  'sessionId',
  'sessionName',
  'sessionKey',
  'sessionCreatedAt',
  'threadId',
  'chatMode',
  'baseAgent',
  'baseAgentName',
  'baseAgentModel',
  'agentSessionId',
];
const BATCH_VARS = ['items', 'remainingInQueue', 'pendingCount'];
// evolclaw's builder (response-engine kitCtx.vars, kit-renderer PARAM_DESCRIPTIONS) beyond the
// reference, and the per-item vars of its message renderer.
const EVOLCLAW_CONTENT_VARS = [
  'lifecycle',
  'isBootstrapping',
  'responseDepth',
  'sameDevice',
  'sameNetwork',
  'sameEgressIp',
  'groupName',
  'groupLabel',
  'venueKey',
  'venueDir',
  'groupRulesPath',
  'groupRulesStatus',
  'groupRulesError',
  'venueUid',
  'dispatch',
  'fileCapable',
  'supportsFileMarker',
  'timezone',
  'tzOffset',
  'localDate',
  'weekday',
  'osInfo',
  'proactivePreTool1stMsgChk',
  'proactiveToolUseReminder',
  'proactiveFirstSendRequired',
  'proactiveToolReportRequired',
  'proactiveToolReportInterval',
  'proactiveSendTargetLabel',
  'evolclawMode',
  'renderModes',
  'effectiveModel',
  'modelFallbackActive',
  'modelFallbackModel',
];
const MESSAGE_ITEM_VARS = [
  'isOwnerHint',
  'isHandoff',
  'handoffKind',
  'content',
  'now',
  'encrypted',
  'mentionAids',
  'ownerAid',
  'injectTime',
];

describe('VAR_CATALOG', () => {
  it('lists exactly the vars of the reference, each once', () => {
    const expected = [
      ...REFERENCE_PATH_VARS,
      'EVOLCLAW_HOME',
      ...REFERENCE_CONTENT_VARS,
      ...EVOLCLAW_CONTENT_VARS,
      ...BATCH_VARS,
      ...MESSAGE_ITEM_VARS,
    ];
    expect([...VAR_NAMES].sort()).toEqual([...expected].sort());
    expect(new Set(VAR_NAMES).size).toBe(VAR_NAMES.length);
  });

  it('marks exactly the path vars as path vars, with the derivations of docs/engine.md §1', () => {
    const pathVars = VAR_CATALOG.filter((v) => v.pathVar).map((v) => v.name);
    expect(pathVars.sort()).toEqual([...REFERENCE_PATH_VARS, 'EVOLCLAW_HOME'].sort());
    expect(VAR_CATALOG.filter((v) => v.pathVar).every((v) => v.type === 'path' && v.group === 'paths')).toBe(
      true,
    );
    const derivations = Object.fromEntries(
      VAR_CATALOG.filter((v) => v.derivation).map((v) => [v.name, v.derivation]),
    );
    expect(derivations).toEqual({
      KITS: '$PACKAGE_ROOT/kits',
      KITS_RULES: '$KITS/rules',
      KITS_DOCS: '$KITS/docs',
      KITS_TEMPLATES: '$KITS/templates',
      KITS_FRAGMENTS: '$KITS_TEMPLATES/system-fragments',
      KITS_MESSAGE_FRAGMENTS: '$KITS_TEMPLATES/message-fragments',
      ECK: '$EVOLCORE_HOME/eck',
      AGENT_DIR: '$EVOLCORE_HOME/agents/{{selfAid}}',
      PERSONAL_DIR: '$AGENT_DIR/personal',
      RELATIONS_DIR: '$AGENT_DIR/relations',
      VENUES_DIR: '$AGENT_DIR/venues',
    });
    expect(getVarSpec('PACKAGE_ROOT')?.pathSource).toBe('workspace');
    expect(getVarSpec('CURRENT_PROJECT')?.pathSource).toBe('vars');
  });

  it('gives every var a known group and a description in both languages', () => {
    for (const v of VAR_CATALOG) {
      expect(VAR_GROUPS).toContain(v.group);
      expect(v.description.en.length, v.name).toBeGreaterThan(0);
      expect(v.description.zh, v.name).toMatch(/[\u4e00-\u9fff]|[a-z]/);
    }
    expect(VAR_GROUPS.every((g) => VAR_CATALOG.some((v) => v.group === g))).toBe(true);
  });

  it.each([
    ['chatType', ['private', 'group'], false, true],
    ['peerRole', ['owner', 'admin', 'member', 'visitor', 'none'], true, true],
    ['peerType', ['human', 'agent'], false, true],
    ['clientType', ['desktop', 'web', 'mobile'], false, true],
    ['chatMode', ['interactive', 'proactive'], false, true],
    ['mentionMode', ['mention-only', 'disabled'], false, true],
    ['channel', ['aun', 'feishu'], true, true],
    ['permissionMode', ['default', 'acceptEdits', 'plan', 'bypassPermissions'], true, true],
    ['lifecycle', ['created', 'bootstrapping', 'active'], false, true],
    ['dispatch', ['mention', 'broadcast'], false, true],
  ])('%s allows %j (open: %s, nullable: %s)', (name, values, isOpen, nullable) => {
    const v = getVarSpec(name);
    expect(v?.allowed).toEqual({ values, open: isOpen });
    expect(v?.nullable).toBe(nullable);
  });

  it.each([
    ['hasPersona', 'boolean'],
    ['readonly', 'boolean'],
    // evolclaw's builder joins the capability names with 、 (an object would render [object Object]).
    ['capabilities', 'string'],
    ['lifecycle', 'string'],
    ['isBootstrapping', 'boolean'],
    ['responseDepth', 'number'],
    ['renderModes', 'object'],
    ['renderMode_private', 'string'],
    ['items', 'array'],
    ['remainingInQueue', 'number'],
    ['selfAid', 'string'],
  ])('types %s as %s', (name, type) => {
    expect(getVarSpec(name)?.type).toBe(type);
  });
});

describe('getVarSpec / describeVarZh', () => {
  it('looks names up exactly (case matters, as in a template)', () => {
    expect(getVarSpec('chatType')?.name).toBe('chatType');
    expect(getVarSpec('chattype')).toBeUndefined();
  });

  it('knows renderMode_<type> for any item type, and nothing else by pattern', () => {
    expect(getVarSpec('renderMode_inject')?.description.en).toContain('renderModes.inject');
    expect(getVarSpec('renderMode_')).toBeUndefined();
    expect(getVarSpec('renderModeX')).toBeUndefined();
  });

  it('returns the Chinese description, or a fallback for unknown vars', () => {
    expect(describeVarZh('peerKey')).toBe('对端跨渠道键');
    expect(describeVarZh('KITS_DOCS')).toBe('包内文档目录');
    expect(describeVarZh('noSuchVar')).toBe('（未登记的变量）');
  });
});

/**
 * The catalog of runtime vars evolcore puts into a render: names, types, allowed values and
 * bilingual descriptions. It is the single source of the vars form, the vars JSON Schema, the
 * validator, typo suggestions and the descriptions written into `vars-<ts>.json`.
 *
 * Spec: docs/engine.md §15, §1 (path vars), the
 * "三段式循环" part for the message-batch vars; docs/engine.md §1 for derivations.
 */

import type { Bilingual } from '../format';
import type { Json } from '../engine';

/** Type of a var's value. `path` is a string holding an absolute path (a path var). */
export type VarType = 'string' | 'boolean' | 'number' | 'object' | 'array' | 'path';

/** Group a var belongs to, as the reference groups them (the form's sections). */
export type VarGroup =
  'identity' | 'peer' | 'venue' | 'channel' | 'session' | 'baseAgent' | 'paths' | 'batch';

/** All groups in display order. */
export const VAR_GROUPS: readonly VarGroup[] = [
  'identity',
  'peer',
  'venue',
  'channel',
  'session',
  'baseAgent',
  'paths',
  'batch',
];

/** A text in both UI languages (the format module's type). */
export type { Bilingual } from '../format';

/**
 * Known values of a string var. `open: true` means other values are legal too (custom peer
 * roles, future channels), so the values are suggestions, not a constraint.
 */
export interface AllowedValues {
  readonly values: readonly string[];
  readonly open: boolean;
}

/** How a path var gets its value when the vars do not give it (docs/engine.md §1). */
export type PathSource = 'workspace' | 'derived' | 'vars';

/** A field of an object var (or of an array var's elements), for the schema and the form. */
export interface VarField {
  readonly name: string;
  readonly type: Exclude<VarType, 'path'>;
  readonly description: Bilingual;
}

/** Everything the inspector knows about one var. */
export interface VarSpec {
  readonly name: string;
  readonly type: VarType;
  /** `null` is a legal value (evolcore writes null for "not injected", e.g. chatType in coding). */
  readonly nullable: boolean;
  /** Known values for string vars; `null` when any string goes. */
  readonly allowed: AllowedValues | null;
  readonly group: VarGroup;
  readonly description: Bilingual;
  /** Usable as a `$NAME` path placeholder. */
  readonly pathVar: boolean;
  /** For path vars: where the value comes from; `null` for other vars. */
  readonly pathSource: PathSource | null;
  /** For derived path vars: the derivation as the reference writes it, e.g. `$KITS/rules`. */
  readonly derivation: string | null;
  /** Fields of an object var, or of each element of an array var, when known. */
  readonly fields: readonly VarField[] | null;
  /** A typical value, for completion and placeholders. */
  readonly example: Json | undefined;
}

type SpecInput = Pick<VarSpec, 'name' | 'type' | 'group' | 'description'> & Partial<VarSpec>;

/** Fills the defaults so each entry below states only what is particular to it. */
function spec(input: SpecInput): VarSpec {
  return {
    nullable: true,
    allowed: null,
    pathVar: false,
    pathSource: null,
    derivation: null,
    fields: null,
    example: undefined,
    ...input,
  };
}

/** A path var derived from another one (docs/engine.md §1); never null when its parent exists. */
function derivedPath(name: string, derivation: string, nullable: boolean, en: string, zh: string): VarSpec {
  return spec({
    name,
    type: 'path',
    group: 'paths',
    nullable,
    pathVar: true,
    pathSource: 'derived',
    derivation,
    description: { en, zh },
  });
}

const closed = (...values: string[]): AllowedValues => ({ values, open: false });
const open = (...values: string[]): AllowedValues => ({ values, open: true });

const PATH_VARS: readonly VarSpec[] = [
  spec({
    name: 'EVOLCORE_HOME',
    type: 'path',
    group: 'paths',
    nullable: false,
    pathVar: true,
    pathSource: 'workspace',
    description: {
      en: 'User data root (default ~/.evolcore).',
      zh: '用户数据根（默认 ~/.evolcore）',
    },
  }),
  spec({
    name: 'EVOLCLAW_HOME',
    type: 'path',
    group: 'paths',
    pathVar: true,
    pathSource: 'workspace',
    description: {
      en: "evolclaw's user data root, in place of EVOLCORE_HOME (default ~/.evolclaw; evolclaw kits only).",
      zh: 'evolclaw 的用户数据根目录，取代 EVOLCORE_HOME（默认 ~/.evolclaw；仅 evolclaw 的 kit）',
    },
  }),
  spec({
    name: 'PACKAGE_ROOT',
    type: 'path',
    group: 'paths',
    nullable: false,
    pathVar: true,
    pathSource: 'workspace',
    description: { en: 'evolcore package root (the folder holding kits/).', zh: 'evolcore 包根' },
  }),
  spec({
    name: 'CURRENT_PROJECT',
    type: 'path',
    group: 'paths',
    pathVar: true,
    pathSource: 'vars',
    description: { en: 'Full path of the current project.', zh: '项目完整路径' },
  }),
  derivedPath('KITS', '$PACKAGE_ROOT/kits', false, 'The kit folder of the package.', '包内 kits 目录'),
  derivedPath('KITS_RULES', '$KITS/rules', false, 'Core rules folder of the kit.', '包内核心规则目录'),
  derivedPath('KITS_DOCS', '$KITS/docs', false, 'Documentation folder of the kit.', '包内文档目录'),
  derivedPath('KITS_TEMPLATES', '$KITS/templates', false, 'Template folder of the kit.', '包内模板目录'),
  derivedPath(
    'KITS_FRAGMENTS',
    '$KITS_TEMPLATES/system-fragments',
    false,
    'System fragment templates of the kit.',
    '包内系统片段模板目录',
  ),
  derivedPath(
    'KITS_MESSAGE_FRAGMENTS',
    '$KITS_TEMPLATES/message-fragments',
    false,
    'Message fragment templates of the kit (the message manifest reads them).',
    '包内消息片段模板目录（消息 manifest 使用）',
  ),
  derivedPath(
    'ECK',
    '$EVOLCORE_HOME/eck',
    false,
    'User ECK folder (manifest overrides).',
    '用户 ECK 目录（manifest 覆盖）',
  ),
  derivedPath(
    'AGENT_DIR',
    '$EVOLCORE_HOME/agents/{{selfAid}}',
    true,
    'Folder of the current agent; absent without selfAid.',
    '当前 agent 目录（无 selfAid 时不存在）',
  ),
  derivedPath('PERSONAL_DIR', '$AGENT_DIR/personal', true, 'Personal folder of the agent.', 'agent 个人目录'),
  derivedPath(
    'RELATIONS_DIR',
    '$AGENT_DIR/relations',
    true,
    'Relations folder of the agent.',
    'agent 关系目录',
  ),
  derivedPath('VENUES_DIR', '$AGENT_DIR/venues', true, 'Venues folder of the agent.', 'agent 环境目录'),
];

const CONTENT_VARS: readonly VarSpec[] = [
  spec({
    name: 'selfAid',
    type: 'string',
    group: 'identity',
    description: { en: 'Identity (AID) of the current agent.', zh: '当前 agent 身份（AID）' },
    example: 'nova.aid.pub',
  }),
  spec({
    name: 'selfName',
    type: 'string',
    group: 'identity',
    description: { en: 'Display name of the current agent.', zh: '当前 agent 身份（显示名）' },
    example: 'Nova',
  }),
  spec({
    name: 'hasPersona',
    type: 'boolean',
    group: 'identity',
    description: { en: 'Whether the agent has a persona.', zh: '是否有人格' },
  }),
  spec({
    name: 'hasWorkingMemory',
    type: 'boolean',
    group: 'identity',
    description: { en: 'Whether the agent has a current focus (working memory).', zh: '是否有当前关注' },
  }),
  spec({
    name: 'peerId',
    type: 'string',
    group: 'peer',
    description: { en: 'Native ID of the peer on its channel.', zh: '对端原生 ID' },
  }),
  spec({
    name: 'peerKey',
    type: 'string',
    group: 'peer',
    description: { en: 'Cross-channel key of the peer.', zh: '对端跨渠道键' },
    example: 'aun#alice.aid.pub',
  }),
  spec({
    name: 'peerName',
    type: 'string',
    group: 'peer',
    description: { en: 'Display name of the peer.', zh: '对端显示名' },
  }),
  spec({
    name: 'peerRole',
    type: 'string',
    group: 'peer',
    allowed: open('owner', 'admin', 'member', 'visitor', 'none'),
    description: {
      en: 'Role of the peer (owner/admin/member/visitor/a custom role/none).',
      zh: '对端角色（owner/admin/member/visitor/自定义角色/none）',
    },
  }),
  spec({
    name: 'peerType',
    type: 'string',
    group: 'peer',
    allowed: closed('human', 'agent'),
    description: { en: 'Type of the peer (human/agent).', zh: '对端类型（human/agent）' },
  }),
  spec({
    name: 'groupId',
    type: 'string',
    group: 'venue',
    description: { en: 'Group ID (in group chats).', zh: '群 ID（群聊时）' },
  }),
  spec({
    name: 'chatType',
    type: 'string',
    group: 'venue',
    allowed: closed('private', 'group'),
    description: {
      en: 'Chat type: private / group / null (coding).',
      zh: '聊天类型：private / group / null（coding）',
    },
  }),
  spec({
    name: 'mentionMode',
    type: 'string',
    group: 'venue',
    allowed: closed('mention-only', 'disabled'),
    description: {
      en: 'How @-mentions are handled in a group (mention-only/disabled).',
      zh: '群 @ 处理模式（mention-only/disabled）',
    },
  }),
  spec({
    name: 'clientType',
    type: 'string',
    group: 'venue',
    allowed: closed('desktop', 'web', 'mobile'),
    description: { en: 'Client type (desktop/web/mobile).', zh: '客户端类型（desktop/web/mobile）' },
  }),
  spec({
    name: 'channel',
    type: 'string',
    group: 'channel',
    allowed: open('aun', 'feishu'),
    description: { en: 'Channel type (aun/feishu/...).', zh: '渠道类型（aun/feishu/...）' },
  }),
  spec({
    name: 'capabilities',
    type: 'string',
    group: 'channel',
    description: {
      en: 'Capabilities of the current channel, joined with 、 (图片输入、图片输出、文件发送); absent when none.',
      zh: '当前渠道支持的能力列表（以“、”连接：图片输入、图片输出、文件发送；没有时不注入）',
    },
    example: '图片输入、文件发送',
  }),
  spec({
    name: 'permissionMode',
    type: 'string',
    group: 'session',
    allowed: open('default', 'acceptEdits', 'plan', 'bypassPermissions'),
    description: { en: 'Permission mode.', zh: '权限模式' },
  }),
  spec({
    name: 'readonly',
    type: 'boolean',
    group: 'session',
    description: { en: 'Whether the session is read-only.', zh: '是否只读' },
  }),
  spec({
    name: 'project',
    type: 'string',
    group: 'session',
    description: { en: 'Project folder name (CURRENT_PROJECT holds its full path).', zh: '项目目录名' },
  }),
  spec({
    name: 'sessionId',
    type: 'string',
    group: 'session',
    description: { en: 'Session ID.', zh: '会话标识（sessionId）' },
  }),
  spec({
    name: 'sessionName',
    type: 'string',
    group: 'session',
    description: { en: 'Session name.', zh: '会话名称' },
  }),
  spec({
    name: 'sessionKey',
    type: 'string',
    group: 'session',
    description: { en: 'Session key.', zh: '会话键（sessionKey）' },
  }),
  spec({
    name: 'sessionCreatedAt',
    type: 'string',
    group: 'session',
    description: { en: 'When the session was created.', zh: '会话创建时间' },
  }),
  spec({
    name: 'threadId',
    type: 'string',
    group: 'session',
    description: { en: 'Thread (topic) ID of the conversation.', zh: '话题（thread）ID' },
  }),
  spec({
    name: 'chatMode',
    type: 'string',
    group: 'session',
    allowed: closed('interactive', 'proactive'),
    description: {
      en: 'interactive (replying) / proactive (agent-initiated).',
      zh: '对话模式：interactive / proactive',
    },
  }),
  spec({
    name: 'baseAgent',
    type: 'string',
    group: 'baseAgent',
    description: { en: 'Base agent the session runs on.', zh: 'base agent 信息（类型）' },
    example: 'claude-code',
  }),
  spec({
    name: 'baseAgentName',
    type: 'string',
    group: 'baseAgent',
    description: { en: 'Display name of the base agent.', zh: 'base agent 信息（名称）' },
  }),
  spec({
    name: 'baseAgentModel',
    type: 'string',
    group: 'baseAgent',
    description: { en: 'Model of the base agent.', zh: 'base agent 信息（模型）' },
  }),
  spec({
    name: 'agentSessionId',
    type: 'string',
    group: 'baseAgent',
    description: { en: "The base agent's own session ID.", zh: 'base agent 信息（base agent 会话 ID）' },
  }),
];

// Vars of the message manifest's loop (docs/engine.md §9): present only there.
const BATCH_VARS: readonly VarSpec[] = [
  spec({
    name: 'items',
    type: 'array',
    group: 'batch',
    nullable: false,
    description: { en: 'Messages of the batch (the loop array).', zh: '本批次消息（loop 循环的数组变量）' },
    fields: [
      { name: 'peerName', type: 'string', description: { en: 'Sender display name.', zh: '发送者显示名' } },
      { name: 'content', type: 'string', description: { en: 'Message text.', zh: '消息内容' } },
      { name: 'attachment', type: 'string', description: { en: 'Attachment, if any.', zh: '附件（如有）' } },
    ],
    example: [{ peerName: 'Alice', content: '你好' }],
  }),
  spec({
    name: 'remainingInQueue',
    type: 'number',
    group: 'batch',
    nullable: false,
    description: { en: 'Messages still queued after this batch.', zh: '批次剩余条数' },
  }),
  spec({
    name: 'pendingCount',
    type: 'number',
    group: 'batch',
    nullable: false,
    description: { en: 'Messages pending in the main queue.', zh: '主队列待处理条数' },
  }),
];

/** Boolean var with no null: evolclaw's builder always writes true or false. */
const flag = (name: string, group: VarGroup, en: string, zh: string): VarSpec =>
  spec({ name, type: 'boolean', group, description: { en, zh } });
/** A string var with only a description. */
const text = (name: string, group: VarGroup, en: string, zh: string, extra: Partial<VarSpec> = {}): VarSpec =>
  spec({ name, type: 'string', group, description: { en, zh }, ...extra });

/**
 * The vars evolclaw's response engine builds beyond the reference's list (its kitCtx.vars and
 * kit-renderer's PARAM_DESCRIPTIONS), with the types the builder writes.
 */
const EVOLCLAW_VARS: readonly VarSpec[] = [
  text(
    'lifecycle',
    'identity',
    'Lifecycle of the agent (created/bootstrapping/active).',
    '当前 agent 生命周期（created/bootstrapping/active）',
    {
      allowed: closed('created', 'bootstrapping', 'active'),
      example: 'active',
    },
  ),
  flag(
    'isBootstrapping',
    'identity',
    'Whether the agent is in its first-time bootstrap.',
    '当前 agent 是否处于 bootstrap 首次设定阶段',
  ),
  spec({
    name: 'responseDepth',
    type: 'number',
    group: 'session',
    description: {
      en: 'Depth of the reply being written (as evolclaw sets it; a section may load only at some depths).',
      zh: '当前回复的深度（由 evolclaw 设定；section 可只在某些深度加载）',
    },
    example: 0,
  }),
  flag('sameDevice', 'peer', 'The peer is on the same physical device.', '对端与本端同一物理设备'),
  flag('sameNetwork', 'peer', 'The peer is on the same network.', '对端与本端在同一网络内'),
  flag('sameEgressIp', 'peer', 'The peer shares the same egress IP.', '对端与本端共享同一出口 IP'),
  text('groupName', 'venue', 'Group name (group chats).', '群名称（群聊时）'),
  text(
    'groupLabel',
    'venue',
    'Group as shown in envelopes: name<ID>, else the ID.',
    '信封展示用的群标签：名<ID>，否则纯 ID',
  ),
  text(
    'venueKey',
    'venue',
    'Local venue folder key (channel#urlEncode(groupId)).',
    '本地环境目录键（channel#urlEncode(groupId)）',
  ),
  text('venueDir', 'venue', 'Local folder of the current group venue.', '当前群环境本地目录'),
  text('groupRulesPath', 'venue', 'Local file the group rules were synced to.', '群规则本地物化文件'),
  text('groupRulesStatus', 'venue', 'Sync status of the group rules.', '群规则同步状态', {
    allowed: closed(
      'synced',
      'cached',
      'missing',
      'forbidden',
      'invalid_metadata',
      'file_mismatch',
      'too_large',
      'unreadable',
      'error',
    ),
  }),
  text('groupRulesError', 'venue', 'Error of the group rules sync.', '群规则同步错误'),
  text('venueUid', 'venue', 'Unique venue ID (reserved; always absent).', '场所唯一标识（预留）'),
  text(
    'dispatch',
    'venue',
    'Group dispatch: mention (only when @-ed) / broadcast (every message).',
    '群分发模式（mention=被@才响应 / broadcast=所有消息都响应）',
    {
      allowed: closed('mention', 'broadcast'),
    },
  ),
  flag(
    'fileCapable',
    'channel',
    'File markers can send files here (alias of supportsFileMarker).',
    '当前交互模式下是否支持用文件标记发送文件（兼容别名）',
  ),
  flag(
    'supportsFileMarker',
    'channel',
    'File markers can send files in this interaction.',
    '当前交互模式下是否支持用文件标记发送文件',
  ),
  text('timezone', 'session', 'IANA time zone (e.g. Asia/Shanghai).', 'IANA 时区名（如 Asia/Shanghai）', {
    example: 'Asia/Shanghai',
  }),
  text('tzOffset', 'session', 'Current UTC offset (e.g. +08:00).', '当前 UTC 偏移（如 +08:00）', {
    example: '+08:00',
  }),
  text(
    'localDate',
    'session',
    'Local date (YYYY-MM-DD, in timezone).',
    '当前本地日期（YYYY-MM-DD，按 timezone）',
  ),
  text(
    'weekday',
    'session',
    'Local weekday (in timezone and locale).',
    '当前本地星期几（按 timezone+locale）',
  ),
  text('osInfo', 'session', 'Operating system and version.', '操作系统及版本'),
  flag(
    'proactivePreTool1stMsgChk',
    'session',
    'Proactive: check the first message before tools.',
    'proactive 前置工具首消息检查',
  ),
  flag('proactiveToolUseReminder', 'session', 'Proactive: remind about tool use.', 'proactive 工具调用提醒'),
  flag(
    'proactiveFirstSendRequired',
    'session',
    'This message needs a first send before other tools.',
    '当前消息是否要求首次非发送工具前先发送表态',
  ),
  flag(
    'proactiveToolReportRequired',
    'session',
    'This message needs progress reports by tool count.',
    '当前消息是否要求按工具调用次数汇报进展',
  ),
  spec({
    name: 'proactiveToolReportInterval',
    type: 'number',
    group: 'session',
    description: { en: 'Proactive: tools between progress reports.', zh: 'proactive 工具进展汇报间隔' },
    example: 10,
  }),
  text(
    'proactiveSendTargetLabel',
    'session',
    'Who a proactive send goes to (对方 / 群里).',
    'proactive 发送目标标签（对方/群里）',
    {
      allowed: open('对方', '群里'),
    },
  ),
  text(
    'evolclawMode',
    'session',
    'dev (source checkout, editable) / install (global package, read-only).',
    'evolclaw 运行模式（dev=源码仓库可直接修改 | install=全局安装包只读）',
    {
      allowed: closed('dev', 'install'),
    },
  ),
  spec({
    name: 'renderModes',
    type: 'object',
    group: 'session',
    description: {
      en: "Active mode name per message item type (the agent config's render): overrides the manifest's isDefault.",
      zh: '各消息类型当前激活的模式名（agent config.render），覆盖 manifest 中 isDefault 的缺省',
    },
    fields: [
      {
        name: 'private',
        type: 'string',
        description: { en: 'Mode of private messages.', zh: '私聊消息的模式' },
      },
      { name: 'group', type: 'string', description: { en: 'Mode of group messages.', zh: '群聊消息的模式' } },
      {
        name: 'inject',
        type: 'string',
        description: { en: 'Mode of owner hints.', zh: 'owner 插话提示的模式' },
      },
    ],
    example: { private: 'default', group: 'default' },
  }),
  text(
    'effectiveModel',
    'baseAgent',
    'Model in effect (relation > agent > global).',
    '当前实际生效模型（关系级 > agent级 > 全局）',
  ),
  flag(
    'modelFallbackActive',
    'baseAgent',
    'The configured model is unavailable; a fallback is in use.',
    '配置的模型不可用，当前正在使用降级模型',
  ),
  text('modelFallbackModel', 'baseAgent', 'The fallback model in use.', '当前降级使用的 base agent 模型名'),
];

/**
 * Vars the message renderer adds for each item (evolclaw's message-renderer.ts): present only in
 * the message manifest's render.
 */
const MESSAGE_ITEM_VARS: readonly VarSpec[] = [
  flag(
    'isOwnerHint',
    'batch',
    'The item is an owner hint (an observer interjecting).',
    '该条是 owner 插话提示',
  ),
  flag(
    'isHandoff',
    'batch',
    'The item is a cross-session handoff (msg send).',
    '该条是跨会话 handoff（msg send）',
  ),
  text('handoffKind', 'batch', 'Kind of handoff.', 'handoff 类型', {
    allowed: open('request_to_target', 'response_to_origin'),
  }),
  text(
    'content',
    'batch',
    'Text of the message (swapped in after the render).',
    '消息正文（渲染后替换回原文）',
  ),
  text('now', 'batch', 'Local time of the message (YYYY-MM-DD HH:mm:ss +08:00).', '消息的本地时间'),
  flag(
    'encrypted',
    'batch',
    'The message arrived encrypted (aun only; absent elsewhere).',
    '入站消息是否加密（仅 aun）',
  ),
  text(
    'mentionAids',
    'batch',
    'AIDs @-mentioned in the message, joined with commas.',
    '被 @ 的 AID，逗号连接',
  ),
  text('ownerAid', 'batch', 'AID of the owner who interjected.', '插话 owner 的 AID'),
  text('injectTime', 'batch', 'When the owner interjected.', 'owner 插话时间'),
];

/** Every known var: path vars first, then content vars in the reference's order, then batch vars. */
export const VAR_CATALOG: readonly VarSpec[] = [
  ...PATH_VARS,
  ...CONTENT_VARS,
  ...EVOLCLAW_VARS,
  ...BATCH_VARS,
  ...MESSAGE_ITEM_VARS,
];

/** Names of every known var, in catalog order. */
export const VAR_NAMES: readonly string[] = VAR_CATALOG.map((v) => v.name);

const BY_NAME: ReadonlyMap<string, VarSpec> = new Map(VAR_CATALOG.map((v) => [v.name, v]));

/** `renderMode_<type>`: the mode a message item type renders with (message-renderer.ts). */
const RENDER_MODE = /^renderMode_([A-Za-z0-9_-]+)$/;

/** The spec of a var by its exact (case-sensitive) name; `renderMode_<type>` for any type. */
export function getVarSpec(name: string): VarSpec | undefined {
  const known = BY_NAME.get(name);
  if (known !== undefined) return known;
  const mode = RENDER_MODE.exec(name);
  if (mode === null) return undefined;
  return spec({
    name,
    type: 'string',
    group: 'batch',
    description: {
      en: `Mode the message item type "${mode[1]}" renders with: renderModes.${mode[1]}, else the manifest's isDefault one.`,
      zh: `消息类型 “${mode[1]}” 使用的模式：renderModes.${mode[1]}，否则为 manifest 中 isDefault 的模式`,
    },
  });
}

/** Fallback description of a var the catalog does not know. */
export const UNKNOWN_VAR_ZH = '（未登记的变量）';

/** Chinese description of a var, as the debug writer puts it into `vars-<ts>.json`. */
export function describeVarZh(name: string): string {
  return BY_NAME.get(name)?.description.zh ?? UNKNOWN_VAR_ZH;
}

/**
 * The catalog of runtime vars evolcore puts into a render: names, types, allowed values and
 * bilingual descriptions. It is the single source of the vars form, the vars JSON Schema, the
 * validator, typo suggestions and the descriptions written into `vars-<ts>.json`.
 *
 * Spec: context-assembly.md "运行时变量（vars）目录" and "路径与模板渲染" (path vars), the
 * "三段式循环" part for the message-batch vars; clarifications.md §1 for derivations.
 */

import type { Json } from '../engine/types';

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

/** A text in both UI languages. */
export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}

/**
 * Known values of a string var. `open: true` means other values are legal too (custom peer
 * roles, future channels), so the values are suggestions, not a constraint.
 */
export interface AllowedValues {
  readonly values: readonly string[];
  readonly open: boolean;
}

/** How a path var gets its value when the vars do not give it (clarifications §1). */
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

/** A path var derived from another one (clarifications §1); never null when its parent exists. */
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
    type: 'object',
    group: 'channel',
    description: {
      en: 'Capabilities of the current channel (image input/output, file sending).',
      zh: '当前渠道能力（图片输入/输出、文件发送）',
    },
    fields: [
      { name: 'imageInput', type: 'boolean', description: { en: 'Can receive images.', zh: '能否接收图片' } },
      { name: 'imageOutput', type: 'boolean', description: { en: 'Can send images.', zh: '能否发送图片' } },
      { name: 'fileSend', type: 'boolean', description: { en: 'Can send files.', zh: '能否发送文件' } },
    ],
    example: { imageInput: true, imageOutput: false, fileSend: true },
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

// Vars of the message manifest's loop (context-assembly.md "三段式循环"): present only there.
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

/** Every known var: path vars first, then content vars in the reference's order, then batch vars. */
export const VAR_CATALOG: readonly VarSpec[] = [...PATH_VARS, ...CONTENT_VARS, ...BATCH_VARS];

/** Names of every known var, in catalog order. */
export const VAR_NAMES: readonly string[] = VAR_CATALOG.map((v) => v.name);

const BY_NAME: ReadonlyMap<string, VarSpec> = new Map(VAR_CATALOG.map((v) => [v.name, v]));

/** The spec of a var by its exact (case-sensitive) name. */
export function getVarSpec(name: string): VarSpec | undefined {
  return BY_NAME.get(name);
}

/** Fallback description of a var the catalog does not know. */
export const UNKNOWN_VAR_ZH = '（未登记的变量）';

/** Chinese description of a var, as the debug writer puts it into `vars-<ts>.json`. */
export function describeVarZh(name: string): string {
  return BY_NAME.get(name)?.description.zh ?? UNKNOWN_VAR_ZH;
}

/**
 * The descriptions evolcore writes beside each var in `vars-<ts>.json` (`PARAM_DESCRIPTIONS` of
 * evolclaw's `src/eck/kit-renderer.ts` @ a6b2dc4, docs/engine.md §14), with an English reading
 * for the UI. The Chinese text is what the file holds and must stay exactly as the real engine
 * writes it: a snapshot we write is compared byte for byte with the real engine's
 * (`npm run compare:debug`). One rename, evolcore's own: `EVOLCORE_HOME` for evolclaw's
 * `EVOLCLAW_HOME`. A var not listed here is written with the description `""`, as the real
 * writer does (so `mentionMode`, `ECK`, `KITS`… carry none).
 */
import type { Bilingual } from '../vars/catalog';

/** Description of each var the real writer describes, by var name. */
export const PARAM_DESCRIPTIONS: Readonly<Record<string, Bilingual>> = {
  EVOLCORE_HOME: {
    zh: '用户数据根目录',
    en: "Root folder of the user's data",
  },
  PACKAGE_ROOT: {
    zh: 'evolclaw 包根目录',
    en: 'Root folder of the evolclaw package',
  },
  CURRENT_PROJECT: {
    zh: '当前项目完整路径',
    en: 'Full path of the current project',
  },
  PERSONAL_DIR: {
    zh: '当前 agent 个人数据目录',
    en: 'Personal data folder of the current agent',
  },
  RELATIONS_DIR: {
    zh: '当前 agent 关系数据目录',
    en: 'Relations data folder of the current agent',
  },
  VENUES_DIR: {
    zh: '当前 agent 环境数据目录',
    en: 'Venues data folder of the current agent',
  },
  selfAid: {
    zh: '当前 agent 的 AID',
    en: 'AID of the current agent',
  },
  selfName: {
    zh: '当前 agent 的显示名',
    en: 'Display name of the current agent',
  },
  lifecycle: {
    zh: '当前 agent 生命周期（created/bootstrapping/active）',
    en: 'Lifecycle of the current agent (created/bootstrapping/active)',
  },
  isBootstrapping: {
    zh: '当前 agent 是否处于 bootstrap 首次设定阶段',
    en: 'Whether the current agent is in its first-time bootstrap setup',
  },
  hasPersona: {
    zh: '是否有 persona 内容',
    en: 'Whether there is persona content',
  },
  hasWorkingMemory: {
    zh: '是否有 working memory',
    en: 'Whether there is a working memory',
  },
  peerId: {
    zh: '对端在该渠道的原生 ID',
    en: "The peer's native ID on this channel",
  },
  peerKey: {
    zh: '对端跨渠道唯一标识（channel#urlEncode(peerId)）',
    en: "The peer's cross-channel unique key (channel#urlEncode(peerId))",
  },
  peerName: {
    zh: '对端显示名',
    en: "The peer's display name",
  },
  peerRole: {
    zh: '对端角色（owner/admin/member/visitor/none）',
    en: "The peer's role (owner/admin/member/visitor/none)",
  },
  peerType: {
    zh: '对端类型（human/agent）',
    en: "The peer's type (human/agent)",
  },
  sameDevice: {
    zh: '对端与本端同一物理设备（SDK 0.4.9 起明文/密文消息均可携带，具体字段以网关下发为准）',
    en: "The peer is on the same physical device (plain and encrypted messages can carry it since SDK 0.4.9; the gateway's fields decide)",
  },
  sameNetwork: {
    zh: '对端与本端在同一网络内',
    en: 'The peer is on the same network',
  },
  sameEgressIp: {
    zh: '对端与本端共享同一出口 IP',
    en: 'The peer shares the same egress IP',
  },
  groupId: {
    zh: '群组 ID（群聊时）',
    en: 'Group ID (in a group chat)',
  },
  venueKey: {
    zh: '本地环境目录键（channel#urlEncode(groupId)）',
    en: 'Key of the local venue folder (channel#urlEncode(groupId))',
  },
  venueDir: {
    zh: '当前群环境本地目录',
    en: 'Local folder of the current group venue',
  },
  groupRulesPath: {
    zh: '群规则本地物化文件',
    en: 'Local materialised file of the group rules',
  },
  groupRulesStatus: {
    zh: '群规则同步状态（synced/cached/missing/forbidden/invalid_metadata/file_mismatch/too_large/unreadable/error）',
    en: 'Sync state of the group rules (synced/cached/missing/forbidden/invalid_metadata/file_mismatch/too_large/unreadable/error)',
  },
  groupRulesError: {
    zh: '群规则同步错误',
    en: 'Sync error of the group rules',
  },
  chatType: {
    zh: '聊天类型（private=私聊 / group=群聊 / null=本地开发）',
    en: 'Chat type (private = private chat / group = group chat / null = local development)',
  },
  channel: {
    zh: '渠道类型（aun/feishu/wechat/dingtalk/qqbot/wecom）',
    en: 'Channel type (aun/feishu/wechat/dingtalk/qqbot/wecom)',
  },
  venueUid: {
    zh: '场所唯一标识（预留）',
    en: 'Unique venue identifier (reserved)',
  },
  dispatch: {
    zh: '群分发模式（mention=被@才响应 / broadcast=所有消息都响应）',
    en: 'Group dispatch mode (mention = answer only when @-mentioned / broadcast = answer every message)',
  },
  clientType: {
    zh: '客户端类型（desktop/web/mobile）',
    en: 'Client type (desktop/web/mobile)',
  },
  permissionMode: {
    zh: '权限模式（auto/bypass/request/edit/plan/noask/readonly）',
    en: 'Permission mode (auto/bypass/request/edit/plan/noask/readonly)',
  },
  capabilities: {
    zh: '当前渠道支持的能力列表',
    en: 'Capabilities the current channel supports',
  },
  fileCapable: {
    zh: '当前交互模式下是否支持用文件标记发送文件（兼容别名）',
    en: 'Whether file markers can send files in the current interaction mode (compatibility alias)',
  },
  supportsFileMarker: {
    zh: '当前交互模式下是否支持用文件标记发送文件',
    en: 'Whether file markers can send files in the current interaction mode',
  },
  project: {
    zh: '当前项目目录名',
    en: 'Folder name of the current project',
  },
  sessionId: {
    zh: 'evolclaw 会话 ID',
    en: 'evolclaw session ID',
  },
  sessionName: {
    zh: '会话名称',
    en: 'Session name',
  },
  sessionKey: {
    zh: '会话路由键（channelType#urlEncode(channelId)#urlEncode(threadId)）',
    en: 'Session routing key (channelType#urlEncode(channelId)#urlEncode(threadId))',
  },
  sessionCreatedAt: {
    zh: '会话创建时间（ISO）',
    en: 'When the session was created (ISO)',
  },
  timezone: {
    zh: 'IANA 时区名（把 ISO 时间戳转本地时间用，如 Asia/Shanghai）',
    en: 'IANA time zone name (for turning ISO timestamps into local time, e.g. Asia/Shanghai)',
  },
  tzOffset: {
    zh: '当前 UTC 偏移（如 +08:00）',
    en: 'Current UTC offset (e.g. +08:00)',
  },
  localDate: {
    zh: '当前本地日期（YYYY-MM-DD，按 timezone）',
    en: 'Current local date (YYYY-MM-DD, in timezone)',
  },
  weekday: {
    zh: '当前本地星期几（按 timezone+locale）',
    en: 'Current local weekday (by timezone and locale)',
  },
  osInfo: {
    zh: '操作系统及版本（如 Windows 11 Pro (win32 10.0.26200)）',
    en: 'Operating system and version (e.g. Windows 11 Pro (win32 10.0.26200))',
  },
  threadId: {
    zh: '话题 ID（多话题路由时）',
    en: 'Thread ID (with multi-thread routing)',
  },
  chatMode: {
    zh: '会话模式（interactive=同步交互 / proactive=主动推送）',
    en: 'Session mode (interactive = synchronous / proactive = pushed by the agent)',
  },
  proactivePreTool1stMsgChk: {
    zh: 'proactive 前置工具首消息检查（true/false）',
    en: 'Proactive: first-message check before tools (true/false)',
  },
  proactiveToolUseReminder: {
    zh: 'proactive 工具调用提醒（true/false）',
    en: 'Proactive: tool-use reminder (true/false)',
  },
  proactiveFirstSendRequired: {
    zh: '当前消息是否要求首次非发送工具前先发送表态',
    en: 'Whether this message requires a first reply before any non-send tool',
  },
  proactiveToolReportRequired: {
    zh: '当前消息是否要求按工具调用次数汇报进展',
    en: 'Whether this message requires progress reports by number of tool calls',
  },
  proactiveToolReportInterval: {
    zh: 'proactive 工具进展汇报间隔',
    en: 'Proactive: interval of the tool progress reports',
  },
  proactiveSendTargetLabel: {
    zh: 'proactive 发送目标标签（对方/群里）',
    en: 'Proactive: label of the send target (对方 = the peer / 群里 = the group)',
  },
  readonly: {
    zh: '是否只读模式',
    en: 'Whether the mode is read-only',
  },
  evolclawMode: {
    zh: 'evolclaw 运行模式（dev=源码仓库可直接修改 | install=全局安装包只读）',
    en: 'evolclaw run mode (dev = source checkout, editable | install = global package, read-only)',
  },
  baseAgent: {
    zh: 'base agent 规范值（claude/codex/gemini/hermes）',
    en: 'Canonical base agent (claude/codex/gemini/hermes)',
  },
  baseAgentName: {
    zh: 'base agent 显示名',
    en: 'Display name of the base agent',
  },
  baseAgentModel: {
    zh: 'base agent 引擎底座模型（evolclaw 作用域无配置时的兜底）',
    en: "Base model of the base agent (fallback when evolclaw's scope has no setting)",
  },
  effectiveModel: {
    zh: '当前实际生效模型（关系级 > agent级 > 全局 优先级解析结果）',
    en: 'Model in effect now (relation level > agent level > global)',
  },
  modelFallbackActive: {
    zh: 'evolclaw 配置的模型不可用，当前正在使用降级模型',
    en: 'The model evolclaw is configured with is unavailable; a fallback model is in use',
  },
  modelFallbackModel: {
    zh: '当前降级使用的 base agent 模型名',
    en: 'Name of the base agent model used as the fallback',
  },
  agentSessionId: {
    zh: 'base agent 会话 ID',
    en: 'Session ID of the base agent',
  },
};

/** The Chinese description the vars file carries for `name`; `""` for a var the table lacks. */
export function paramDescriptionZh(name: string): string {
  return Object.prototype.hasOwnProperty.call(PARAM_DESCRIPTIONS, name)
    ? (PARAM_DESCRIPTIONS[name] as Bilingual).zh
    : '';
}

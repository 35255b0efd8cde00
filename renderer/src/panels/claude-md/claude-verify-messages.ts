/**
 * The CLAUDE.md view's Verify strings, English and Simplified Chinese.
 */
import { definePanelMessages } from '../../i18n/panel-messages';

const en = {
  'cv.button': 'Verify with Claude Code {version}',
  'cv.buttonHint':
    'Run your own claude ({file}) once in print mode against a local fake API and compare the memory it sends. Its transcripts and counters go to a scratch folder; no telemetry; 90 s at most.',
  'cv.running': 'Running Claude Code {version}…',
  'cv.identical': 'Your Claude Code {version} sends the same memory: the start block is identical.',
  'cv.identicalRead':
    'Your Claude Code {version} sends the same memory: the start block and the {n, plural, one {attachment after the Read are} other {# attachments after the Read are}} identical.',
  'cv.different': 'Your Claude Code {version} sends different memory: {what}.',
  'cv.startAt': 'the start block differs at line {line} (inspector: {ours} · installed: {theirs})',
  'cv.attachmentAt': 'attachment {n} after the Read differs (inspector {ours}, installed {theirs})',
  'cv.notModelled':
    'The inspector models Claude Code {modelled}; you run {version}, so a difference may be the new version’s.',
  'cv.managed': 'The real CLI reads the managed level from /etc/claude-code; this view reads {dir}.',
  'cv.failed': 'Claude Code {version} could not be run: {message}',
  'cv.noClaude': 'No Claude Code found (looked at {looked}).',
  'cv.noProject': 'Open a Claude Code project first.',
  'cv.error': 'Verify could not run: {message}',
  'cv.noLine': '(no such line)',
  'cv.unknownVersion': '(version unknown)',
  'cv.showDiff': 'Show differences',
  'cv.hide': 'Hide',
  'cv.diffLabel': 'Inspector (left) and your Claude Code (right)',
  'cv.oursSide': 'The start block the inspector assembles',
  'cv.installedSide': 'The start block your Claude Code sends',
} as const;

const zh: Record<keyof typeof en, string> = {
  'cv.button': '用 Claude Code {version} 校验',
  'cv.buttonHint':
    '以 `--print` 模式运行一次你自己的 `claude`（{file}），连接本地的假 API，比较它发送的记忆。它的对话记录和计数写入临时文件夹；不发送遥测；最多 90 秒。',
  'cv.running': '正在运行 Claude Code {version}…',
  'cv.identical': '你的 Claude Code {version} 发送的记忆相同：开始块完全一致。',
  'cv.identicalRead':
    '你的 Claude Code {version} 发送的记忆相同：开始块和 `Read` 之后的 {n} 个附件完全一致。',
  'cv.different': '你的 Claude Code {version} 发送的记忆不同：{what}。',
  'cv.startAt': '开始块在第 {line} 行不同（检查器：{ours} · 已安装：{theirs}）',
  'cv.attachmentAt': '`Read` 之后的第 {n} 个附件不同（检查器 {ours} 个，已安装 {theirs} 个）',
  'cv.notModelled': '检查器模拟的是 Claude Code {modelled}；你运行的是 {version}，差异可能来自新版本。',
  'cv.managed': '真实的 CLI 从 /etc/claude-code 读取托管层；此视图读取的是 {dir}。',
  'cv.failed': 'Claude Code {version} 无法运行：{message}',
  'cv.noClaude': '未找到 Claude Code（查找过 {looked}）。',
  'cv.noProject': '请先打开一个 Claude Code 项目。',
  'cv.error': '校验无法运行：{message}',
  'cv.noLine': '（无此行）',
  'cv.unknownVersion': '（版本未知）',
  'cv.showDiff': '显示差异',
  'cv.hide': '隐藏',
  'cv.diffLabel': '检查器（左）与你的 Claude Code（右）',
  'cv.oursSide': '检查器组装的开始块',
  'cv.installedSide': '你的 Claude Code 发送的开始块',
};

export const claudeVerifyMessages = definePanelMessages(en, zh);
export type ClaudeVerifyKey = keyof typeof en;

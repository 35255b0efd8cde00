/**
 * Verify's strings, English and Simplified Chinese: one table for the Timeline's Verify bar and
 * the History tab's Verify over History, so its words stay together.
 */
import { definePanelMessages } from './panel-messages';

const en = {
  'verify.button': 'Verify with {engine}',
  'verify.buttonHint':
    'Render this scenario with the {engine} installed in the package root ({file}) and compare. It runs boxed: a scratch home, no network, 30 s at most; nothing is written to your home.',
  'verify.running': 'Verifying with {engine}…',
  'verify.identical':
    'Your {engine} ({file}) renders this scenario identically ({lines, plural, one {# line} other {# lines}}, {ms} ms).',
  'verify.different':
    'Your {engine} ({file}) renders this scenario differently: {count, plural, one {# section} other {# sections}} ({ids}), first difference at line {line}.',
  'verify.differentNoSection':
    'Your {engine} ({file}) renders this scenario differently, first at line {line} (text outside any section).',
  'verify.lines': 'Line {line} — inspector: {ours} · installed: {theirs}',
  'verify.noLine': '(no such line)',
  'verify.failed': 'Your {engine} ({file}) could not render this scenario: {message}',
  'verify.failedAlike':
    'Your {engine} ({file}) fails on this scenario too ({message}): the two agree that evolcore sends no context.',
  'verify.noEngine': 'No installed engine to verify against: {why}.',
  'verify.error': 'Verify could not run: {message}',
  'verify.showDiff': 'Show differences',
  'verify.showInstalled': 'What your evolcore sends',
  'verify.hide': 'Hide',
  'verify.tooLarge': 'The installed text is {size}, too large to show here.',
  'verify.diffLabel': 'Inspector (left) and your installed engine (right)',
  'verify.installedLabel': 'The context your installed engine sends',
  'verify.stale': 'Verified an earlier render; Verify again for this one.',
  'verify.oursSide': 'What the inspector renders',
  'verify.installedSide': 'What your installed engine sends',
  'verify.history': 'Verify the {n, plural, one {newest snapshot} other {# newest snapshots}} with {engine}',
  'verify.historyHint':
    'Replay each snapshot as a scenario (re-rooted, as Replay does) with the inspector and with the {engine} installed in the package root, in one boxed process, and count the identical ones.',
  'verify.historyShown':
    'Verify the {n, plural, one {first snapshot} other {first # snapshots}} of the {shown} shown (of {total}) with {engine}',
  'verify.historyRunning': 'Verifying {n, plural, one {# snapshot} other {# snapshots}}…',
  'verify.historyCount':
    '{identical} of {checked, plural, one {# snapshot renders} other {# snapshots render}} identically with your {engine} ({ms} ms).',
  'verify.historyDifferent': '{key}: differs, first at line {line}{sections}',
  'verify.historyFailed': '{key}: your evolcore threw: {message}',
  'verify.historyNotReplayable': '{key}: not replayable: {message}',
  'verify.historyEngineFailed': 'Your evolcore could not run: {message}',
} as const;

const zh: Record<keyof typeof en, string> = {
  'verify.button': '用 {engine} 校验',
  'verify.buttonHint':
    '用包根中安装的 {engine}（{file}）渲染此场景并比较。它在隔离环境中运行：临时用户数据根目录、无网络、最多 30 秒；不会写入你的用户数据根目录。',
  'verify.running': '正在用 {engine} 校验…',
  'verify.identical': '你安装的 {engine}（{file}）对此场景的渲染完全一致（{lines} 行，{ms} 毫秒）。',
  'verify.different':
    '你安装的 {engine}（{file}）对此场景的渲染不同：{count} 个 section（{ids}），第一处差异在第 {line} 行。',
  'verify.differentNoSection':
    '你安装的 {engine}（{file}）对此场景的渲染不同，第一处在第 {line} 行（不属于任何 section 的文本）。',
  'verify.lines': '第 {line} 行 — 检查器：{ours} · 已安装：{theirs}',
  'verify.noLine': '（无此行）',
  'verify.failed': '你安装的 {engine}（{file}）无法渲染此场景：{message}',
  'verify.failedAlike':
    '你安装的 {engine}（{file}）在此场景上同样失败（{message}）：两者一致，evolcore 不会发送上下文。',
  'verify.noEngine': '没有可用于校验的已安装引擎：{why}。',
  'verify.error': '校验无法运行：{message}',
  'verify.showDiff': '显示差异',
  'verify.showInstalled': '你的 evolcore 发送的内容',
  'verify.hide': '隐藏',
  'verify.tooLarge': '已安装引擎的文本为 {size}，太大，无法在此显示。',
  'verify.diffLabel': '检查器（左）与你安装的引擎（右）',
  'verify.installedLabel': '你安装的引擎发送的上下文',
  'verify.stale': '校验的是之前的一次渲染；请对当前渲染重新校验。',
  'verify.oursSide': '检查器的渲染结果',
  'verify.installedSide': '你安装的引擎发送的内容',
  'verify.history': '用 {engine} 校验最新的 {n} 个快照',
  'verify.historyHint':
    '把每个快照当作场景重放（像“重放”一样重新定位路径），分别用检查器和包根中安装的 {engine} 在一个隔离进程中渲染，统计完全一致的数量。',
  'verify.historyShown': '用 {engine} 校验显示的 {shown} 个快照（共 {total} 个）中的前 {n} 个',
  'verify.historyRunning': '正在校验 {n} 个快照…',
  'verify.historyCount': '{checked} 个快照中有 {identical} 个与你安装的 {engine} 渲染完全一致（{ms} 毫秒）。',
  'verify.historyDifferent': '{key}：不同，第一处在第 {line} 行{sections}',
  'verify.historyFailed': '{key}：你的 evolcore 抛出错误：{message}',
  'verify.historyNotReplayable': '{key}：无法重放：{message}',
  'verify.historyEngineFailed': '你的 evolcore 无法运行：{message}',
};

/** Verify's message tables. */
export const verifyMessages = definePanelMessages(en, zh);

/** A Verify message key. */
export type VerifyKey = keyof typeof en;

/**
 * The Context tab's own strings (the shell's `context.*` keys stay in en.ts / zh-cn.ts).
 */
import { definePanelMessages } from '../../i18n/panel-messages';

const en = {
  'search.placeholder': 'Search the context',
  'search.count': 'match {current} of {total}',
  'search.none': 'no match',
  'search.prev': 'Previous match',
  'search.next': 'Next match',
  'copy.all': 'Copy all',
  'copy.failed': 'Copy failed',
  'cache.none': 'Prompt-cache prefix: shown after the next render',
  'cache.identical': 'Prompt-cache prefix: identical to the previous render',
  'cache.at':
    'Prompt-cache prefix: first {chars, plural, one {# character} other {# characters}} ({bytes}) unchanged since the previous render',
  'cache.jump': 'Go to the first change',
  'cache.marker':
    'The text differs from the previous render from here on: a change invalidates the cached prompt after this point',
  'selected.label': 'Selected: {id}',
  'selected.timeline': 'Show in Timeline',
  'selected.clear': 'Clear',
  'chip.hint': 'Scroll to {id}',
} as const;

const zh: Record<keyof typeof en, string> = {
  'search.placeholder': '在上下文中搜索',
  'search.count': '第 {current} / {total} 处匹配',
  'search.none': '无匹配',
  'search.prev': '上一个匹配',
  'search.next': '下一个匹配',
  'copy.all': '全部复制',
  'copy.failed': '复制失败',
  'cache.none': '提示缓存前缀：下一次渲染后显示',
  'cache.identical': '提示缓存前缀：与上一次渲染完全相同',
  'cache.at': '提示缓存前缀：前 {chars} 个字符（{bytes}）与上一次渲染相同',
  'cache.jump': '跳到第一处变化',
  'cache.marker': '从这里开始文本与上一次渲染不同：此处之后的缓存提示将失效',
  'selected.label': '已选：{id}',
  'selected.timeline': '在时间线中显示',
  'selected.clear': '清除',
  'chip.hint': '滚动到 {id}',
};

/** The Context tab's message tables. */
export const contextMessages = definePanelMessages(en, zh);

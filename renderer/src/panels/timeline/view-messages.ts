/**
 * Strings of the Timeline's sortable header, detail split, "Copy link" and the detail of a
 * section that did not load, English and Simplified Chinese. A table of their own,
 * so these features' strings do not crowd the panel's main table.
 */
import { definePanelMessages } from '../../i18n/panel-messages';

const en = {
  'sort.header': 'Sort the sections',
  'sort.by': 'Sort by {column} (again: reverse, a third time: merged order)',
  'sort.files': 'Files',
  'sort.bytes': 'Bytes',
  'sort.tokens': 'tokens',
  'split.label': 'Width of the section detail',
  'link.copy': 'Copy link',
  'link.copied': 'Link copied',
  'link.copyFailed': 'Could not copy; the link is: {url}',
  'skip.title': 'Why it did not load',
  'skip.trace': 'How the condition was evaluated',
  'skip.fix': 'What would load it',
  'skip.noFix': 'No manifest change alone loads it: {why}',
  'skip.noFix.vars': 'the path needs vars the scenario does not set (Vars tab).',
  'skip.noFix.file': 'the file does not exist; create it or fix the path.',
  'skip.noFix.invalid': 'the section is invalid; fix it in the Manifest tab.',
  'skip.noFix.budget': 'the total budget was spent by earlier sections.',
  'skip.noFix.impossible': 'no value of the vars makes this condition true.',
  'skip.apply.enable': 'Switch it on in the override draft (enabled: true)',
  'skip.apply.always': 'Load it always in the override draft (when: "always")',
  'skip.apply.budget': 'Raise the total budget in the override draft ({field}: {value})',
  'skip.applied': 'Added to the override draft; the Manifest tab shows it, Undo takes it back.',
  'skip.applyFailed': 'The override draft is not loaded: {message}',
  'skip.otherDraft': 'The override draft holds unsaved edits of {file}; save or discard them first.',
  'skip.varsInstead': 'Or change the vars: {fix}',
} as const;

const zh: Readonly<Record<keyof typeof en, string>> = {
  'sort.header': '排序 section',
  'sort.by': '按{column}排序（再点一次反向，第三次恢复合并顺序）',
  'sort.files': '文件',
  'sort.bytes': '字节',
  'sort.tokens': 'token',
  'split.label': 'section 详情的宽度',
  'link.copy': '复制链接',
  'link.copied': '已复制链接',
  'link.copyFailed': '无法复制；链接是：{url}',
  'skip.title': '为什么没有加载',
  'skip.trace': '条件的求值过程',
  'skip.fix': '怎样才会加载',
  'skip.noFix': '只改 manifest 无法加载它：{why}',
  'skip.noFix.vars': '路径需要场景未设置的 vars（vars 标签页）。',
  'skip.noFix.file': '文件不存在；请创建它或修正路径。',
  'skip.noFix.invalid': '该 section 无效；请在 manifest 标签页中修正。',
  'skip.noFix.budget': '总预算已被前面的 section 用完。',
  'skip.noFix.impossible': 'vars 取任何值都无法使此条件成立。',
  'skip.apply.enable': '在覆盖草稿中启用它（`"enabled": true`）',
  'skip.apply.always': '在覆盖草稿中设为总是加载（when: "always"）',
  'skip.apply.budget': '在覆盖草稿中提高总预算（{field}: {value}）',
  'skip.applied': '已加入覆盖草稿；manifest 标签页中可见，撤销可还原。',
  'skip.applyFailed': '覆盖草稿未加载：{message}',
  'skip.otherDraft': '覆盖草稿中有 {file} 未保存的修改；请先保存或放弃。',
  'skip.varsInstead': '或者修改 vars：{fix}',
};

/** The tables. */
export const timelineViewMessages = definePanelMessages(en, zh);

/** A key of these tables. */
export type TimelineViewKey = keyof typeof en;

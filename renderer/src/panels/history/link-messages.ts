/**
 * Strings of History's "Copy link", English and Simplified Chinese: a table of their
 * own beside the tab's main one.
 */
import { definePanelMessages } from '../../i18n/panel-messages';

const en = {
  'link.copySnapshot': 'Copy link',
  'link.copySection': 'Copy link',
  'link.sectionName': 'Copy link to section {id}',
  'link.column': 'Link',
  'link.copied': 'Link copied',
  'link.copyFailed': 'Could not copy; the link is: {url}',
} as const;

const zh: Readonly<Record<keyof typeof en, string>> = {
  'link.copySnapshot': '复制链接',
  'link.copySection': '复制链接',
  'link.sectionName': '复制 section {id} 的链接',
  'link.column': '链接',
  'link.copied': '已复制链接',
  'link.copyFailed': '无法复制；链接是：{url}',
};

/** The tables. */
export const historyLinkMessages = definePanelMessages(en, zh);

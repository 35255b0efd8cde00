/**
 * A write or delete the app refused because of where its path leads, as a value
 * both languages can be told from: what was refused, which part of the path is a link and
 * where it leads, and the folders that were allowed. The English words travel as the error's
 * message; the renderer tells the same facts in Chinese (`refusalText`).
 */
import type { Language } from './ui';

/** What the app was about to do. */
export type RefusedAction = 'write' | 'delete' | 'clean';

/** Why: a link leading out, a path plainly outside, a folder swapped mid-save, a relative path. */
export type RefusalReason = 'link-outside' | 'outside' | 'changed' | 'not-absolute';

/** One folder a write (or delete) may go to. */
export interface AllowedPlace {
  readonly kind: 'home' | 'settings' | 'debug' | 'folder';
  readonly path: string;
}

/** The facts of one refusal. */
export interface WriteRefusal {
  readonly action: RefusedAction;
  /** The path refused, as the app was asked to use it. */
  readonly path: string;
  readonly why: RefusalReason;
  /** The part of `path` that is a link (or that changed), for `link-outside` and `changed`. */
  readonly link?: string;
  /** Where `link` leads now. */
  readonly dest?: string;
  /** Where the action was allowed. */
  readonly allowed: readonly AllowedPlace[];
}

const VERB: Readonly<Record<Language, Readonly<Record<RefusedAction, string>>>> = {
  en: { write: 'write', delete: 'delete', clean: 'clean' },
  'zh-CN': { write: '写入', delete: '删除', clean: '清理' },
};

function place(p: AllowedPlace, language: Language): string {
  if (language === 'en') {
    if (p.kind === 'home') return `the home (${p.path})`;
    if (p.kind === 'settings') return `the settings folder (${p.path})`;
    if (p.kind === 'debug') return `the home's eck-debug (${p.path})`;
    return p.path;
  }
  if (p.kind === 'home') return `用户数据根目录（${p.path}）`;
  if (p.kind === 'settings') return `设置文件夹（${p.path}）`;
  if (p.kind === 'debug') return `用户数据根目录的 eck-debug（${p.path}）`;
  return p.path;
}

function places(all: readonly AllowedPlace[], language: Language): string {
  const words = all.map((p) => place(p, language));
  return language === 'en' ? words.join(' and ') : words.join('和');
}

/** The refusal in words: "refusing to write <path>: <link> is a link to <dest>, outside …". */
export function refusalText(r: WriteRefusal, language: Language): string {
  const verb = VERB[language][r.action];
  const where = places(r.allowed, language);
  const link = r.link ?? r.path;
  const dest = r.dest ?? '?';
  if (language === 'en') {
    switch (r.why) {
      case 'link-outside':
        return `refusing to ${verb} ${r.path}: ${link} is a link to ${dest}, outside ${where}`;
      case 'outside':
        return `refusing to ${verb} ${r.path}: it is outside ${where}`;
      case 'changed':
        return `refusing to ${verb} ${r.path}: ${link} changed while saving (it now leads to ${dest}); nothing was written there`;
      case 'not-absolute':
        return `refusing to ${verb} ${r.path}: the path is not absolute`;
    }
  }
  switch (r.why) {
    case 'link-outside':
      return `拒绝${verb} ${r.path}：${link} 是指向 ${dest} 的链接，位于${where}之外`;
    case 'outside':
      return `拒绝${verb} ${r.path}：它位于${where}之外`;
    case 'changed':
      return `拒绝${verb} ${r.path}：保存过程中 ${link} 被更改（现在指向 ${dest}）；没有在那里写入任何内容`;
    case 'not-absolute':
      return `拒绝${verb} ${r.path}：不是绝对路径`;
  }
}

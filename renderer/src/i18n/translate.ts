/**
 * Message lookup and language detection, pure so they test without a DOM.
 */
import type { Language } from '../../../shared/api';
import type { MessageKey, Messages } from './en';
import { en } from './en';
import { formatMessage } from './message-format';
import { zhCN } from './zh-cn';

const TABLES: Readonly<Record<Language, Messages>> = { en, 'zh-CN': zhCN };

/** Translates a key, filling `{name}` placeholders and choosing plural forms (message-format.ts). */
export function translate(
  language: Language,
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return formatMessage(TABLES[language][key], params, language);
}

/** The UI language for the OS's preferred languages: Chinese of any region → zh-CN, else English. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** A translate function bound to one language. */
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** Binds `translate` to a language. */
export function translatorFor(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}

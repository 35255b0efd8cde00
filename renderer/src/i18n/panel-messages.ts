/**
 * Per-panel message tables, so each panel keeps its English and Chinese strings beside its
 * code (and panels built in parallel never edit the same dictionary file). The shared
 * dictionaries in en.ts / zh-cn.ts stay for the shell.
 */
import { useMemo } from 'react';
import type { Language } from '../../../shared/api';
import { useApp } from '../store/store-context';
import { formatMessage } from './message-format';

/** A panel's messages: English is the source of the keys, Chinese must have every one. */
export interface PanelMessages<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  readonly 'zh-CN': Readonly<Record<K, string>>;
}

/** Declares a panel's tables (the type makes a missing Chinese key a compile error). */
export function definePanelMessages<K extends string>(
  en: Readonly<Record<K, string>>,
  zh: Readonly<Record<K, string>>,
): PanelMessages<K> {
  return { en, 'zh-CN': zh };
}

/** A translate function over one panel's table. */
export type PanelTranslate<K extends string> = (
  key: K,
  params?: Readonly<Record<string, string | number>>,
) => string;

/** Translates from a panel table, filling `{name}` placeholders and choosing plural forms. */
export function translatePanel<K extends string>(
  messages: PanelMessages<K>,
  language: Language,
  key: K,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return formatMessage(messages[language][key] ?? messages.en[key], params, language);
}

/** The translate function of a panel table in the UI's current language. */
export function usePanelT<K extends string>(messages: PanelMessages<K>): PanelTranslate<K> {
  const language = useApp((s) => s.language);
  return useMemo(
    () => (key: K, params?: Readonly<Record<string, string | number>>) =>
      translatePanel(messages, language, key, params),
    [messages, language],
  );
}

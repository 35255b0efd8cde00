/**
 * The size of a context as every view states it: UTF-8 bytes of the text as sent (the one
 * byte format, bytes.ts), characters, and an estimated token count — each figure named, the
 * exact counts in a tooltip. The Context tab and the status bar both print this, so the same
 * render reads the same in both; the budget's own count (the bytes of the files loaded) is a
 * different figure and is labelled as such where it is shown.
 */
import { utf8Length } from '../../../shared/base/utf8';
import { estimateTokens } from '../../../shared/explain';
import type { Language } from '../../../shared/api';
import type { Translate } from '../i18n/translate';
import { exactByteCount, formatBytes } from './bytes';

/** The three figures of a text. */
export interface TextSize {
  /** UTF-8 bytes, what goes over the wire and what evolcore's byte budgets count. */
  readonly bytes: number;
  /** Characters as JavaScript counts them (UTF-16 units), as evolcore and Claude Code do. */
  readonly chars: number;
  /** A rough token estimate (shared/explain/estimate-tokens.ts). */
  readonly tokens: number;
}

/** The figures of `text`. */
export function textSize(text: string): TextSize {
  return { bytes: utf8Length(text), chars: text.length, tokens: estimateTokens(text) };
}

/** What a size item shows, and its tooltip. */
export interface SizeText {
  readonly text: string;
  readonly title: string;
}

/** `26.4 KB · 12,888 characters · ≈ 3,222 tokens (est.)`, the exact counts in the title. */
export function sizeText(size: TextSize, t: Translate, language: Language): SizeText {
  const n = (x: number): string => exactByteCount(x, language);
  return {
    text: t('size.summary', { bytes: formatBytes(size.bytes), chars: n(size.chars), tokens: n(size.tokens) }),
    title: t('size.summaryExact', { bytes: n(size.bytes), chars: n(size.chars), tokens: n(size.tokens) }),
  };
}

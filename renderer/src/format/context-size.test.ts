import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/translate';
import { sizeText, textSize } from './context-size';

// Latin, CJK and an emoji (a surrogate pair): bytes, characters and tokens all differ.
const text = 'a'.repeat(2000) + '上下文'.repeat(100) + '🙂';

describe('the size of a context', () => {
  it('counts UTF-8 bytes as sent, characters and an estimate of tokens', () => {
    expect(textSize(text)).toEqual({
      bytes: new TextEncoder().encode(text).length,
      chars: text.length,
      tokens: 300 + Math.ceil(2002 / 4),
    });
  });

  it('names each figure, the exact counts in the tooltip, in both languages', () => {
    const size = textSize(text);
    expect(sizeText(size, translatorFor('en'), 'en')).toEqual({
      text: '2.8 KB · 2,302 characters · ≈ 801 tokens (est.)',
      title: expect.stringMatching(
        /^2,904 UTF-8 bytes of the context as sent · 2,302 characters · ≈ 801 tokens, an estimate/,
      ),
    });
    const zh = sizeText(size, translatorFor('zh-CN'), 'zh-CN');
    expect(zh.text).toBe('2.8 KB · 2,302 个字符 · ≈ 801 token（估算）');
    expect(zh.title).toContain('2,904 个 UTF-8 字节');
  });

  it('keeps the budget count apart, under its own name', () => {
    // The status bar's budget item counts the files loaded (docs/engine.md §6), not the text.
    expect(translatorFor('en')('status.bytes', { bytes: '27.3 KB', max: '100.0 KB' })).toBe(
      'Budget 27.3 KB / 100.0 KB',
    );
    expect(translatorFor('zh-CN')('status.bytes', { bytes: '27.3 KB', max: '100.0 KB' })).toBe(
      '预算 27.3 KB / 100.0 KB',
    );
  });
});

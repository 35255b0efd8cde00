import { describe, expect, it } from 'vitest';
import { en } from './en';
import { placeholderNames } from './message-format';
import { detectLanguage, translate } from './translate';
import { zhCN } from './zh-cn';

describe('i18n', () => {
  it('follows the OS language: any Chinese is zh-CN, otherwise English', () => {
    expect(detectLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLanguage(['de'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'status.sections', { loaded: 3, total: 15 })).toBe('Sections 3/15 loaded');
    expect(translate('zh-CN', 'tab.context')).toBe('上下文');
  });

  it('Chinese keeps every placeholder of the English text', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholderNames(zhCN[key]), key).toEqual(placeholderNames(en[key]));
    }
  });
});

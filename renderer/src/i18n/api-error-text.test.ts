/**
 * Errors in the UI's language: a refusal in Chinese from its facts, others as the main side said.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorText } from './api-error-text';

describe('apiErrorText', () => {
  it('tells a refusal in the UI language and any other error as sent', () => {
    const refused = {
      code: 'outside-workspace',
      message: 'refusing to delete /h/data/eck-debug/a: it is outside the home’s eck-debug (/d)',
      path: '/h/data/eck-debug/a',
      refusal: {
        action: 'delete',
        path: '/h/data/eck-debug/a',
        why: 'outside',
        allowed: [{ kind: 'debug', path: '/d' }],
      },
    } as const;
    expect(apiErrorText(refused, 'zh-CN')).toBe(
      '拒绝删除 /h/data/eck-debug/a：它位于用户数据根目录的 eck-debug（/d）之外',
    );
    expect(apiErrorText(refused, 'en')).toBe(
      "refusing to delete /h/data/eck-debug/a: it is outside the home's eck-debug (/d)",
    );
    expect(apiErrorText({ code: 'read-error', message: 'cannot read x' }, 'zh-CN')).toBe('cannot read x');
  });
});

/**
 * A refusal's words in both languages name the path, the link and where it leads.
 */
import { describe, expect, it } from 'vitest';
import type { WriteRefusal } from './refusal';
import { refusalText } from './refusal';

const allowed = [
  { kind: 'home', path: '/h' },
  { kind: 'settings', path: '/s' },
] as const;

describe('refusalText', () => {
  it('a link leading outside: the path, the link, its destination, the allowed folders', () => {
    const r: WriteRefusal = {
      action: 'write',
      path: '/h/eck/m.json',
      why: 'link-outside',
      link: '/h/eck',
      dest: '/etc',
      allowed,
    };
    expect(refusalText(r, 'en')).toBe(
      'refusing to write /h/eck/m.json: /h/eck is a link to /etc, outside the home (/h) and the settings folder (/s)',
    );
    expect(refusalText(r, 'zh-CN')).toBe(
      '拒绝写入 /h/eck/m.json：/h/eck 是指向 /etc 的链接，位于用户数据根目录（/h）和设置文件夹（/s）之外',
    );
  });

  it('every reason and action has words in both languages, each naming the path', () => {
    for (const why of ['link-outside', 'outside', 'changed', 'not-absolute'] as const)
      for (const action of ['write', 'delete', 'clean'] as const) {
        const r: WriteRefusal = {
          action,
          path: '/x/y',
          why,
          link: '/x',
          dest: '/z',
          allowed: [{ kind: 'debug', path: '/d' }],
        };
        for (const language of ['en', 'zh-CN'] as const) expect(refusalText(r, language)).toContain('/x/y');
        expect(refusalText(r, 'zh-CN')).not.toBe(refusalText(r, 'en'));
      }
  });
});

import { expect, test } from 'vitest';
import type { Json } from '../../../../shared/engine';
import type { ManifestMessageKey } from './messages';
import { manifestMessages } from './messages';
import { translatePanel } from '../../i18n/panel-messages';
import { whenSummary } from './when-summary';

const en = (key: ManifestMessageKey, params?: Readonly<Record<string, string | number>>) =>
  translatePanel(manifestMessages, 'en', key, params);
const zh = (key: ManifestMessageKey, params?: Readonly<Record<string, string | number>>) =>
  translatePanel(manifestMessages, 'zh-CN', key, params);

test('conditions read as short phrases in both languages', () => {
  expect(whenSummary(en, 'always')).toBe('always');
  expect(whenSummary(en, { var: 'chatType', neq: null })).toBe('chatType ≠ null');
  expect(whenSummary(en, { var: 'peerRole', in: ['owner', 'admin'] })).toBe('peerRole in [owner, admin]');
  expect(whenSummary(en, { any: ['groupId', 'peerKey'] })).toBe('any of groupId, peerKey');
  expect(whenSummary(zh, { var: 'peerRole', nin: ['guest'] })).toBe('peerRole 不属于 [guest]');
  expect(whenSummary(en, { var: 'x', eq: 1, neq: 2 })).toBe('custom: {"var":"x","eq":1,"neq":2}');
  expect(whenSummary(en, undefined)).toBe('—');
  const gated: Json = {
    and: [
      { or: [{ var: 'peerRole', eq: 'owner' }, { any: ['isAdmin'] }] },
      { var: 'lifecycle', neq: 'bootstrapping' },
    ],
  };
  expect(whenSummary(en, gated)).toBe('(peerRole = owner or any of isAdmin) and lifecycle ≠ bootstrapping');
  expect(whenSummary(zh, gated)).toBe('(peerRole = owner 或 isAdmin 任一为真) 且 lifecycle ≠ bootstrapping');
  expect(whenSummary(en, { or: [] })).toBe('or [] (false)');
});

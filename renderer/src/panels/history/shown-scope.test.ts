import { describe, expect, it } from 'vitest';
import { translatePanel } from '../../i18n/panel-messages';
import { placeholderNames } from '../../i18n/message-format';
import { verifyMessages } from '../../i18n/verify-messages';
import { historyMessages } from './messages';
import type { HistoryMessageKey } from './messages';
import { scopeParams, shownScope } from './shown-scope';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}` }));
const say = (scope: ReturnType<typeof shownScope>, language: 'en' | 'zh-CN' = 'en') =>
  translatePanel(historyMessages, language, 'whatIfOn', {
    scope: translatePanel(historyMessages, language, scope.words, scopeParams(scope)),
  });

describe('counts follow the filter', () => {
  it('takes the rows shown, and says "12 of 40 shown" when a filter hides some', () => {
    const scope = shownScope(rows(12), 40);
    expect(scope.keys).toHaveLength(12);
    expect(say(scope)).toBe('What-if with the draft on the 12 of 40 shown');
    expect(say(scope, 'zh-CN')).toBe('用草稿对显示的 12 / 40 个快照做假设分析');
  });

  it('says "all" when nothing is filtered out, in the singular for one', () => {
    expect(say(shownScope(rows(40), 40))).toBe('What-if with the draft on all 40 snapshots');
    expect(say(shownScope(rows(1), 1))).toBe('What-if with the draft on the 1 snapshot');
  });

  it('over the cap, the first rows in the table’s order, and says so', () => {
    const scope = shownScope(rows(12), 40, 5);
    expect(scope.keys).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(say(scope)).toBe('What-if with the draft on the first 5 of the 12 shown (of 40)');
  });
});

describe('Verify over History follows the filter too', () => {
  it('says it takes the first of the rows shown', () => {
    const params = { n: 12, shown: 12, total: 40, engine: 'evolcore 0.0.27' };
    expect(translatePanel(verifyMessages, 'en', 'verify.historyShown', params)).toBe(
      'Verify the first 12 snapshots of the 12 shown (of 40) with evolcore 0.0.27',
    );
    expect(translatePanel(verifyMessages, 'zh-CN', 'verify.historyShown', params)).toBe(
      '用 evolcore 0.0.27 校验显示的 12 个快照（共 40 个）中的前 12 个',
    );
  });
});

describe('the History tab’s messages', () => {
  it('Chinese keeps every placeholder of the English text', () => {
    for (const key of Object.keys(historyMessages.en) as HistoryMessageKey[]) {
      expect(placeholderNames(historyMessages['zh-CN'][key]), key).toEqual(
        placeholderNames(historyMessages.en[key]),
      );
    }
  });

  it('counts are right in English: 1 file, 2 files', () => {
    const t = (key: HistoryMessageKey, p: Record<string, string | number>) =>
      translatePanel(historyMessages, 'en', key, p);
    expect(t('exported', { path: '/b.json', files: 1 })).toBe('Bundle written: /b.json (1 file)');
    expect(t('exported', { path: '/b.json', files: 2 })).toBe('Bundle written: /b.json (2 files)');
    expect(t('cleanAsk', { count: 1, files: 4, size: '2.0 KB' })).toBe(
      '1 snapshot (4 files, 2.0 KB) has its files last modified more than 24 h ago. Delete it?',
    );
    expect(t('count', { shown: 1, total: 1 })).toBe('1 of 1 snapshot');
    expect(t('status.ok', {})).toBe('loaded');
  });
});

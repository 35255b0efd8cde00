import { describe, expect, it } from 'vitest';
import type { ApiTransport, RenderResult } from '../../../../shared/api';
import { createInspectorApi } from '../../../../shared/api';
import { stubReport } from '../../../../shared/engine/__fixtures__/stub-report';
import { presetScenario } from '../../../../shared/scenarios/presets';
import { createAppStore } from '../../store/create-store';
import { cachePrefix } from './cache-prefix';
import { contextHistoryOf } from './use-context-history';

const transport: ApiTransport = {
  invoke: async () => ({ ok: true, value: null }),
  on: () => () => undefined,
};
const result = (seq: number, context: string): RenderResult => ({
  report: stubReport(context),
  scenario: presetScenario('coding'),
  elapsedMs: 1,
  renderedAt: 0,
  seq,
  trigger: 'disk',
});

describe('context history of a store', () => {
  it('follows every render once tracking started, keeping the last different text', () => {
    const store = createAppStore(createInspectorApi(transport), {
      systemLanguage: 'en',
      languageChoice: 'system',
      theme: 'system',
    });
    store.getState().applyRender(result(1, 'head A tail'));
    const history = contextHistoryOf(store);
    expect(contextHistoryOf(store)).toBe(history);
    store.getState().applyRender(result(2, 'head B tail'));
    store.getState().applyRender(result(3, 'head B tail'));
    expect(history.getState()).toEqual({ current: 'head B tail', previous: 'head A tail' });
    expect(cachePrefix(history.getState())?.offset).toBe(5);
  });
});

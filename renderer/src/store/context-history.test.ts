import { describe, expect, it } from 'vitest';
import type { ApiTransport, RenderResult } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { stubReport } from '../../../shared/engine/__fixtures__/stub-report';
import { presetScenario } from '../../../shared/scenarios/presets';
import { createAppStore } from './create-store';

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

describe('context history of the render slice', () => {
  it('follows every good render, keeping the last different text', () => {
    const store = createAppStore(createInspectorApi(transport), {
      systemLanguage: 'en',
      languageChoice: 'system',
      theme: 'system',
    });
    store.getState().applyRender(result(1, 'head A tail'));
    expect(store.getState().contextHistory).toEqual({ current: 'head A tail', previous: null });
    store.getState().applyRender(result(2, 'head B tail'));
    store.getState().applyRender(result(3, 'head B tail'));
    expect(store.getState().contextHistory).toEqual({ current: 'head B tail', previous: 'head A tail' });
  });
});

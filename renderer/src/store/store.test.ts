import { describe, expect, it } from 'vitest';
import type { ApiResult, ApiTransport, EventName, RenderResult } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { presetScenario } from '../../../shared/scenarios/presets';
import { stubReport } from '../../../shared/engine/__fixtures__/stub-report';
import { createAppStore } from './create-store';
import { nextRenderState } from './render-slice';
import { withError } from './ui-slice';

function result(seq: number, context: string, rendered = true): RenderResult {
  return {
    report: stubReport(context, { rendered }),
    scenario: presetScenario('coding'),
    elapsedMs: 1,
    renderedAt: 0,
    seq,
    trigger: 'disk',
  };
}

function fakeApi(answers: Record<string, ApiResult<unknown>> = {}) {
  const calls: { method: string; input: unknown }[] = [];
  const transport: ApiTransport = {
    invoke: async (method, input): Promise<ApiResult<unknown>> => {
      calls.push({ method, input });
      return answers[method] ?? { ok: true, value: method === 'setScenario' ? { seq: calls.length } : null };
    },
    on: (_event: EventName) => () => undefined,
  };
  return { api: createInspectorApi(transport), calls };
}

describe('render state', () => {
  it('keeps the last good render when a render fails, and drops stale ones', () => {
    let s = { render: null, failedRender: null, renderSeq: 0 } as Parameters<typeof nextRenderState>[0];
    s = nextRenderState(s, result(2, 'good'));
    s = nextRenderState(s, result(1, 'stale'));
    expect(s.render?.report.context).toBe('good');
    s = nextRenderState(s, result(3, '', false));
    expect(s.render?.report.context).toBe('good');
    expect(s.failedRender?.seq).toBe(3);
    s = nextRenderState(s, result(4, 'fixed'));
    expect(s).toMatchObject({ failedRender: null, renderSeq: 4 });
  });
});

describe('banner errors', () => {
  it('shows the same error once and keeps at most five', () => {
    let errors = withError([], { code: 'read-error', message: 'a', path: '/x' });
    errors = withError(errors, { code: 'read-error', message: 'a', path: '/x' });
    expect(errors).toHaveLength(1);
    for (let i = 0; i < 10; i++) errors = withError(errors, { code: 'internal', message: String(i) });
    expect(errors.map((e) => e.error.message)).toEqual(['5', '6', '7', '8', '9']);
  });
});

describe('app store', () => {
  const defaults = {
    systemLanguage: 'zh-CN' as const,
    languageChoice: 'system' as const,
    theme: 'system' as const,
  };

  it('follows the OS language until one is chosen', () => {
    const store = createAppStore(fakeApi().api, defaults);
    expect(store.getState().language).toBe('zh-CN');
    store.getState().setLanguage('en');
    expect(store.getState().language).toBe('en');
    store.getState().setLanguage('system');
    expect(store.getState().language).toBe('zh-CN');
  });

  it('choosing a preset sends its scenario, speaking as the current agent', async () => {
    const { api, calls } = fakeApi();
    const store = createAppStore(api, defaults);
    store.setState({ scenario: { ...presetScenario('private-owner'), vars: { selfAid: 'other.aid.pub' } } });
    await store.getState().choosePreset('group-member');
    expect(calls[0]?.method).toBe('setScenario');
    expect(calls[0]?.input).toMatchObject({
      presetId: 'group-member',
      vars: { selfAid: 'other.aid.pub', chatType: 'group' },
    });
  });

  it('sends a scenario before its optimistic update re-renders anything', async () => {
    const { api, calls } = fakeApi();
    const store = createAppStore(api, defaults);
    const sentWhenNotified: number[] = [];
    store.subscribe((s, prev) => {
      if (s.scenario !== prev.scenario) sentWhenNotified.push(calls.length);
    });
    await store.getState().applyScenario(presetScenario('coding'));
    expect(sentWhenNotified).toEqual([1]);
    expect(store.getState().scenario?.presetId).toBe('coding');
  });

  it('after setScenario answers a seq, a pushed render older than it is dropped, that one shown', async () => {
    const { api } = fakeApi({ setScenario: { ok: true, value: { seq: 7 } } });
    const store = createAppStore(api, defaults);
    store.getState().applyRender(result(5, 'before'));
    await store.getState().applyScenario(presetScenario('coding'));
    expect(store.getState().awaitedSeq).toBe(7);
    store.getState().applyRender(result(6, 'late, of the previous keystroke'));
    expect(store.getState().render?.report.context).toBe('before');
    store.getState().applyRender(result(7, 'asked for'));
    expect(store.getState().render?.report.context).toBe('asked for');
    // A disk change after it renders again, with a newer seq: shown too.
    store.getState().applyRender(result(8, 'disk'));
    expect(store.getState().render?.report.context).toBe('disk');
  });

  it('an API error lands in the banner', async () => {
    const { api } = fakeApi({ setScenario: { ok: false, error: { code: 'invalid-input', message: 'bad' } } });
    const store = createAppStore(api, defaults);
    await store.getState().applyScenario(presetScenario('coding'));
    expect(store.getState().errors.map((e) => e.error.message)).toEqual(['bad']);
  });
});

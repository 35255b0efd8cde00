/**
 * The Context tab and the status bar state one render's size with the same figures: both draw
 * components/context-size.tsx over the render's context, whatever the budget counted.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiTransport, RenderResult } from '../../../../shared/api';
import { createInspectorApi } from '../../../../shared/api';
import { stubReport } from '../../../../shared/engine/__fixtures__/stub-report';
import { presetScenario } from '../../../../shared/scenarios/presets';
import { ContextPanel } from './context-panel';
import { createAppStore } from '../../store/create-store';
import { StoreContext } from '../../store/store-context';
import { StatusBar } from '../../components/status-bar';

const transport: ApiTransport = {
  invoke: async () => ({ ok: true, value: null }),
  on: () => () => undefined,
};

// CJK and an emoji, so UTF-8 bytes, characters and the budget's count all differ.
const context = `<system-reminder>\n${'上下文 section '.repeat(800)}🙂\n</system-reminder>`;

function render(language: 'en' | 'zh-CN'): RenderResult {
  const base = stubReport(context);
  return {
    // The budget counted the files loaded: 27,944 bytes, not the text's size.
    report: { ...base, totals: { ...base.totals, bytes: 27_944, files: 3 } },
    scenario: presetScenario('coding'),
    elapsedMs: 1,
    renderedAt: 0,
    seq: language === 'en' ? 1 : 2,
    trigger: 'disk',
  };
}

function item(html: string, testId: string): { text: string; title: string } {
  const m = new RegExp(`<span[^>]*data-testid="${testId}"[^>]*>([^<]*)</span>`).exec(html);
  if (m === null) throw new Error(`no ${testId}`);
  const title = /title="([^"]*)"/.exec(m[0])?.[1] ?? '';
  return { text: m[1] ?? '', title };
}

describe.each(['en', 'zh-CN'] as const)('one render, one size (%s)', (language) => {
  it('the Context tab and the status bar print the same figures, the budget apart', () => {
    const store = createAppStore(createInspectorApi(transport), {
      systemLanguage: language,
      languageChoice: language,
      theme: 'light',
    });
    store.getState().applyRender(render(language));
    // A server render reads the store's initial state (zustand's server snapshot): hand it the
    // current one, which holds the render.
    const now = { ...store, getInitialState: store.getState };
    const wrap = (node: React.JSX.Element): string =>
      renderToStaticMarkup(<StoreContext.Provider value={now}>{node}</StoreContext.Provider>);
    const panel = wrap(<ContextPanel />);
    const tab = item(panel, 'context-bytes');
    const bar = wrap(<StatusBar claudeItems={null} />);
    expect(item(bar, 'status-context-size')).toEqual(tab);
    const bytes = new TextEncoder().encode(context).length;
    expect(
      tab.text.startsWith(`${(bytes / 1024).toFixed(1)} KB · ${context.length.toLocaleString('en')} `),
    ).toBe(true);
    expect(tab.title).toContain(bytes.toLocaleString('en'));
    // The budget's own count is there too, under its own name.
    expect(item(bar, 'status-bytes').text).toBe(
      language === 'en' ? 'Budget 27.3 KB / 100.0 KB' : '预算 27.3 KB / 100.0 KB',
    );
  });
});

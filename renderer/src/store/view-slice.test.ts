import { describe, expect, it } from 'vitest';
import type { ApiTransport } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { presetScenario } from '../../../shared/scenarios/presets';
import { createAppStore } from './create-store';
import { currentLink } from './view-slice';

const api = createInspectorApi({
  invoke: async () => ({ ok: true, value: null }),
  on: () => () => undefined,
} satisfies ApiTransport);
const defaults = { systemLanguage: 'en', languageChoice: 'en', theme: 'light' } as const;

describe('view slice', () => {
  it('keeps a sort and a split per tab; one tab’s change leaves the others', () => {
    const store = createAppStore(api, defaults, {
      sorts: { history: { column: 'time', desc: true } },
      splits: { history: 400 },
    });
    const view = () => store.getState().view;
    view().setSort('timeline', { column: 'bytes', desc: true });
    view().setSplit('timeline', 512.4);
    expect(view().sorts).toEqual({
      history: { column: 'time', desc: true },
      timeline: { column: 'bytes', desc: true },
    });
    expect(view().splits).toEqual({ history: 400, timeline: 512 });
    view().setSort('timeline', null);
    expect(view().sorts).toEqual({ history: { column: 'time', desc: true } });
  });

  it('a link shows its tab at once and waits for the panel it names only when it selects something', () => {
    const store = createAppStore(api, defaults);
    const view = () => store.getState().view;
    view().openLink({ tab: 'vars', preset: null, agent: null, section: null });
    expect(store.getState().tab).toBe('vars');
    expect(view().pending).toBeNull();
    view().openLink({ tab: 'timeline', preset: null, agent: null, section: 'rules' });
    expect(view().takePending('context')).toBeNull(); // not for that tab: it stays
    expect(view().takePending('timeline')).toMatchObject({ section: 'rules' });
    expect(view().pending).toBeNull();
  });

  it('the current link names the preset, its agent and the section of the tab shown', () => {
    const store = createAppStore(api, defaults);
    const scenario = {
      ...presetScenario('private-owner'),
      vars: { ...presetScenario('private-owner').vars, selfAid: 'ada' },
    };
    store.setState({ scenario });
    store.getState().view.showSection('rules');
    expect(currentLink(store.getState())).toEqual({
      tab: 'timeline',
      preset: 'private-owner',
      agent: 'ada',
      section: 'rules',
    });
    store.getState().setTab('manifest');
    expect(currentLink(store.getState())).toMatchObject({ tab: 'manifest', section: null });
    store.getState().setTab('history');
    store.getState().view.showSnapshot('2026-11-30-21-40-54', 'rules');
    expect(currentLink(store.getState())).toEqual({
      tab: 'history',
      snapshot: '2026-11-30-21-40-54',
      section: 'rules',
    });
  });
});

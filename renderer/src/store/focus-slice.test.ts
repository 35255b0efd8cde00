import { describe, expect, it } from 'vitest';
import type { ApiTransport } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { createAppStore } from './create-store';

const transport: ApiTransport = {
  invoke: async () => ({ ok: true, value: null }),
  on: () => () => undefined,
};
const newStore = () =>
  createAppStore(createInspectorApi(transport), {
    systemLanguage: 'en',
    languageChoice: 'system',
    theme: 'system',
  });

describe('focus slice shared by the Timeline and the Context tab', () => {
  it('selecting keeps the detail pane open or closed unless told; clearing closes it', () => {
    const store = newStore();
    const focus = () => store.getState().focus;
    focus().select('rules', true);
    focus().select('session');
    expect(focus()).toMatchObject({ selected: 'session', open: true });
    focus().select(null);
    expect(focus()).toMatchObject({ selected: null, open: false });
  });

  it('each "show in Context" is a new request; the Context tab clears only the one it handled', () => {
    const store = newStore();
    const focus = () => store.getState().focus;
    focus().revealInContext('persona');
    const first = focus().reveal;
    focus().revealInContext('persona');
    const second = focus().reveal;
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);
    focus().clearReveal(first?.seq ?? -1);
    expect(focus().reveal).toEqual(second);
    focus().clearReveal(second?.seq ?? -1);
    expect(focus()).toMatchObject({ reveal: null, selected: 'persona' });
  });

  it('is one per store: a second window starts with nothing selected', () => {
    const a = newStore();
    a.getState().focus.select('rules', true);
    expect(newStore().getState().focus).toMatchObject({ selected: null, open: false });
  });
});

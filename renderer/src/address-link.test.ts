import { describe, expect, it } from 'vitest';
import type { ApiTransport } from '../../shared/api';
import { createInspectorApi } from '../../shared/api';
import type { AddressPlace } from './address-link';
import { bindAddress } from './address-link';
import { createAppStore } from './store/create-store';

const api = createInspectorApi({
  invoke: async () => ({ ok: true, value: null }),
  on: () => () => undefined,
} satisfies ApiTransport);

function fakePlace(href: string) {
  const url = new URL(href);
  const listeners: (() => void)[] = [];
  const copied: string[] = [];
  const writes: string[] = [];
  const place: AddressPlace = {
    location: {
      get hash() {
        return url.hash;
      },
      get href() {
        return url.href;
      },
      get pathname() {
        return url.pathname;
      },
      get search() {
        return url.search;
      },
    },
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, to?: string | URL | null) => {
        const next = new URL(String(to), url);
        url.hash = next.hash;
        writes.push(next.hash);
      },
    },
    addEventListener: (_type, l) => listeners.push(l),
    removeEventListener: () => undefined,
    copyText: async (text) => {
      copied.push(text);
    },
  };
  const typeInAddress = (hash: string): void => {
    url.hash = hash;
    for (const l of listeners) l();
  };
  return { place, copied, writes, typeInAddress, url };
}

const defaults = { systemLanguage: 'en', languageChoice: 'en', theme: 'light' } as const;

describe('the address as a link', () => {
  it('opens on the Timeline and says so', () => {
    const store = createAppStore(api, defaults);
    const { place, url } = fakePlace('http://127.0.0.1:4000/');
    bindAddress(store, place);
    expect(store.getState().tab).toBe('timeline');
    expect(url.hash).toBe('#/timeline');
  });

  it('a link names the tab at once and keeps the address until its panel shows the selection', () => {
    const store = createAppStore(api, defaults);
    const { place, url } = fakePlace('http://127.0.0.1:4000/#/history/2026-11-30-21-40-54/section/rules');
    bindAddress(store, place);
    expect(store.getState().tab).toBe('history');
    store.getState().setLanguage('zh-CN'); // any other change: the link stays in the address
    expect(url.hash).toBe('#/history/2026-11-30-21-40-54/section/rules');
    const taken = store.getState().view.takePending('history');
    expect(taken).toEqual({ tab: 'history', snapshot: '2026-11-30-21-40-54', section: 'rules' });
    store.getState().view.showSnapshot('2026-11-30-21-40-54', 'rules');
    expect(url.hash).toBe('#/history/2026-11-30-21-40-54/section/rules');
    store.getState().view.showSnapshot('2026-11-30-22-00-00');
    expect(url.hash).toBe('#/history/2026-11-30-22-00-00');
  });

  it('follows the operator: tab and selected section', () => {
    const store = createAppStore(api, defaults);
    const { place, url, typeInAddress } = fakePlace('http://127.0.0.1:4000/');
    bindAddress(store, place);
    store.getState().view.showSection('identity');
    expect(url.hash).toBe('#/timeline/section/identity');
    store.getState().setTab('vars');
    expect(url.hash).toBe('#/vars');
    typeInAddress('#/context/section/rules');
    expect(store.getState().tab).toBe('context');
    expect(store.getState().view.takePending('context')).toMatchObject({ section: 'rules' });
    // A hostile hash changes nothing.
    typeInAddress('#/<script>');
    expect(store.getState().tab).toBe('context');
  });

  it('File ▸ Copy link copies the view without the query that carried the token', async () => {
    const store = createAppStore(api, defaults);
    const { place, copied } = fakePlace('http://127.0.0.1:4000/?token=s3cret');
    bindAddress(store, place);
    store.getState().view.showSection('identity');
    store.getState().view.requestCopyLink();
    await Promise.resolve();
    expect(copied).toEqual(['http://127.0.0.1:4000/#/timeline/section/identity']);
  });
});

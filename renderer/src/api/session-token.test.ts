import { describe, expect, it } from 'vitest';
import type { TokenPlace } from './session-token';
import { takeSessionToken } from './session-token';

/** A tab: its address bar, its history entry and its sessionStorage. */
function tab(href: string, stored: Record<string, string> = {}) {
  const state = { href, stored: { ...stored }, replaced: [] as string[] };
  const place: TokenPlace = {
    location: {
      get href() {
        return state.href;
      },
    },
    history: {
      state: null,
      replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => {
        state.href = new URL(String(url), state.href).href;
        state.replaced.push(String(url));
      },
    },
    storage: {
      getItem: (k) => state.stored[k] ?? null,
      setItem: (k, v) => {
        state.stored[k] = v;
      },
    },
  };
  return { state, place };
}

describe('session token of serve in the page', () => {
  it('takes the token from the URL once, keeps it in the tab, and removes it from the address bar', () => {
    const { state, place } = tab('http://127.0.0.1:4000/?token=abc_DEF-1&lang=en#vars');
    expect(takeSessionToken(place)).toBe('abc_DEF-1');
    expect(state.href).toBe('http://127.0.0.1:4000/?lang=en#vars');
    expect(Object.values(state.stored)).toEqual(['abc_DEF-1']);
  });

  it('a reload of the tab (URL without token) finds it in sessionStorage', () => {
    const first = tab('http://127.0.0.1:4000/?token=abc');
    takeSessionToken(first.place);
    const reloaded = tab(first.state.href, first.state.stored);
    expect(reloaded.state.href).toBe('http://127.0.0.1:4000/');
    expect(takeSessionToken(reloaded.place)).toBe('abc');
    expect(reloaded.state.replaced).toEqual([]);
  });

  it('a new token in the URL replaces the kept one (serve restarted on the same port)', () => {
    const { state, place } = tab('http://127.0.0.1:4000/?token=new', { 'eck-inspector.token': 'old' });
    expect(takeSessionToken(place)).toBe('new');
    expect(state.stored['eck-inspector.token']).toBe('new');
  });

  it('no token anywhere is null; storage that throws is survived', () => {
    expect(takeSessionToken(tab('http://127.0.0.1:4000/').place)).toBeNull();
    const { state, place } = tab('http://127.0.0.1:4000/?token=abc');
    const broken: TokenPlace = {
      ...place,
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
    };
    expect(takeSessionToken(broken)).toBe('abc');
    expect(state.href).toBe('http://127.0.0.1:4000/');
    expect(takeSessionToken({ ...broken, location: { href: state.href } })).toBeNull();
  });
});

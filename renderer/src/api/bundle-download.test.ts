import { describe, expect, it } from 'vitest';
import { dispositionName, downloadBundle } from './bundle-download';
import type { SaveTarget } from './bundle-download';
import { takeSessionToken } from './session-token';

function pageWithToken(token: string): void {
  takeSessionToken({
    location: { href: `http://127.0.0.1:1/?token=${token}` },
    history: { state: null, replaceState: () => undefined },
    storage: null,
  });
}

describe('the browser download of a bundle', () => {
  it('reads the file name the server gives, the UTF-8 form first', () => {
    expect(dispositionName(`attachment; filename="a.json"; filename*=UTF-8''%E5%BF%AB.json`)).toBe('快.json');
    expect(dispositionName('attachment; filename="a.json"')).toBe('a.json');
    expect(dispositionName(null)).toBeNull();
  });

  it('fetches with the token in a header, not the URL, and saves under the server’s name', async () => {
    pageWithToken('tok123');
    const seen: { url: string; auth: string | null }[] = [];
    const saved: string[] = [];
    const target: SaveTarget = {
      fetch: async (url, init) => {
        seen.push({ url, auth: new Headers(init.headers).get('authorization') });
        return new Response('{"format":"x"}', {
          headers: { 'content-disposition': 'attachment; filename="snapshot-k.json"' },
        });
      },
      save: (_blob, name) => saved.push(name),
    };
    const r = await downloadBundle({ id: 'abc', name: 'fallback.json', bytes: 14 }, target);
    expect(r).toEqual({ ok: true, value: { name: 'snapshot-k.json' } });
    expect(seen).toEqual([{ url: '/api/download/abc', auth: 'Bearer tok123' }]);
    expect(saved).toEqual(['snapshot-k.json']);
  });

  it('a download already taken is an error, and nothing is saved', async () => {
    pageWithToken('tok123');
    const saved: string[] = [];
    const target: SaveTarget = {
      fetch: async () => new Response('{}', { status: 404 }),
      save: (_blob, name) => saved.push(name),
    };
    const r = await downloadBundle({ id: 'gone', name: 'x.json', bytes: 2 }, target);
    expect(r.ok ? null : r.error.code).toBe('not-found');
    expect(saved).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { chooseStartMode } from './desktop-or-browser';
import type { FetchElectronResult } from './fetch-electron';

const missing = { ok: false as const, reason: 'node_modules/electron has no binary' };

/** A binary lookup that finds Electron once the stubbed installer "installed" it. */
function machine(fetchResult: FetchElectronResult) {
  let installed = false;
  let fetches = 0;
  return {
    get fetches() {
      return fetches;
    },
    findBinary: () => (installed ? { ok: true as const, path: '/app/electron' } : missing),
    fetchBinary: async () => {
      fetches += 1;
      if (fetchResult.ok) installed = true;
      return fetchResult;
    },
  };
}

describe('npm start: desktop or browser', () => {
  it('starts the desktop app at once when the binary is there', async () => {
    const m = machine({ ok: true });
    const choice = await chooseStartMode({
      findBinary: () => ({ ok: true, path: '/e' }),
      fetchBinary: m.fetchBinary,
      env: {},
    });
    expect(choice).toEqual({ mode: 'desktop', electronPath: '/e' });
    expect(m.fetches).toBe(0);
  });

  it('fetches the missing binary, then starts the desktop app', async () => {
    const m = machine({ ok: true });
    expect(await chooseStartMode({ ...m, env: {} })).toEqual({
      mode: 'desktop',
      electronPath: '/app/electron',
    });
    expect(m.fetches).toBe(1);
  });

  it('opens the browser mode with one line naming why when the fetch fails', async () => {
    const m = machine({ ok: false, reason: 'RequestError: getaddrinfo ENOTFOUND github.com' });
    const choice = await chooseStartMode({ ...m, env: {} });
    expect(choice.mode).toBe('browser');
    const line = choice.mode === 'browser' ? choice.line : '';
    expect(line).toContain('ENOTFOUND github.com');
    expect(line).toContain('browser mode');
    expect(line).not.toContain('\n');
  });

  it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD or ECK_NO_ELECTRON_FETCH is set', async () => {
    for (const env of [{ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, { ECK_NO_ELECTRON_FETCH: 'true' }]) {
      const m = machine({ ok: true });
      expect((await chooseStartMode({ ...m, env })).mode).toBe('browser');
      expect(m.fetches).toBe(0);
    }
  });
});

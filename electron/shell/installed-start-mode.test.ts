import { describe, expect, it } from 'vitest';
import { chooseInstalledStartMode } from './installed-start-mode';

const found = () => ({ ok: true as const, path: '/opt/electron/electron' });
const missing = () => ({ ok: false as const, reason: 'no electron' });

describe('installed eck-inspector: desktop or browser', () => {
  it('opens the desktop window where Electron is installed and a display exists', () => {
    expect(
      chooseInstalledStartMode({
        findBinary: found,
        env: { DISPLAY: ':0' },
        platform: 'linux',
        browserAsked: false,
      }),
    ).toEqual({ mode: 'desktop', electronPath: '/opt/electron/electron' });
    expect(
      chooseInstalledStartMode({
        findBinary: found,
        env: { WAYLAND_DISPLAY: 'wayland-0' },
        platform: 'linux',
        browserAsked: false,
      }).mode,
    ).toBe('desktop');
    // macOS and Windows need no display variable.
    for (const platform of ['darwin', 'win32'] as const) {
      expect(
        chooseInstalledStartMode({ findBinary: found, env: {}, platform, browserAsked: false }).mode,
      ).toBe('desktop');
    }
  });

  it('an agent host over SSH (no display) gets the browser mode, saying why', () => {
    const choice = chooseInstalledStartMode({
      findBinary: found,
      env: {},
      platform: 'linux',
      browserAsked: false,
    });
    expect(choice).toEqual({
      mode: 'browser',
      line: expect.stringContaining('there is no display') as unknown as string,
    });
  });

  it('without Electron it says how to get the desktop window, and never downloads', () => {
    let looked = 0;
    const choice = chooseInstalledStartMode({
      findBinary: () => {
        looked++;
        return missing();
      },
      env: { DISPLAY: ':0' },
      platform: 'linux',
      browserAsked: false,
    });
    expect(choice.mode).toBe('browser');
    expect(choice.mode === 'browser' ? choice.line : '').toContain('npm install -g electron');
    expect(looked).toBe(1);
  });

  it('--browser skips the desktop without a word, even where Electron is installed', () => {
    expect(
      chooseInstalledStartMode({
        findBinary: found,
        env: { DISPLAY: ':0' },
        platform: 'linux',
        browserAsked: true,
      }),
    ).toEqual({ mode: 'browser', line: null });
  });
});

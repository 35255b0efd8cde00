/** The window's security policy: web preferences and which links may leave the app. */
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_HOSTS, appWebPreferences, isAllowedExternal, isAppUrl } from './window-policy';

describe('window policy', () => {
  it('opens no external link while the app links to no host', () => {
    expect(EXTERNAL_LINK_HOSTS).toEqual([]);
    expect(isAllowedExternal('https://github.com/')).toBe(false);
  });

  it('allows only https URLs of a listed host, without credentials', () => {
    const hosts = ['docs.example.org'];
    expect(isAllowedExternal('https://docs.example.org/a?b#c', hosts)).toBe(true);
    expect(isAllowedExternal('https://DOCS.example.org/', hosts)).toBe(true);
    expect(isAllowedExternal('http://docs.example.org/', hosts)).toBe(false);
    expect(isAllowedExternal('https://docs.example.org.evil.com/', hosts)).toBe(false);
    expect(isAllowedExternal('https://user:pw@docs.example.org/', hosts)).toBe(false);
    expect(isAllowedExternal('file:///etc/passwd', hosts)).toBe(false);
    expect(isAllowedExternal('not a url', hosts)).toBe(false);
  });

  it('knows the app’s own pages', () => {
    expect(isAppUrl('app://inspector/index.html')).toBe(true);
    expect(isAppUrl('app://inspector.evil/index.html')).toBe(false);
    expect(isAppUrl('https://inspector/')).toBe(false);
  });

  it('disables auxclick and keeps the renderer isolated and sandboxed', () => {
    expect(appWebPreferences('/p/preload.js')).toMatchObject({
      preload: '/p/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });
});

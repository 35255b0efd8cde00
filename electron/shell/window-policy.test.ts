/** The app's own origin: the one page allowed to navigate the window and to call over IPC. */
import { describe, expect, it } from 'vitest';
import { isAppUrl } from './window-policy';

describe('window policy', () => {
  it('knows the app’s own pages, and nothing that only looks like them', () => {
    expect(isAppUrl('app://inspector/index.html')).toBe(true);
    expect(isAppUrl('app://inspector.evil/index.html')).toBe(false);
    expect(isAppUrl('app://inspector')).toBe(false);
    expect(isAppUrl('https://inspector/')).toBe(false);
  });
});

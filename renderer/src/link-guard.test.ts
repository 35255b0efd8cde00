/**
 * The page leaves for no link and opens no window: clicks on a link to another
 * page, or into a new window, are cancelled in the capture phase; `window.open` opens nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import type { GuardedEvent, GuardedWindow } from './link-guard';
import { installLinkGuard, leavesPage, refusesClick } from './link-guard';

const PAGE = 'http://127.0.0.1:5000/?token=abc#vars';

function link(href: string, target?: string) {
  const attrs: Record<string, string> = { href, ...(target === undefined ? {} : { target }) };
  return { tagName: 'A', getAttribute: (name: string) => attrs[name] ?? null };
}

function click(...path: unknown[]): GuardedEvent & { prevented: boolean } {
  return {
    prevented: false,
    composedPath: () => path,
    preventDefault() {
      this.prevented = true;
    },
  };
}

const span = { tagName: 'SPAN', getAttribute: () => null };

describe('leavesPage', () => {
  it.each([
    ['https://evil.example/x', true],
    ['javascript:alert(1)', true],
    ['file:///etc/passwd', true],
    ['/other', true],
    ['?token=other', true],
    ['#timeline', false],
    ['http://127.0.0.1:5000/?token=abc#x', false],
  ])('%s → %s', (href, leaves) => {
    expect(leavesPage(href, PAGE)).toBe(leaves);
  });
});

describe('refusesClick', () => {
  it('refuses a click inside a link to another page', () => {
    expect(refusesClick(click(span, link('https://evil.example/x'), span), PAGE)).toBe(true);
  });

  it('refuses a same-page link that opens a new window', () => {
    expect(refusesClick(click(link('#x', '_blank')), PAGE)).toBe(true);
  });

  it('lets a same-page anchor and a click outside links through', () => {
    expect(refusesClick(click(link('#x')), PAGE)).toBe(false);
    expect(refusesClick(click(link('#x', '_self')), PAGE)).toBe(false);
    expect(refusesClick(click(span, {}, 'text'), PAGE)).toBe(false);
  });
});

describe('installLinkGuard', () => {
  function fakeWindow() {
    const listeners: { type: string; listener: (e: GuardedEvent) => void; capture: boolean }[] = [];
    const realOpen = vi.fn(() => ({}));
    const win: GuardedWindow = {
      location: { href: PAGE },
      document: {
        addEventListener: (type, listener, capture) => void listeners.push({ type, listener, capture }),
      },
      open: realOpen,
    };
    return { win, listeners, realOpen };
  }

  it('cancels link clicks and middle clicks in the capture phase', () => {
    const { win, listeners } = fakeWindow();
    installLinkGuard(win);
    expect(listeners.map((l) => [l.type, l.capture])).toEqual([
      ['click', true],
      ['auxclick', true],
    ]);
    for (const { listener } of listeners) {
      const event = click(link('https://evil.example/x'));
      listener(event);
      expect(event.prevented).toBe(true);
    }
  });

  it('makes window.open open nothing', () => {
    const { win, realOpen } = fakeWindow();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installLinkGuard(win);
    expect(win.open('https://evil.example/x')).toBeNull();
    expect(realOpen).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/x'));
    warn.mockRestore();
  });
});

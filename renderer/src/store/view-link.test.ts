import { describe, expect, it } from 'vitest';
import type { ViewLink } from './view-link';
import { MAX_LINK_LENGTH, formatViewLink, linkUrl, parseViewLink, tabLink } from './view-link';

describe('view links', () => {
  const links: readonly ViewLink[] = [
    tabLink('timeline'),
    tabLink('history'),
    { tab: 'timeline', preset: null, agent: null, section: 'identity-layer' },
    { tab: 'context', preset: 'private-owner', agent: 'ada', section: 'rules/00 core' },
    { tab: 'vars', preset: 'coding', agent: null, section: null },
    { tab: 'history', snapshot: '2026-11-30-21-40-54', section: null },
    { tab: 'history', snapshot: '2026-11-30-21-40-54-2', section: '身份/#?%' },
  ];

  it('formats and parses back to the same view', () => {
    for (const link of links) expect(parseViewLink(formatViewLink(link))).toEqual(link);
  });

  it('writes the address of a Timeline section and of a section in a History snapshot', () => {
    expect(formatViewLink({ tab: 'timeline', preset: null, agent: null, section: 'a' })).toBe(
      '#/timeline/section/a',
    );
    expect(formatViewLink({ tab: 'history', snapshot: '2026-11-30-21-40-54', section: 'a' })).toBe(
      '#/history/2026-11-30-21-40-54/section/a',
    );
    // Slashes and hashes in an id stay inside their segment.
    expect(formatViewLink({ tab: 'timeline', preset: null, agent: null, section: 'a/b#c' })).toBe(
      '#/timeline/section/a%2Fb%23c',
    );
  });

  it('ignores hashes that name no tab', () => {
    for (const hash of ['', '#', '#/', '#timeline', '#/nope', '#/__proto__', '#/constructor/section/x', 'x'])
      expect(parseViewLink(hash)).toBeNull();
    expect(parseViewLink(`#/timeline/section/${'a'.repeat(MAX_LINK_LENGTH)}`)).toBeNull();
  });

  it('keeps the tab and drops a hostile or broken field', () => {
    const plainTimeline = tabLink('timeline');
    expect(parseViewLink('#/timeline/section/%E0%A4%A')).toEqual(plainTimeline); // bad encoding
    expect(parseViewLink('#/timeline/section/a%00b')).toEqual(plainTimeline); // control character
    expect(parseViewLink('#/timeline/section/')).toEqual(plainTimeline);
    expect(parseViewLink(`#/timeline/section/${'x'.repeat(300)}`)).toEqual(plainTimeline);
    expect(parseViewLink('#/timeline/preset/no-such/agent/ada')).toEqual(plainTimeline);
    // A snapshot key must look like one (no path, no traversal).
    expect(parseViewLink('#/history/..%2F..%2Fetc%2Fpasswd/section/a')).toEqual(tabLink('history'));
    expect(parseViewLink('#/history/section/a')).toEqual(tabLink('history'));
    // Unknown names are ignored; the first of a repeated name wins.
    expect(parseViewLink('#/timeline/token/abc/section/a/section/b')).toEqual({
      tab: 'timeline',
      preset: null,
      agent: null,
      section: 'a',
    });
  });

  it('a full link keeps the page and drops the query, where the session token arrives', () => {
    const url = linkUrl('http://127.0.0.1:5173/?token=s3cret#/vars', {
      tab: 'timeline',
      preset: null,
      agent: null,
      section: 'x',
    });
    expect(url).toBe('http://127.0.0.1:5173/#/timeline/section/x');
    expect(url).not.toContain('s3cret');
    expect(linkUrl('file:///opt/app/index.html?x=1', tabLink('history'))).toBe(
      'file:///opt/app/index.html#/history',
    );
  });
});

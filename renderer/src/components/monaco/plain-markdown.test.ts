/**
 * The escaper: hostile text, escaped, goes through the markdown parser Monaco
 * bundles (its copy of marked, GFM on, as its hovers use) and comes out as one paragraph of
 * exactly that text: no link, image, HTML, code, emphasis, heading or list.
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, plainMarkdown } from './plain-markdown';

// Monaco's own copy of marked, not the `marked` package: what the hover really parses with.
const MONACO_MARKED = 'monaco-editor/base/common/marked/marked.js';
const { marked } = (await import(/* @vite-ignore */ MONACO_MARKED)) as {
  marked: { parse(src: string, options: { async: false; gfm: true }): string };
};

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};

/** What the parser makes of `markdown`: the tags it produced and the text a reader sees. */
function render(markdown: string): { tags: string[]; text: string } {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const tags = [...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => (m[1] ?? '').toLowerCase());
  const text = html
    .replace(/<br>\n?/g, '\n')
    .replace(/<\/p>\n<p>/g, '\n\n')
    .replace(/<\/?p>/g, '')
    .replace(/&(lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .trim();
  return { tags: [...new Set(tags)], text };
}

const HOSTILE = [
  '[click](https://evil.example/x)',
  '![img](https://evil.example/x.png)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="https://evil.example/x">x</a>',
  '[run](command:workbench.action.terminal.new)',
  '[run][ref]\n\n[ref]: command:editor.action.x',
  '<https://evil.example/x>',
  'see https://evil.example/x now',
  'www.evil.example/x',
  'mail mallory@evil.example',
  '`code` and ``two `ticks` inside``',
  '```\nfenced\n```',
  '**bold** _em_ ~~gone~~',
  '# heading',
  '- item\n1. item',
  '> quote',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '&lt;img&gt; &amp; &#x3C;',
  '$(alert) theme icon',
  'a\\[b\\] escaped already',
];

describe('escapeMarkdown', () => {
  it.each(HOSTILE)('%j renders as its own text, no markup', (input) => {
    const { tags, text } = render(escapeMarkdown(input));
    expect(tags.filter((t) => t !== 'p' && t !== 'br')).toEqual([]);
    expect(text).toBe(input);
  });

  it('keeps line breaks and indentation as text, never as a code block', () => {
    const input = 'first\n    indented `x`\n\tkept';
    const { tags, text } = render(escapeMarkdown(input));
    expect(tags).not.toContain('pre');
    expect(tags).not.toContain('code');
    expect(text).toBe('first\n\u00a0\u00a0\u00a0\u00a0indented `x`\n\u00a0\u00a0\u00a0\u00a0kept');
  });

  it('leaves letters, digits and non-ASCII alone', () => {
    expect(escapeMarkdown('peerName 42 保留：值')).toBe('peerName 42 保留：值');
  });
});

describe('plainMarkdown', () => {
  it('is untrusted, without HTML or theme icons, and escaped', () => {
    expect(plainMarkdown('[click](https://evil.example/x)')).toEqual({
      value: escapeMarkdown('[click](https://evil.example/x)'),
      isTrusted: false,
      supportHtml: false,
      supportThemeIcons: false,
    });
  });
});

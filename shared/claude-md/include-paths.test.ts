import { describe, expect, it } from 'vitest';
import { extractIncludes } from './include-paths';
import { stripHtmlComments } from './strip-html-comments';

const paths = (content: string): string[] => extractIncludes(content, '/p', '/home/u').map((i) => i.resolved);

describe('extractIncludes (§19.2 syntax)', () => {
  it.each([
    ['@docs/a.md', ['/p/docs/a.md']],
    ['@./docs/a.md', ['/p/docs/a.md']],
    ['@~/notes.md', ['/home/u/notes.md']],
    ['@/abs/x.md', ['/abs/x.md']],
    ['@docs/a.md#section', ['/p/docs/a.md']],
    ['@my\\ file.md', ['/p/my file.md']],
    ['see @a.md and @b.md', ['/p/a.md', '/p/b.md']],
    ['mail me at me@example.com', []],
    ['@a.md twice @a.md', ['/p/a.md']],
    ['@#tag and @@x and @/', []],
    ['- item @list.md', ['/p/list.md']],
    ['**@bold.md** and [see @link.md](https://x.y/@no)', ['/p/bold.md', '/p/link.md']],
    ['<span>@tagged.md</span>', ['/p/tagged.md']],
    ['@docs/*.md and *.ts', ['/p/docs/*.md']],
  ])('%j → %j', (content, expected) => {
    expect(paths(content)).toEqual(expected);
  });

  it('ignores code spans, fenced and indented code blocks', () => {
    const content = [
      'use `@span.md` here',
      '',
      '```',
      '@fenced.md',
      '```',
      '',
      '~~~md',
      '@tilde.md',
      '~~~',
      '',
      '    @indented.md',
      '',
      'real @kept.md',
    ].join('\n');
    expect(paths(content)).toEqual(['/p/kept.md']);
  });

  it('ignores HTML comments but reads the text after a closed one', () => {
    const content = [
      '<!-- @hidden.md -->',
      '',
      '<!-- note --> @after.md',
      '',
      'x <!-- @inline.md --> @tail.md',
    ].join('\n');
    expect(paths(content)).toEqual(['/p/after.md', '/p/tail.md']);
  });

  it('ignores everything inside an unclosed comment', () => {
    expect(paths('@before.md\n\n<!-- open\n@inside.md\n')).toEqual(['/p/before.md']);
  });

  it('scans block quotes like the top level: code and comments inside them are skipped too', () => {
    expect(paths('> @quoted.md\n> ```\n> @code.md\n> ```\n> <!-- @hidden.md -->\n')).toEqual([
      '/p/quoted.md',
    ]);
  });

  it('an unclosed fence runs to the end', () => {
    expect(paths('```\n@a.md\n')).toEqual([]);
  });

  it('keeps the directive as written', () => {
    expect(extractIncludes('@./a.md#x', '/p', '/h')[0]).toEqual({
      directive: '@./a.md#x',
      path: './a.md',
      resolved: '/p/a.md',
    });
  });
});

describe('stripHtmlComments (§19.4)', () => {
  it('leaves a file without <!-- byte for byte, CRLF included', () => {
    expect(stripHtmlComments('a\r\nb\r\n')).toEqual({ content: 'a\r\nb\r\n', stripped: false });
  });

  it('removes closed comment blocks and keeps the rest of the line', () => {
    expect(stripHtmlComments('<!-- note --> Use bun\n\nNext\n').content).toBe(' Use bun\n\nNext\n');
    expect(stripHtmlComments('# T\n\n<!-- a\nmulti -->\n\nBody\n').content).toBe('# T\n\nBody\n');
  });

  it('keeps an unclosed comment and everything after it', () => {
    expect(stripHtmlComments('A\n\n<!-- open\nB\n')).toEqual({
      content: 'A\n\n<!-- open\nB\n',
      stripped: false,
    });
  });

  it('keeps comments nested in lists and quotes (not top-level blocks)', () => {
    expect(stripHtmlComments('- a\n  <!-- c -->\n').content).toBe('- a\n  <!-- c -->\n');
    expect(stripHtmlComments('> <!-- c -->\n').content).toBe('> <!-- c -->\n');
  });

  it('keeps a comment inside a paragraph and in code', () => {
    expect(stripHtmlComments('text <!-- c --> more\n').content).toBe('text <!-- c --> more\n');
    expect(stripHtmlComments('```\n<!-- c -->\n```\n').content).toBe('```\n<!-- c -->\n```\n');
  });

  it('normalises line endings once it rebuilds the file', () => {
    expect(stripHtmlComments('<!-- c -->\r\nA\r\n').content).toBe('A\n');
  });
});

// Claude Code 2.1.197 decides with its bundled marked 15 lexer: a comment line right after a
// list item is a top-level HTML token (marked ends the list there); one indented under a
// paragraph line is part of the paragraph.
describe('HTML comments by the marked lexer', () => {
  it('strips comment lines that follow a list item, and the comment lines after them', () => {
    expect(stripHtmlComments('- item\n<!-- a -->\n<!-- b -->\nnext\n').content).toBe('- item\nnext\n');
    expect(stripHtmlComments('1. one\n   <!-- nested -->\n<!-- top -->\n').content).toBe(
      '1. one\n   <!-- nested -->\n',
    );
  });

  it('keeps a comment indented 2–3 spaces right after a paragraph line', () => {
    for (const indent of ['  ', '   ']) {
      const text = `para\n${indent}<!-- kept -->\nmore\n`;
      expect(stripHtmlComments(text)).toEqual({ content: text, stripped: false });
    }
  });

  it('reads an include left beside a comment after a list, and none inside the comment', () => {
    expect(paths('- item\n<!-- @hidden.md --> @beside.md\n')).toEqual(['/p/beside.md']);
    expect(paths('- item\n<!-- c\n@inside.md\n-->\n')).toEqual([]);
  });
});

describe('@C:/x.md on Linux and macOS', () => {
  it('is a relative name, resolved from the including file’s folder', () => {
    expect(paths('@C:/x.md and @c:notes.md')).toEqual(['/p/C:/x.md', '/p/c:notes.md']);
  });
});

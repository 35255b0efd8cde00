import { describe, expect, it } from 'vitest';
import { expandBraces, parseFrontmatter } from './frontmatter';
import { testTarget } from './rule-target';

describe('parseFrontmatter (§19.3)', () => {
  it('removes the block and reads a comma list', () => {
    const parsed = parseFrontmatter('---\npaths: src/**/*.ts, tests/**/*.test.ts\n---\n# Body\n');
    expect(parsed.content).toBe('# Body\n');
    expect(parsed.paths).toEqual(['src/**/*.ts', 'tests/**/*.test.ts']);
  });

  it('reads a YAML list and a flow list', () => {
    expect(parseFrontmatter('---\npaths:\n  - src/**/*.ts\n  - "lib/**"\n---\n').paths).toEqual([
      'src/**/*.ts',
      'lib',
    ]);
    expect(parseFrontmatter('---\npaths: [a.ts, b.ts]\n---\n').paths).toEqual(['a.ts', 'b.ts']);
  });

  it('expands braces, also nested in a comma list', () => {
    expect(parseFrontmatter('---\npaths: src/*.{ts,tsx}, docs\n---\n').paths).toEqual([
      'src/*.ts',
      'src/*.tsx',
      'docs',
    ]);
    expect(expandBraces('{a,b}/{c,d}')).toEqual(['a/c', 'a/d', 'b/c', 'b/d']);
  });

  it('retries with quoted values when the first parse fails', () => {
    const parsed = parseFrontmatter('---\npaths: **/*.{ts,tsx}\n---\nBody');
    expect(parsed.error).toBeNull();
    expect(parsed.paths).toEqual(['**/*.ts', '**/*.tsx']);
  });

  it('drops a trailing /** and treats all-** as unconditional', () => {
    expect(parseFrontmatter('---\npaths: src/api/**\n---\n').paths).toEqual(['src/api']);
    expect(parseFrontmatter('---\npaths: "**"\n---\n').paths).toBeNull();
    expect(parseFrontmatter('---\npaths: ""\n---\n').paths).toBeNull();
  });

  it('reports a frontmatter that fails twice and treats it as empty', () => {
    const parsed = parseFrontmatter('---\npaths:\n  - **/*.ts\n---\nBody');
    expect(parsed.paths).toBeNull();
    expect(parsed.error?.line).toBe(3);
    expect(parsed.content).toBe('Body');
  });

  it('leaves a file without frontmatter alone', () => {
    expect(parseFrontmatter('# T\n---\n')).toMatchObject({ content: '# T\n---\n', hadFrontmatter: false });
    expect(parseFrontmatter('---\r\nx: 1\r\n---\r\nB').content).toBe('B');
  });
});

describe('testTarget (the ignore package, as Claude Code 2.1.197 uses it)', () => {
  it.each([
    [['src/**/*.ts'], 'src/a/b.ts', true],
    [['src/**/*.ts'], 'src/b.ts', true],
    [['src/**/*.ts'], 'lib/b.ts', false],
    [['*.ts'], 'deep/down/x.ts', true],
    [['src/*.ts'], 'src/x/y.ts', false],
    [['src'], 'src/x/y.ts', true],
    [['/src'], 'a/src/y.ts', false],
    [['docs/'], 'docs/a.md', true],
    [['docs/'], 'docs', false],
    [['**/*.test.ts'], 'a/b/c.test.ts', true],
    [['*.ts', '!*.d.ts'], 'a.d.ts', false],
    [['src', '!src/keep.ts'], 'src/keep.ts', true],
    [['a?.md'], 'ab.md', true],
    [['[ab].md'], 'c.md', false],
    // The package folds case by default, and Claude Code keeps the default.
    [['A/**'], 'a/x.ts', true],
  ])('%j on %s → %s', (globs, path, expected) => {
    expect(testTarget(globs, '/p', `/p/${path}`).matched).toBe(expected);
  });

  it('refuses a target outside the base folder or the base itself', () => {
    expect(testTarget(['**'], '/p', '/q/a.ts')).toMatchObject({ matched: false, tested: null });
    expect(testTarget(['**'], '/p', '/p')).toMatchObject({ matched: false, tested: null });
  });
});

describe('parseFrontmatter: Claude Code 2.1.197 quirks', () => {
  it('eats the whitespace after the closing --- (blank lines and indentation included)', () => {
    expect(parseFrontmatter('---\ntitle: x\n---\n\n\n   body\n').content).toBe('body\n');
  });

  it('closes the block at the first --- even inside a line', () => {
    expect(parseFrontmatter('---\ntitle: a---b\nrest\n').content).toBe('b\nrest\n');
  });

  it('reads a paths value that is not a string or list as no paths', () => {
    expect(parseFrontmatter('---\npaths: 5\n---\nx').paths).toBeNull();
    expect(parseFrontmatter('---\npaths: true\n---\nx').paths).toBeNull();
  });
});

// Claude Code 2.1.197 parses frontmatter with Bun.YAML; these are what Bun 1.4.0 reads.
describe('parseFrontmatter: YAML read as a YAML parser reads it', () => {
  const paths = (yaml: string) => parseFrontmatter(`---\n${yaml}\n---\nbody\n`).paths;

  it('a paths map gives no pattern: the rule is unconditional', () => {
    expect(paths('paths:\n  a: "*.ts"')).toBeNull();
  });

  it('a value the first parse refuses is quoted on the retry, and paths is still found', () => {
    const parsed = parseFrontmatter('---\ndescription: @docs first\npaths: src/*.ts\n---\nbody\n');
    expect(parsed.error).toBeNull();
    expect(parsed.paths).toEqual(['src/*.ts']);
  });

  it('a folded scalar joins its lines; a literal one keeps the newline inside one pattern', () => {
    expect(paths('paths: >\n  src/*.ts,\n  lib/*.ts')).toEqual(['src/*.ts', 'lib/*.ts']);
    expect(paths('paths: |\n  src/*.ts\n  lib/*.ts')).toEqual(['src/*.ts\nlib/*.ts']);
  });

  it('anchors, aliases, nested lists and tags', () => {
    expect(paths('base: &g src/*.ts\npaths: *g')).toEqual(['src/*.ts']);
    expect(paths('paths:\n  - - a/*.ts\n    - b/*.ts\n  - c.ts')).toEqual(['a/*.ts', 'b/*.ts', 'c.ts']);
    expect(paths('paths: !!str 5')).toEqual(['5']);
    expect(paths('paths: [5, "x.ts", null]')).toEqual(['x.ts']);
  });

  it('a duplicate key keeps the last value; several documents are no frontmatter', () => {
    expect(paths('paths: a.ts\npaths: b.ts')).toEqual(['b.ts']);
    expect(paths('paths: a.ts\n...\npaths: b.ts')).toBeNull();
  });

  it('a literal two-line pattern never matches a file', () => {
    expect(testTarget(['src/*.ts\nlib/*.ts'], '/p', '/p/src/a.ts').matched).toBe(false);
  });
});

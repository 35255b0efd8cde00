import { describe, expect, it } from 'vitest';
import { parseServeArgs } from './args';

describe('serve args', () => {
  it('parses every option', () => {
    expect(
      parseServeArgs(
        ['--home', 'h', '--package-root', 'p', '--claude-project', 'c', '--port', '8080', '--no-open'],
        {},
      ),
    ).toEqual({
      home: 'h',
      packageRoot: 'p',
      claudeProject: 'c',
      port: 8080,
      open: false,
      build: true,
      help: false,
    });
  });

  it('builds the renderer first unless --no-build', () => {
    expect(parseServeArgs([], {}).build).toBe(true);
    expect(parseServeArgs(['--no-build'], {}).build).toBe(false);
  });

  it('defaults to a free port and opening the browser, except under CI', () => {
    expect(parseServeArgs([], {})).toMatchObject({ port: 0, open: true });
    expect(parseServeArgs([], { CI: 'true' })).toMatchObject({ open: false });
  });

  it('refuses a bad port and unknown options', () => {
    expect(() => parseServeArgs(['--port', 'abc'], {})).toThrow('--port');
    expect(() => parseServeArgs(['--bogus'], {})).toThrow();
  });
});

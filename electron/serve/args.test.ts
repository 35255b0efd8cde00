import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { parseServeArgs, serveFolderProblem } from './args';

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
      archive: true,
      help: false,
    });
  });

  it('builds the renderer first unless --no-build', () => {
    expect(parseServeArgs([], {}).build).toBe(true);
    expect(parseServeArgs(['--no-build'], {}).build).toBe(false);
  });

  it('archives the home while serving unless --no-archive', () => {
    expect(parseServeArgs([], {}).archive).toBe(true);
    expect(parseServeArgs(['--no-archive'], {}).archive).toBe(false);
  });

  it('defaults to a free port and opening the browser, except under CI', () => {
    expect(parseServeArgs([], {})).toMatchObject({ port: 0, open: true });
    expect(parseServeArgs([], { CI: 'true' })).toMatchObject({ open: false });
  });

  it('refuses a bad port and unknown options', () => {
    expect(() => parseServeArgs(['--port', 'abc'], {})).toThrow('--port');
    expect(() => parseServeArgs(['--bogus'], {})).toThrow();
  });

  it('names the first folder option that names no folder (exit 2 in cli.ts and start.ts)', () => {
    const here = os.tmpdir();
    expect(serveFolderProblem(parseServeArgs(['--home', here, '--package-root', here], {}))).toBeNull();
    expect(serveFolderProblem(parseServeArgs(['--home', '/no/such/home'], {}))).toBe(
      '--home /no/such/home does not exist',
    );
    expect(serveFolderProblem(parseServeArgs(['--package-root', '/no/such/pkg'], {}))).toBe(
      '--package-root /no/such/pkg does not exist',
    );
    expect(serveFolderProblem(parseServeArgs(['--claude-project', '/no/such/cwd'], {}))).toBe(
      '--claude-project /no/such/cwd does not exist',
    );
  });
});

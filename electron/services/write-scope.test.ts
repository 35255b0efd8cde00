/**
 * The write scope: writes only inside the home and the settings folder, deletes only inside
 * the home's eck-debug, judged by real paths (symlinks followed, `..` resolved).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api';
import type { WriteScope } from './write-scope';
import { OutsideWorkspaceError, createWriteScope, realPathOf } from './write-scope';

let root = '';
let scope: WriteScope;
let home = '';
let settings = '';
let outside = '';

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'eck-scope-')));
  home = path.join(root, 'home');
  settings = path.join(root, 'settings');
  outside = path.join(root, 'outside');
  for (const d of [path.join(home, 'data', 'eck-debug'), settings, outside])
    fs.mkdirSync(d, { recursive: true });
  scope = createWriteScope({ home: () => home, settingsDir: () => settings });
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function refusal(run: () => unknown): ApiFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('write scope', () => {
  it('allows writes in the home and the settings folder, also of files not created yet', () => {
    expect(scope.writable(path.join(home, 'eck', 'eck_manifest.json'))).toBe(
      path.join(home, 'eck', 'eck_manifest.json'),
    );
    expect(scope.writable(path.join(settings, 'a', 'b.json'))).toBe(path.join(settings, 'a', 'b.json'));
  });

  it('refuses a path outside, one that climbs out with .., a relative one, and a NUL byte', () => {
    const e = refusal(() => scope.writable(path.join(outside, 'x')));
    expect(e).toBeInstanceOf(OutsideWorkspaceError);
    expect(e.code).toBe('outside-workspace');
    expect(e.path).toBe(path.join(outside, 'x'));
    expect(refusal(() => scope.writable(`${home}/../outside/x`)).code).toBe('outside-workspace');
    expect(refusal(() => scope.writable('eck/x.json')).code).toBe('outside-workspace');
    expect(refusal(() => scope.writable(`${home}/a\0b`)).code).toBe('invalid-input');
  });

  it('follows symlinks: a link in the home to a folder or file outside is outside', () => {
    fs.symlinkSync(outside, path.join(home, 'eck'));
    expect(refusal(() => scope.writable(path.join(home, 'eck', 'new.json'))).code).toBe('outside-workspace');
    fs.writeFileSync(path.join(outside, 'f'), 'x');
    fs.symlinkSync(path.join(outside, 'f'), path.join(settings, 'f.json'));
    expect(refusal(() => scope.writable(path.join(settings, 'f.json'))).code).toBe('outside-workspace');
    // A dangling link is judged by where it points.
    fs.symlinkSync(path.join(outside, 'later.json'), path.join(settings, 'later.json'));
    expect(realPathOf(path.join(settings, 'later.json'))).toBe(path.join(outside, 'later.json'));
    expect(refusal(() => scope.writable(path.join(settings, 'later.json'))).code).toBe('outside-workspace');
  });

  it('deletes only inside the home’s eck-debug, never the folder itself', () => {
    const debug = path.join(home, 'data', 'eck-debug');
    expect(scope.deletable(path.join(debug, 'vars-x.json'))).toBe(path.join(debug, 'vars-x.json'));
    expect(refusal(() => scope.deletable(debug)).code).toBe('outside-workspace');
    expect(refusal(() => scope.deletable(path.join(home, 'eck', 'eck_manifest.json'))).code).toBe(
      'outside-workspace',
    );
    expect(refusal(() => scope.deletable(path.join(settings, 'x'))).code).toBe('outside-workspace');
  });

  it('a symlinked file in eck-debug is deleted as the link, not what it points to', () => {
    const debug = path.join(home, 'data', 'eck-debug');
    fs.symlinkSync(path.join(outside, 'target'), path.join(debug, 'vars-y.json'));
    expect(scope.deletable(path.join(debug, 'vars-y.json'))).toBe(path.join(debug, 'vars-y.json'));
  });

  it('writableIn keeps a target inside one settings subfolder; a granted path is allowed once', () => {
    const bundles = path.join(settings, 'bundles');
    expect(scope.writableIn('bundles', path.join(bundles, 'b.json'))).toBe(path.join(bundles, 'b.json'));
    expect(refusal(() => scope.writableIn('bundles', path.join(settings, 'b.json'))).code).toBe(
      'outside-workspace',
    );
    const picked = path.join(outside, 'picked.json');
    scope.grantOnce(picked);
    expect(scope.writableIn('bundles', picked)).toBe(picked);
    expect(refusal(() => scope.writableIn('bundles', picked)).code).toBe('outside-workspace');
  });

  it('follows the open home when it changes', () => {
    const other = path.join(root, 'other-home');
    fs.mkdirSync(other);
    const target = path.join(other, 'eck', 'x.json');
    expect(refusal(() => scope.writable(target)).code).toBe('outside-workspace');
    home = other;
    expect(scope.writable(target)).toBe(target);
  });
});

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

  it('names the link that leads out and where it leads; a link at the name leading inside is allowed (replaced)', () => {
    fs.symlinkSync(outside, path.join(home, 'eck'));
    const target = path.join(home, 'eck', 'm.json');
    const e = refusal(() => scope.writable(target));
    expect(e.message).toBe(
      `refusing to write ${target}: ${path.join(home, 'eck')} is a link to ${outside}, outside the home (${home}) and the settings folder (${settings})`,
    );
    expect(e.refusal).toMatchObject({ why: 'link-outside', link: path.join(home, 'eck'), dest: outside });
    fs.writeFileSync(path.join(home, 'real.json'), '{}');
    fs.symlinkSync(path.join(home, 'real.json'), path.join(home, 'alias.json'));
    // The write replaces the link itself (pinned-write.ts), so its location is what is returned.
    expect(scope.writeTarget(path.join(home, 'alias.json'))).toEqual({
      path: path.join(home, 'alias.json'),
      folder: home,
      name: 'alias.json',
    });
  });

  it('deletes nothing when eck-debug itself leads out of the real home', () => {
    const debug = path.join(home, 'data', 'eck-debug');
    fs.rmSync(debug, { recursive: true });
    fs.symlinkSync(outside, debug);
    const e = refusal(() => scope.deletable(path.join(debug, 'vars-x.json')));
    expect(e.message).toBe(
      `refusing to clean ${debug}: ${debug} is a link to ${outside}, outside the home (${home})`,
    );
    expect(refusal(() => scope.deleteRoot()).code).toBe('outside-workspace');
  });

  it('a settings folder that is a link is judged by where it leads: usable', () => {
    const real = path.join(root, 'dotfiles');
    fs.mkdirSync(real);
    const linked = path.join(root, 'settings-link');
    fs.symlinkSync(real, linked);
    const own = createWriteScope({ home: () => home, settingsDir: () => linked });
    expect(own.writable(path.join(linked, 'scenarios.json'))).toBe(path.join(real, 'scenarios.json'));
    expect(own.writableIn('bundles', path.join(linked, 'bundles', 'b.json'))).toBe(
      path.join(real, 'bundles', 'b.json'),
    );
  });
});

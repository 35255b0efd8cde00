import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api';
import { openInEditor } from './open-in-editor';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-open-'));
const home = path.join(root, 'home');
const packageRoot = path.join(root, 'pkg');
fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
fs.mkdirSync(path.join(packageRoot, 'kits'), { recursive: true });
fs.writeFileSync(path.join(packageRoot, 'kits', 'eck_manifest.json'), '{}');
fs.writeFileSync(path.join(root, 'secret.txt'), 'no');
fs.symlinkSync(path.join(root, 'secret.txt'), path.join(home, 'eck', 'link.txt'));
const roots = { home, packageRoot };

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiFailure) return e.toApiError().code;
    throw e;
  }
  return 'no error';
}

describe('openInEditor', () => {
  it('in serve mode names the file and its file:// URL without opening it', async () => {
    const r = await openInEditor(roots, 'kits/eck_manifest.json', null);
    expect(r).toEqual({
      path: path.join(packageRoot, 'kits', 'eck_manifest.json'),
      url: `file://${path.join(packageRoot, 'kits', 'eck_manifest.json')}`,
      opened: false,
    });
  });

  it('with an opener asks the OS to open the real path', async () => {
    const opened: string[] = [];
    const r = await openInEditor(roots, path.join(home, 'eck'), async (p) => {
      opened.push(p);
      return '';
    });
    expect(r.opened).toBe(true);
    expect(opened).toEqual([fs.realpathSync(path.join(home, 'eck'))]);
  });

  it('refuses paths outside the workspace, through .. or a symlink', async () => {
    expect(await failure(openInEditor(roots, path.join(root, 'secret.txt'), null))).toBe('outside-workspace');
    expect(await failure(openInEditor(roots, '../secret.txt', null))).toBe('outside-workspace');
    expect(await failure(openInEditor(roots, path.join(home, 'eck', 'link.txt'), null))).toBe(
      'outside-workspace',
    );
  });

  it('a missing file is not-found; an OS failure is reported', async () => {
    expect(await failure(openInEditor(roots, 'kits/nope.md', null))).toBe('not-found');
    expect(await failure(openInEditor(roots, 'kits/eck_manifest.json', async () => 'no app'))).toBe(
      'internal',
    );
  });
});

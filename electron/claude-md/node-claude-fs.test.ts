import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeClaudeFs, listRaw } from './node-claude-fs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-claude-fs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the Node port of the CLAUDE.md assembly', () => {
  // `find` prints a folder in the order the file system returns it, unsorted — the order
  // Claude Code (a Bun binary) walks rules folders in. Node's `readdir` would sort.
  it.skipIf(process.platform !== 'linux')('lists a folder in raw directory order, as find does', () => {
    const dir = path.join(root, 'rules');
    fs.mkdirSync(dir);
    for (const name of ['zeta.md', 'Alpha.md', 'mid', 'beta.md', '0.md', 'notes.txt', 'b', 'a.md'])
      if (name.includes('.')) fs.writeFileSync(path.join(dir, name), name);
      else fs.mkdirSync(path.join(dir, name));
    fs.symlinkSync('zeta.md', path.join(dir, 'link.md'));
    const raw = execFileSync('find', [dir, '-mindepth', '1', '-maxdepth', '1', '-printf', '%f\\n'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    const listed = listRaw(dir);
    if ('error' in listed) throw new Error(listed.message);
    expect(listed.map((e) => e.name)).toEqual(raw);
    expect(Object.fromEntries(listed.map((e) => [e.name, e.kind]))).toMatchObject({
      'zeta.md': 'file',
      mid: 'directory',
      'link.md': 'symlink',
    });
  });

  it('returns errors as values', () => {
    const port = createNodeClaudeFs();
    expect(port.list(path.join(root, 'missing'))).toMatchObject({ error: 'ENOENT' });
    expect(port.realpath(path.join(root, 'missing'))).toMatchObject({ error: 'ENOENT' });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FOLDER_ENTRIES, listTargetFolder, searchTargets } from './claude-target-tree';

let tmp: string;
let cwd: string;
let outside: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-targets-'));
  cwd = path.join(tmp, 'project');
  outside = path.join(tmp, 'elsewhere');
  fs.mkdirSync(path.join(cwd, 'src', 'api'), { recursive: true });
  fs.mkdirSync(path.join(cwd, 'node_modules', 'lib'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.ts'), 'x');
  fs.writeFileSync(path.join(cwd, 'README.md'), '# r');
  fs.writeFileSync(path.join(cwd, 'src', 'main.ts'), 'x');
  fs.writeFileSync(path.join(cwd, 'src', 'api', 'handler.ts'), 'x');
  fs.writeFileSync(path.join(cwd, 'node_modules', 'lib', 'handler.ts'), 'x');
  fs.symlinkSync(outside, path.join(cwd, 'linked-out'));
  fs.symlinkSync(path.join(cwd, 'src'), path.join(cwd, 'linked-src'));
});

afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('listTargetFolder', () => {
  it('lists the working directory, folders first, and says what each entry is', async () => {
    const answer = await listTargetFolder(cwd, '');
    expect(answer.entries.map((e) => [e.name, e.kind])).toEqual([
      ['linked-src', 'folder'],
      ['node_modules', 'folder'],
      ['src', 'folder'],
      ['linked-out', 'outside'],
      ['README.md', 'file'],
    ]);
    expect(answer.truncated).toBe(false);
  });

  it('names entries by their path relative to the project, as the target field takes it', async () => {
    const answer = await listTargetFolder(cwd, 'src/api');
    expect(answer.entries).toEqual([{ name: 'handler.ts', path: 'src/api/handler.ts', kind: 'file' }]);
  });

  it('refuses "..", absolute paths and a link that leads out of the project', async () => {
    await expect(listTargetFolder(cwd, '../elsewhere')).rejects.toThrow(/without "\.\."/);
    await expect(listTargetFolder(cwd, outside)).rejects.toThrow(/relative to the project/);
    await expect(listTargetFolder(cwd, 'linked-out')).rejects.toThrow(/leads outside the project/);
    await expect(listTargetFolder(cwd, 'no-such')).rejects.toThrow(/no such folder/);
  });

  it('caps a huge folder and says it did', async () => {
    const big = path.join(cwd, 'big');
    fs.mkdirSync(big);
    for (let i = 0; i < MAX_FOLDER_ENTRIES + 5; i += 1) fs.writeFileSync(path.join(big, `f${i}.md`), '');
    const answer = await listTargetFolder(cwd, 'big');
    expect(answer.entries).toHaveLength(MAX_FOLDER_ENTRIES);
    expect(answer.truncated).toBe(true);
  });
});

describe('searchTargets', () => {
  it('finds files by part of their path, case-insensitively, shallow ones first, skipping node_modules and links', async () => {
    const answer = await searchTargets(cwd, 'HANDLER');
    expect(answer.matches).toEqual(['src/api/handler.ts']);
    expect(answer.complete).toBe(true);
    expect((await searchTargets(cwd, '.ts')).matches).toEqual(['src/main.ts', 'src/api/handler.ts']);
  });

  it('an empty query finds nothing without walking', async () => {
    expect(await searchTargets(cwd, '  ')).toEqual({ query: '  ', matches: [], visited: 0, complete: true });
  });

  it('stops when its time is up and says the answer is incomplete', async () => {
    let t = 0;
    const answer = await searchTargets(cwd, 'zzz', () => (t += 1000));
    expect(answer.complete).toBe(false);
  });
});

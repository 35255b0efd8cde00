import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import type { WorkspaceWatcher } from './watcher';
import { watchWorkspace } from './watcher';

let dir = '';
let watcher: WorkspaceWatcher | null = null;

afterEach(async () => {
  await watcher?.close();
  watcher = null;
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
});

function tree(): { home: string; packageRoot: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-watch-'));
  const home = path.join(dir, 'home');
  const packageRoot = path.join(dir, 'pkg');
  fs.mkdirSync(path.join(home, 'agents', 'a'), { recursive: true });
  fs.mkdirSync(path.join(packageRoot, 'kits', 'rules'), { recursive: true });
  fs.mkdirSync(path.join(packageRoot, 'kits', 'node_modules'), { recursive: true });
  return { home, packageRoot };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('workspace watcher', () => {
  it('1,000 file writes in the kit become one burst', async () => {
    const roots = tree();
    const bursts: (readonly string[])[] = [];
    watcher = watchWorkspace(roots, (p) => bursts.push(p), { delayMs: 100 });
    await watcher.ready;
    for (let i = 0; i < 1000; i++) {
      fs.writeFileSync(
        path.join(roots.packageRoot, 'kits', 'rules', `r${String(i).padStart(4, '0')}.md`),
        `rule ${i}\n`,
      );
    }
    await until(() => bursts.length > 0);
    await sleep(400);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]?.length).toBeGreaterThanOrEqual(1000);
  });

  it('reports a change in an agent folder and ignores node_modules', async () => {
    const roots = tree();
    const bursts: (readonly string[])[] = [];
    watcher = watchWorkspace(roots, (p) => bursts.push(p), { delayMs: 50 });
    await watcher.ready;
    fs.writeFileSync(path.join(roots.packageRoot, 'kits', 'node_modules', 'x.js'), 'x');
    await sleep(300);
    expect(bursts).toHaveLength(0);
    fs.writeFileSync(path.join(roots.home, 'agents', 'a', 'config.json'), '{}');
    await until(() => bursts.length > 0);
    expect(bursts[0]).toEqual([path.join(roots.home, 'agents', 'a', 'config.json')]);
  });

  it('does not loop on a symlink back to a parent', async () => {
    const roots = tree();
    fs.symlinkSync(roots.home, path.join(roots.home, 'agents', 'a', 'loop'));
    const bursts: (readonly string[])[] = [];
    watcher = watchWorkspace(roots, (p) => bursts.push(p), { delayMs: 50 });
    await watcher.ready;
    fs.writeFileSync(path.join(roots.home, 'agents', 'a', 'note.md'), 'n');
    await until(() => bursts.length > 0);
    expect(bursts.flat()).toContain(path.join(roots.home, 'agents', 'a', 'note.md'));
  });
});

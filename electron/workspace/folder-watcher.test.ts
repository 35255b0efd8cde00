import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import type { FolderEntry, FolderWatchFs } from './folder-watcher';
import { nodeFolderWatchFs } from './folder-watcher';
import type { WorkspaceWatcher } from './watcher';
import { watchWorkspace } from './watcher';

/** The real calls, counted per path: what the watcher costs is what it lists and watches. */
function countingFs(): { fs: FolderWatchFs; listed: string[]; watched: string[]; kinds: string[] } {
  const listed: string[] = [];
  const watched: string[] = [];
  const kinds: string[] = [];
  return {
    listed,
    watched,
    kinds,
    fs: {
      readdir(dir): Promise<readonly FolderEntry[]> {
        listed.push(dir);
        return nodeFolderWatchFs.readdir(dir);
      },
      watch(dir, onEvent, onError) {
        watched.push(dir);
        return nodeFolderWatchFs.watch(dir, onEvent, onError);
      },
      kind(p) {
        kinds.push(p);
        return nodeFolderWatchFs.kind(p);
      },
      mayHaveSubfolders: (d) => nodeFolderWatchFs.mayHaveSubfolders(d),
    },
  };
}

let dir = '';
let watcher: WorkspaceWatcher | null = null;

afterEach(async () => {
  await watcher?.close();
  watcher = null;
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A home with a big eck-debug and a data/ of other things, and a kit with one big folder. */
function bigTree(files = 20): { home: string; packageRoot: string; debug: string; bigKit: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-folder-watch-'));
  const home = path.join(dir, 'home');
  const packageRoot = path.join(dir, 'pkg');
  const debug = path.join(home, 'data', 'eck-debug');
  const bigKit = path.join(packageRoot, 'kits', 'docs');
  for (const d of [debug, path.join(home, 'data', 'sessions'), path.join(home, 'eck'), bigKit])
    fs.mkdirSync(d, { recursive: true });
  fs.mkdirSync(path.join(home, 'agents', 'a', 'notes'), { recursive: true });
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(debug, `vars-${i}.json`), '{}');
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(bigKit, `doc-${i}.md`), 'x');
  return { home, packageRoot, debug, bigKit };
}

describe('folder watcher: one watch per folder, never per file', () => {
  it('is ready without listing, stating or watching anything in eck-debug; each folder listed once', async () => {
    const t = bigTree(500);
    const c = countingFs();
    watcher = watchWorkspace(t, () => undefined, { fs: c.fs });
    await watcher.ready;
    // eck-debug is the History service's: neither listed nor watched here, nor any of its files.
    expect(c.listed.filter((p) => p.startsWith(t.debug))).toEqual([]);
    expect(c.watched.filter((p) => p.startsWith(t.debug))).toEqual([]);
    // data/ is watched (to see eck-debug appear) but never listed.
    expect(c.watched).toContain(path.join(t.home, 'data'));
    expect(c.listed).not.toContain(path.join(t.home, 'data'));
    // The big kit folder: at most one listing (none where the link count shows it has no
    // subfolders) and one watch for its 500 files, no stat of any of them.
    expect(c.listed.filter((p) => p === t.bigKit).length).toBeLessThanOrEqual(1);
    expect(c.watched.filter((p) => p.startsWith(t.bigKit))).toEqual([t.bigKit]);
    expect(c.kinds).toEqual([]);
    // Nothing listed or watched twice; one watch per folder in scope.
    expect(new Set(c.listed).size).toBe(c.listed.length);
    expect(new Set(c.watched).size).toBe(c.watched.length);
    expect(watcher.watchedCount).toBe(c.watched.length);
    expect(c.watched.length).toBeLessThan(12);
  });

  it('a folder without subfolders is watched, not listed; where the link count says nothing, listed once', async () => {
    const t = bigTree(50);
    const real = countingFs();
    watcher = watchWorkspace(t, () => undefined, { fs: real.fs });
    await watcher.ready;
    const leaf = fs.statSync(t.bigKit).nlink === 2;
    expect(real.listed.filter((p) => p === t.bigKit)).toHaveLength(leaf ? 0 : 1);
    expect(real.watched).toContain(t.bigKit);
    await watcher.close();
    // btrfs, NTFS: a folder's link count is 1 whatever it holds.
    const counting = countingFs();
    const uncounted = { ...counting.fs, mayHaveSubfolders: () => Promise.resolve(true) };
    watcher = watchWorkspace(t, () => undefined, { fs: uncounted });
    await watcher.ready;
    expect(counting.listed.filter((p) => p === t.bigKit)).toHaveLength(1);
    // The same folders watched; the order is the walk's, whose listings finish in any order.
    expect([...counting.watched].sort()).toEqual([...real.watched].sort());
  });

  it('a home inside the kit (the demo home) is listed once, not once per root', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-folder-watch-'));
    const packageRoot = path.join(dir, 'pkg');
    const home = path.join(packageRoot, 'kits', 'demo-home');
    fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
    fs.mkdirSync(path.join(home, 'data', 'eck-debug'), { recursive: true });
    const c = countingFs();
    watcher = watchWorkspace({ home, packageRoot }, () => undefined, { fs: c.fs });
    await watcher.ready;
    expect(c.listed.filter((p) => p === home)).toHaveLength(1);
    expect(new Set(c.listed).size).toBe(c.listed.length);
    expect(c.watched).not.toContain(path.join(home, 'data', 'eck-debug'));
  });

  it('reports a file written in a big kit folder, and eck-debug appearing under data/', async () => {
    const t = bigTree();
    fs.rmSync(t.debug, { recursive: true });
    const bursts: (readonly string[])[] = [];
    watcher = watchWorkspace(t, (p) => bursts.push(p), { delayMs: 50 });
    await watcher.ready;
    fs.writeFileSync(path.join(t.bigKit, 'doc-7.md'), 'changed');
    await until(() => bursts.flat().includes(path.join(t.bigKit, 'doc-7.md')));
    fs.mkdirSync(t.debug);
    await until(() => bursts.flat().includes(t.debug));
    // Other things of data/ are not ours.
    const seen = bursts.flat().length;
    fs.writeFileSync(path.join(t.home, 'data', 'sessions', 'x.log'), 'x');
    fs.writeFileSync(path.join(t.debug, 'vars-1.json'), '{}');
    await new Promise((r) => setTimeout(r, 300));
    expect(bursts.flat()).toHaveLength(seen);
  });

  it('a folder made after the start is watched, with what was already in it', async () => {
    const t = bigTree();
    const bursts: (readonly string[])[] = [];
    watcher = watchWorkspace(t, (p) => bursts.push(p), { delayMs: 50 });
    await watcher.ready;
    const added = path.join(t.packageRoot, 'kits', 'rules', 'deep');
    fs.mkdirSync(added, { recursive: true });
    fs.writeFileSync(path.join(added, 'a.md'), 'a');
    await until(() => bursts.flat().includes(path.join(added, 'a.md')));
    fs.writeFileSync(path.join(added, 'b.md'), 'b');
    await until(() => bursts.flat().includes(path.join(added, 'b.md')));
    // Gone again: its watcher is closed, the removal reported.
    const before = watcher.watchedCount;
    fs.rmSync(path.join(t.packageRoot, 'kits', 'rules'), { recursive: true });
    await until(() => watcher !== null && watcher.watchedCount < before);
    expect(bursts.flat()).toContain(path.join(t.packageRoot, 'kits', 'rules'));
  });
});

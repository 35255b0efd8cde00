/**
 * The pinned write against a hostile folder: links at the backup and temp names are
 * replaced, never written through; missing folders are not created through a planted link; a
 * folder swapped for a link between the temp file and the rename is refused with nothing left
 * anywhere; and a real swapping race never lands a byte outside.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api';
import type { WriteOps } from './pinned-write';
import { NODE_WRITE_OPS, writePinned } from './pinned-write';
import { createWriteScope } from './write-scope';
import { TEMP_FILE_PATTERN } from './temp-files';

let root = '';
let home = '';
let eck = '';
let outside = '';

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'eck-pinned-')));
  home = path.join(root, 'home');
  eck = path.join(home, 'eck');
  outside = path.join(root, 'outside');
  fs.mkdirSync(eck, { recursive: true });
  fs.mkdirSync(outside);
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const scope = () => createWriteScope({ home: () => home, settingsDir: () => path.join(root, 'settings') });

/** Every entry below `dir`, links not followed. */
function tree(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    out.push(path.relative(root, p));
    if (e.isDirectory()) out.push(...tree(p));
  }
  return out.sort();
}

function refusal(run: () => unknown): ApiFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('links at the names the write creates', () => {
  it('a .bak that is a link to an outside file is replaced by a regular file of the old bytes', () => {
    const target = path.join(eck, 'm.json');
    fs.writeFileSync(target, 'old bytes');
    const victim = path.join(outside, 'bashrc');
    fs.writeFileSync(victim, 'export PS1=mine\n');
    fs.symlinkSync(victim, `${target}.bak`);
    expect(writePinned(target, 'new', { backup: true, folder: scope().writeTarget(target).folder })).toBe(
      `${target}.bak`,
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('export PS1=mine\n');
    expect(fs.lstatSync(`${target}.bak`).isFile()).toBe(true);
    expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('old bytes');
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
  });

  it('a link planted at the temp name is refused by the exclusive create, never followed', () => {
    const target = path.join(eck, 'm.json');
    const victim = path.join(outside, 'victim');
    fs.writeFileSync(victim, 'precious');
    // The names the writer will try: planted as links before it creates them.
    const planted: string[] = [];
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create(file, data) {
        expect(TEMP_FILE_PATTERN.test(path.basename(file))).toBe(true);
        fs.symlinkSync(victim, file);
        planted.push(file);
        return NODE_WRITE_OPS.create(file, data);
      },
    };
    expect(() => writePinned(target, 'new', { ops })).toThrow(/EEXIST/);
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    // The planted link is not ours: left where it is (and still a link).
    expect(planted).toHaveLength(1);
    expect(fs.lstatSync(planted[0] as string).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('does not create missing folders through a link planted in the missing part', () => {
    // `deep` does not exist when the write is approved; a link to outside appears there first.
    const target = path.join(eck, 'deep', 'er', 'm.json');
    const folder = scope().writeTarget(target).folder;
    fs.symlinkSync(outside, path.join(eck, 'deep'));
    const e = refusal(() => writePinned(target, 'x', { folder }));
    expect(e.code).toBe('outside-workspace');
    expect(e.message).toContain(`${path.join(eck, 'deep')} changed while saving`);
    expect(tree(outside)).toEqual([]);
  });
});

describe('a folder swapped for a link mid-save', () => {
  /** Moves the home's eck aside (inside the home) and puts a link to `outside` in its place. */
  const swap = (): void => {
    fs.renameSync(eck, path.join(home, 'eck-aside'));
    fs.symlinkSync(outside, eck);
  };

  it('between the temp file and the rename: refused, and no file left outside nor in the home', () => {
    const target = path.join(eck, 'm.json');
    fs.writeFileSync(target, 'old');
    const folder = scope().writeTarget(target).folder;
    let creates = 0;
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create(file, data) {
        const made = NODE_WRITE_OPS.create(file, data);
        // After the second temp (the backup's), right before the re-check and the renames.
        if (++creates === 2) swap();
        return made;
      },
    };
    const e = refusal(() => writePinned(target, 'new', { backup: true, folder, ops }));
    expect(e.code).toBe('outside-workspace');
    expect(e.message).toBe(
      `refusing to write ${target}: ${eck} changed while saving (it now leads to ${outside}); nothing was written there`,
    );
    expect(e.refusal?.why).toBe('changed');
    expect(tree(outside)).toEqual([]);
    expect(fs.readdirSync(path.join(home, 'eck-aside'))).toEqual(['m.json']);
    expect(fs.readFileSync(path.join(home, 'eck-aside', 'm.json'), 'utf8')).toBe('old');
  });

  it('between the folder check and the temp file: the temp created outside is removed there', () => {
    const target = path.join(eck, 'm.json');
    const folder = scope().writeTarget(target).folder;
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create(file, data) {
        swap(); // The temp file now goes through the link, into outside.
        return NODE_WRITE_OPS.create(file, data);
      },
    };
    expect(refusal(() => writePinned(target, 'new', { folder, ops })).refusal?.why).toBe('changed');
    expect(tree(outside)).toEqual([]);
    expect(fs.readdirSync(path.join(home, 'eck-aside'))).toEqual([]);
  });

  it('swapped and back before the re-check: the temp name is no longer our file, refused', () => {
    const target = path.join(eck, 'm.json');
    const folder = scope().writeTarget(target).folder;
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create(file, data) {
        swap();
        const made = NODE_WRITE_OPS.create(file, data); // lands in outside
        fs.unlinkSync(eck);
        fs.renameSync(path.join(home, 'eck-aside'), eck); // and the folder is back
        return made;
      },
    };
    expect(refusal(() => writePinned(target, 'new', { folder, ops })).refusal?.why).toBe('changed');
    // Found by its open descriptor where it ended up (Linux), and removed.
    if (process.platform === 'linux') expect(tree(outside)).toEqual([]);
    expect(fs.readdirSync(eck)).toEqual([]);
  });
});

/**
 * Swaps `<home>/eck` between a link to the home's own folder and a link to `outside`, each
 * swap one atomic rename of a prepared link, until told to stop or 5 s have passed.
 */
const SWAPPER = `
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
const { eck, inside, outside, stop } = workerData;
const flag = new Int32Array(stop);
const started = Date.now();
let swaps = 0;
while (Atomics.load(flag, 0) === 0 && Date.now() - started < 5000) {
  for (const dest of [outside, inside]) {
    const tmp = eck + '.swap';
    try { fs.unlinkSync(tmp); } catch {}
    fs.symlinkSync(dest, tmp);
    fs.renameSync(tmp, eck);
    swaps++;
  }
}
Atomics.store(flag, 1, swaps);
`;

describe('a real race', () => {
  it('1000 saves while another thread swaps the folder for a link (capped at 5 s): nothing lands outside', async () => {
    // The home's eck is a link to its own folder (allowed: it resolves inside the home).
    const inside = path.join(home, 'eck-real');
    fs.renameSync(eck, inside);
    fs.symlinkSync(inside, eck);
    const target = path.join(eck, 'm.json');
    const stop = new SharedArrayBuffer(8);
    const flag = new Int32Array(stop);
    const worker = new Worker(SWAPPER, { eval: true, workerData: { eck, inside, outside, stop } });
    const done = new Promise<void>((resolve, reject) => {
      worker.once('exit', () => resolve());
      worker.once('error', reject);
    });
    const counts = { saved: 0, refused: 0, failed: 0, seenOutside: 0 };
    const started = Date.now();
    const s = scope();
    try {
      for (let i = 0; i < 1000 && Date.now() - started < 5000; i++) {
        try {
          writePinned(target, `save ${i}`, { backup: true, folder: s.writeTarget(target).folder });
          counts.saved++;
        } catch (error) {
          if (error instanceof ApiFailure && error.code === 'outside-workspace') counts.refused++;
          else counts.failed++; // ENOENT: the rename missed through the link, nothing written.
        }
        if (fs.readdirSync(outside).length > 0) counts.seenOutside++;
      }
    } finally {
      Atomics.store(flag, 0, 1);
      await done;
    }
    expect(counts.seenOutside).toBe(0);
    expect(tree(outside)).toEqual([]);
    // No temp file of ours anywhere in the home.
    expect(fs.readdirSync(inside).filter((n) => TEMP_FILE_PATTERN.test(n))).toEqual([]);
    expect(counts.saved + counts.refused + counts.failed).toBeGreaterThan(0);
    expect(Atomics.load(flag, 1)).toBeGreaterThan(0);
    console.info(
      `race: ${JSON.stringify(counts)}, ${Atomics.load(flag, 1)} swaps, ${Date.now() - started} ms`,
    );
  }, 15_000);
});

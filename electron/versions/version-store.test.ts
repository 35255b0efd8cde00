import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { NO_CHANGE } from '../../shared/override/override-change';
import { VERSION_ID } from '../../shared/override/override-versions';
import type { OverrideStoreContext } from '../overrides/override-store';
import { contentHash, saveOverride } from '../overrides/override-store';
import type { WriteOps } from '../services/pinned-write';
import { NODE_WRITE_OPS } from '../services/pinned-write';
import { createWriteScope } from '../services/write-scope';
import {
  HARD_CAP,
  KEEP_COUNT,
  KEEP_DAYS,
  VERSIONS_FOLDER,
  VersionStore,
  homeFolderName,
} from './version-store';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 11, 1, 12, 0, 0);
const FILE = 'eck_manifest.json';
const BASE = {
  sections: [
    { id: 'rules', type: 'directory', path: '$KITS_RULES', order: 10, needsInjection: false, when: 'always' },
    {
      id: 'persona',
      type: 'directory',
      path: '$KITS_PERSONA',
      order: 20,
      needsInjection: false,
      when: 'always',
    },
  ],
};
const text = (enabled: boolean): string =>
  `${JSON.stringify({ sections: [{ id: 'rules', enabled }] }, null, 2)}\n`;

let root: string;
let home: string;
let settings: string;
let clock: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-versions-'));
  home = path.join(root, 'home');
  settings = path.join(root, 'settings');
  fs.mkdirSync(path.join(root, 'pkg', 'kits'), { recursive: true });
  fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
  fs.writeFileSync(path.join(root, 'pkg', 'kits', FILE), JSON.stringify(BASE));
  clock = T0;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const scope = () => createWriteScope({ home: () => home, settingsDir: () => settings });
const storeWith = (ops?: WriteOps): VersionStore =>
  new VersionStore({
    settingsDir: () => settings,
    scope: scope(),
    now: () => clock,
    ...(ops === undefined ? {} : { ops, unlink: (f: string) => ops.unlink(f) }),
  });
const overridePath = (): string => path.join(home, 'eck', FILE);
const ctxWith = (store: VersionStore, ops?: WriteOps): OverrideStoreContext => ({
  home,
  packageRoot: path.join(root, 'pkg'),
  scope: scope(),
  versions: { store, reason: 'save' },
  ...(ops === undefined ? {} : { ops }),
});
const save = (ctx: OverrideStoreContext, next: string) => {
  const disk = fs.existsSync(overridePath()) ? fs.readFileSync(overridePath(), 'utf8') : null;
  return saveOverride(ctx, {
    manifestFile: FILE,
    text: next,
    expectedHash: disk === null ? null : contentHash(disk),
    force: false,
  });
};

describe('names', () => {
  test('one folder per home (readable name + hash of its path) and per manifest file, in the settings folder', () => {
    const store = storeWith();
    fs.writeFileSync(overridePath(), text(true));
    const r = save(ctxWith(store), text(false));
    expect(r).toMatchObject({ kind: 'saved', versionError: null });
    const folder = path.join(settings, VERSIONS_FOLDER, homeFolderName(home), FILE);
    const names = fs.readdirSync(folder);
    expect(names).toHaveLength(1);
    expect(names[0]?.slice(0, -5)).toMatch(VERSION_ID);
    expect(homeFolderName(home)).toMatch(/^home-[0-9a-f]{12}$/);
    // Another home of the same folder name is another folder.
    expect(homeFolderName(path.join(root, 'other', 'home'))).not.toBe(homeFolderName(home));
    // Nothing was written into the home but the override and its .bak.
    expect(fs.readdirSync(path.join(home, 'eck')).sort()).toEqual([FILE, `${FILE}.bak`]);
  });

  test('the list is newest first, holds the replaced text, its size and what the save changed', () => {
    const store = storeWith();
    fs.writeFileSync(overridePath(), text(true));
    save(ctxWith(store), text(false));
    clock += 1000;
    const second = save(
      ctxWith(store),
      `${JSON.stringify({
        sections: [
          { id: 'rules', enabled: false },
          { id: 'persona', enabled: false },
        ],
      })}\n`,
    );
    const list = store.list(home, FILE);
    expect(second).toMatchObject({ kind: 'saved' });
    expect(list.map((v) => v.text)).toEqual([text(false), text(true)]);
    expect(list[0]?.meta).toMatchObject({
      keptAt: T0 + 1000,
      bytes: Buffer.byteLength(text(false)),
      reason: 'save',
    });
    expect(list[0]?.meta.change).toEqual({ on: [], off: ['persona'], changed: [], other: false });
    expect(list[1]?.meta.change).toEqual({ on: [], off: ['rules'], changed: [], other: false });
  });

  test('the same text is not kept twice in a row, and a clock that steps back keeps the order', () => {
    const store = storeWith();
    const a = store.keep(home, FILE, text(true), NO_CHANGE, 'save');
    expect(store.keep(home, FILE, text(true), NO_CHANGE, 'save')).toBe(a);
    clock -= 60_000;
    const b = store.keep(home, FILE, text(false), NO_CHANGE, 'save');
    expect(store.ids(home, FILE)).toEqual([b, a]);
  });

  test('files that are not versions are ignored; a broken version file is left out, not thrown', () => {
    const store = storeWith();
    const id = store.keep(home, FILE, text(true), NO_CHANGE, 'save');
    const folder = store.folderOf(home, FILE);
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'x');
    fs.writeFileSync(path.join(folder, '0000000000001-deadbeef.json'), '{broken');
    expect(store.list(home, FILE).map((v) => v.meta.id)).toEqual([id]);
    expect(store.read(home, FILE, '../../x')).toBeNull();
  });
});

describe('limits', () => {
  test(`keeps the newest ${KEEP_COUNT} and everything younger than ${KEEP_DAYS} days, whichever keeps more`, () => {
    const store = storeWith();
    // 60 versions a day apart, the newest now: 30 days hold 31 of them; 50 are the newest.
    const ids: string[] = [];
    for (let i = 59; i >= 0; i--) {
      clock = T0 - i * DAY;
      ids.unshift(store.keep(home, FILE, `{"n":${i}}`, NO_CHANGE, 'save'));
    }
    clock = T0;
    expect(store.prune(home, FILE)).toEqual(ids.slice(KEEP_COUNT));
    expect(store.ids(home, FILE)).toEqual(ids.slice(0, KEEP_COUNT));
  });

  test('a burst of saves today keeps them all (past 50), and last month is kept by the count', () => {
    const store = storeWith();
    clock = T0 - 40 * DAY;
    const old = store.keep(home, FILE, '{"old":true}', NO_CHANGE, 'save');
    clock = T0 - DAY;
    for (let i = 0; i < 80; i++) {
      clock += 1000;
      store.keep(home, FILE, `{"n":${i}}`, NO_CHANGE, 'save');
    }
    clock = T0;
    // 81 versions: the 80 of today are younger than 30 days, so all stay; the old one is 81st.
    expect(store.prune(home, FILE)).toEqual([old]);
    expect(store.ids(home, FILE)).toHaveLength(80);
  });

  test(`never more than ${HARD_CAP}, however young`, () => {
    const store = storeWith();
    const folder = store.folderOf(home, FILE);
    fs.mkdirSync(folder, { recursive: true });
    // Written directly: 510 keeps through the pinned writer would be slow for a unit test.
    for (let i = 0; i < HARD_CAP + 10; i++) {
      const id = `${String(T0 - i).padStart(13, '0')}-${i.toString(16).padStart(8, '0')}`;
      fs.writeFileSync(
        path.join(folder, `${id}.json`),
        JSON.stringify({
          format: 1,
          keptAt: T0 - i,
          text: '{}',
          reason: 'save',
          hash: '',
          change: NO_CHANGE,
        }),
      );
    }
    expect(store.prune(home, FILE)).toHaveLength(10);
    expect(store.ids(home, FILE)).toHaveLength(HARD_CAP);
  });

  test('retention deletes only inside the versions folder (a link there is removed, not followed)', () => {
    const store = storeWith();
    const outside = path.join(root, 'precious.json');
    fs.writeFileSync(outside, 'keep me');
    const ids: string[] = [];
    for (let i = 0; i < KEEP_COUNT + 1; i++) {
      clock = T0 - (100 - i) * DAY;
      ids.push(store.keep(home, FILE, `{"n":${i}}`, NO_CHANGE, 'save'));
    }
    const oldest = path.join(store.folderOf(home, FILE), `${ids[0]}.json`);
    fs.rmSync(oldest);
    fs.symlinkSync(outside, oldest);
    clock = T0;
    expect(store.prune(home, FILE)).toEqual([ids[0]]);
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep me');
    expect(() => scope().deletableIn(VERSIONS_FOLDER, outside)).toThrow(/outside|delete/i);
  });
});

/**
 * Write operations that "crash" after `n` mutating steps: from then on every step throws, so
 * nothing is cleaned up either — what a killed process leaves behind.
 */
function crashingOps(n: number): WriteOps & { crashed: () => boolean } {
  let steps = 0;
  const guard =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      if (steps++ >= n) throw Object.assign(new Error('crash'), { code: 'EIO' });
      return run(...args);
    };
  return {
    ...NODE_WRITE_OPS,
    create: guard(NODE_WRITE_OPS.create),
    rename: guard(NODE_WRITE_OPS.rename),
    unlink: guard(NODE_WRITE_OPS.unlink),
    mkdir: guard(NODE_WRITE_OPS.mkdir),
    crashed: () => steps > n,
  };
}

describe('a crash between any two writes of a save', () => {
  test('leaves the replaced text restorable from the list, for every step it can stop at', () => {
    const before = text(true);
    const after = text(false);
    let n = 0;
    for (; ; n++) {
      fs.rmSync(settings, { recursive: true, force: true });
      fs.rmSync(path.join(home, 'eck'), { recursive: true, force: true });
      fs.mkdirSync(path.join(home, 'eck'));
      fs.writeFileSync(overridePath(), before);
      const ops = crashingOps(n);
      save(ctxWith(storeWith(ops), ops), after);
      // After the "restart": the list (with the file now) still has the text the save replaced.
      const store = storeWith();
      const now = fs.readFileSync(overridePath(), 'utf8');
      expect([before, after]).toContain(now); // never half of either
      const kept = store.list(home, FILE).find((v) => v.text === before);
      // The "dead" process's temp files, aged past the stale limit: the next keep removes them.
      const versionsDir = store.folderOf(home, FILE);
      const temps = (): string[] =>
        fs.existsSync(versionsDir) ? fs.readdirSync(versionsDir).filter((f) => f.endsWith('.tmp')) : [];
      for (const f of temps()) fs.utimesSync(path.join(versionsDir, f), new Date(0), new Date(0));
      if (now === before) {
        if (!ops.crashed()) throw new Error('a save that did not crash must replace the file');
        // Saving again after the restart works, keeps the old text once, and leaves no temp.
        expect(save(ctxWith(store), after).kind).toBe('saved');
        expect(store.list(home, FILE).filter((v) => v.text === before)).toHaveLength(1);
      } else {
        expect(kept, `crash after ${n} steps: the replaced text must be in the list`).toBeDefined();
        // Restore from the list: the same safe save, and the file is the old text again.
        const r = saveOverride(
          { ...ctxWith(store), versions: { store, reason: 'restore' } },
          { manifestFile: FILE, text: kept?.text ?? '', expectedHash: contentHash(now), force: false },
        );
        expect(r.kind).toBe('saved');
        expect(fs.readFileSync(overridePath(), 'utf8')).toBe(before);
        // …and the restore kept what it replaced: it can be undone the same way.
        expect(store.list(home, FILE)[0]?.text).toBe(after);
      }
      expect(temps()).toEqual([]);
      if (!ops.crashed()) break;
    }
    // The version (folders, temp, rename) and the override (temp, bak temp, two renames): many stops.
    expect(n).toBeGreaterThanOrEqual(6);
  });
});

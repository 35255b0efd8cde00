import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { WriteOps } from './atomic-write';
import { NODE_WRITE_OPS, WriteFailure, writeFileAtomic } from './atomic-write';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-atomic-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const failing = (step: keyof WriteOps, code: string): WriteOps => ({
  ...NODE_WRITE_OPS,
  [step]: () => {
    throw Object.assign(new Error(`${code}: simulated`), { code });
  },
});

/** Everything in the folder but the target and its backup: temp files left behind. */
const leftovers = (): string[] => fs.readdirSync(dir).filter((n) => !/^m\.json(\.bak)?$/.test(n));

describe('writeFileAtomic', () => {
  test('writes the new text and keeps the previous version as .bak', () => {
    const target = path.join(dir, 'm.json');
    expect(writeFileAtomic(target, 'one')).toBeNull();
    expect(writeFileAtomic(target, 'two')).toBe(`${target}.bak`);
    expect(fs.readFileSync(target, 'utf8')).toBe('two');
    expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('one');
    expect(leftovers()).toEqual([]);
  });

  test.each<[keyof WriteOps, string, string]>([
    ['rename', 'EXDEV', 'io-error'],
    ['create', 'ENOSPC', 'disk-full'],
    ['create', 'EROFS', 'read-only'],
    ['read', 'EACCES', 'read-only'],
  ])('a %s that fails with %s leaves the old file intact and no temp file', (step, code, reason) => {
    const target = path.join(dir, 'm.json');
    fs.writeFileSync(target, 'old');
    let thrown: unknown;
    try {
      writeFileAtomic(target, 'new', { ops: failing(step, code) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WriteFailure);
    expect((thrown as WriteFailure).reason).toBe(reason);
    expect((thrown as WriteFailure).message).toContain('unchanged');
    expect(fs.readFileSync(target, 'utf8')).toBe('old');
    expect(leftovers()).toEqual([]);
  });

  test('a backup that cannot be created leaves the old file, the old .bak and no temp file', () => {
    const target = path.join(dir, 'm.json');
    fs.writeFileSync(target, 'old');
    fs.writeFileSync(`${target}.bak`, 'older');
    let calls = 0;
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create: (file, data) => {
        calls++;
        if (calls === 2) throw Object.assign(new Error('denied'), { code: 'EACCES' });
        return NODE_WRITE_OPS.create(file, data);
      },
    };
    expect(() => writeFileAtomic(target, 'new', { ops })).toThrow(/keeping a backup.*unchanged/);
    expect(fs.readFileSync(target, 'utf8')).toBe('old');
    expect(fs.readFileSync(`${target}.bak`, 'utf8')).toBe('older');
    expect(leftovers()).toEqual([]);
  });

  test('a temp file half-written when the disk fills up is removed', () => {
    const target = path.join(dir, 'm.json');
    fs.writeFileSync(target, 'old');
    const ops: WriteOps = {
      ...NODE_WRITE_OPS,
      create: (file, data) => {
        fs.writeFileSync(file, String(data).slice(0, 2), { flag: 'wx' });
        throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      },
    };
    expect(() => writeFileAtomic(target, 'new text', { ops })).toThrow(/disk is full/);
    expect(fs.readFileSync(target, 'utf8')).toBe('old');
    expect(leftovers()).toEqual([]);
  });

  test.skipIf(process.getuid?.() === 0)('a read-only folder gives a clear error', () => {
    const target = path.join(dir, 'm.json');
    fs.writeFileSync(target, 'old');
    fs.chmodSync(dir, 0o500);
    try {
      expect(() => writeFileAtomic(target, 'new')).toThrow(/not writable.*unchanged/);
    } finally {
      fs.chmodSync(dir, 0o700);
    }
    expect(fs.readFileSync(target, 'utf8')).toBe('old');
  });
});

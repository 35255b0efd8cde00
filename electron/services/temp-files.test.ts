/**
 * Temp files: random names of the app's pattern, removed on failure, stale ones cleaned.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTextAtomic } from './pinned-write';
import { STALE_TEMP_AGE_MS, TEMP_FILE_PATTERN, cleanStaleTemps, tempPathFor } from './temp-files';

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-temps-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('temp files', () => {
  it('are random, beside the target, of the app pattern', () => {
    const a = tempPathFor(path.join(dir, 'eck_manifest.json'));
    const b = tempPathFor(path.join(dir, 'eck_manifest.json'));
    expect(a).not.toBe(b);
    expect(path.dirname(a)).toBe(dir);
    const m = TEMP_FILE_PATTERN.exec(path.basename(a));
    expect(m?.[1]).toBe('eck_manifest.json');
    expect(m?.[2]).toBe(String(process.pid));
  });

  it('writeTextAtomic replaces the file and leaves no temp; on failure the temp is removed', () => {
    const target = path.join(dir, 'x.json');
    writeTextAtomic(target, 'one');
    writeTextAtomic(target, 'two');
    expect(fs.readFileSync(target, 'utf8')).toBe('two');
    const blocked = path.join(dir, 'blocked.json');
    fs.mkdirSync(blocked);
    fs.writeFileSync(path.join(blocked, 'inside'), 'x');
    expect(() => writeTextAtomic(blocked, 'three')).toThrow();
    expect(fs.readdirSync(dir).sort()).toEqual(['blocked.json', 'x.json']);
  });

  it('cleans temps of dead processes and old ones; keeps live ones and other files', () => {
    const now = Date.now();
    const dead = '.eck_manifest.json.111.0a1b2c3d.tmp';
    const live = '.eck_manifest.json.222.0a1b2c3e.tmp';
    const oldLive = '.scenarios.json.222.0a1b2c3f.tmp';
    const other = 'eck_manifest.json.tmp';
    for (const n of [dead, live, oldLive, other]) fs.writeFileSync(path.join(dir, n), '');
    const past = new Date(now - STALE_TEMP_AGE_MS - 1000);
    fs.utimesSync(path.join(dir, oldLive), past, past);
    fs.mkdirSync(path.join(dir, '.x.json.111.0a1b2c30.tmp'));
    const removed = cleanStaleTemps(dir, { now, isAlive: (pid) => pid === 222 });
    expect(removed.sort()).toEqual([dead, oldLive].sort());
    expect(fs.readdirSync(dir).sort()).toEqual(['.x.json.111.0a1b2c30.tmp', live, other].sort());
    expect(cleanStaleTemps(path.join(dir, 'missing'))).toEqual([]);
  });
});

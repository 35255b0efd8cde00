import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRendererStale } from './build-freshness';

let dir = '';
afterEach(() => {
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
});

function touch(p: string, mtimeSec: number): void {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, 'x');
  fs.utimesSync(p, mtimeSec, mtimeSec);
}

describe('renderer build freshness', () => {
  it('is stale when a source is newer than the built page, fresh otherwise', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-fresh-'));
    const dist = path.join(dir, 'dist', 'renderer');
    touch(path.join(dist, 'index.html'), 2000);
    touch(path.join(dir, 'renderer', 'src', 'app.tsx'), 1000);
    touch(path.join(dir, 'shared', 'api', 'methods.ts'), 1500);
    expect(isRendererStale(dir, dist)).toBe(false);
    touch(path.join(dir, 'shared', 'api', 'methods.ts'), 3000);
    expect(isRendererStale(dir, dist)).toBe(true);
  });

  it('a missing build is not "stale" (run-serve says "not built" instead)', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-fresh-'));
    expect(isRendererStale(dir, path.join(dir, 'dist', 'renderer'))).toBe(false);
  });
});

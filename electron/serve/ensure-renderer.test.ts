import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureRendererBuilt, rendererBuildNeed } from './ensure-renderer';

let dir = '';
afterEach(() => {
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function touch(p: string, mtimeSec: number): void {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, 'x');
  fs.utimesSync(p, mtimeSec, mtimeSec);
}

/** A source checkout as a fresh clone has it: renderer sources, no dist/. */
function freshClone(): { root: string; dist: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-ensure-'));
  touch(path.join(dir, 'renderer', 'vite.config.ts'), 1000);
  touch(path.join(dir, 'renderer', 'src', 'app.tsx'), 1000);
  touch(path.join(dir, 'shared', 'api', 'methods.ts'), 1000);
  return { root: dir, dist: path.join(dir, 'dist', 'renderer') };
}

function recordingBuild(dist: string, code = 0): { calls: number; run: () => Promise<number> } {
  const rec = {
    calls: 0,
    run: async (): Promise<number> => {
      rec.calls += 1;
      if (code === 0) touch(path.join(dist, 'index.html'), 5000);
      return code;
    },
  };
  return rec;
}

describe('serve builds the renderer before serving it', () => {
  it('on a fresh clone (no dist/) it builds instead of serving the 503 page', async () => {
    const { root, dist } = freshClone();
    expect(rendererBuildNeed(root, dist)).toBe('missing');
    const build = recordingBuild(dist);
    const lines: string[] = [];
    expect(await ensureRendererBuilt(root, dist, build.run, (l) => lines.push(l))).toBe(true);
    expect(build.calls).toBe(1);
    expect(lines.join('\n')).toContain('building the renderer');
    expect(fs.existsSync(path.join(dist, 'index.html'))).toBe(true);
  });

  it('rebuilds when a source is newer than the build, and not when the build is fresh', async () => {
    const { root, dist } = freshClone();
    touch(path.join(dist, 'index.html'), 2000);
    const build = recordingBuild(dist);
    expect(await ensureRendererBuilt(root, dist, build.run, () => undefined)).toBe(true);
    expect(build.calls).toBe(0);
    touch(path.join(root, 'renderer', 'src', 'app.tsx'), 3000);
    expect(rendererBuildNeed(root, dist)).toBe('stale');
    expect(await ensureRendererBuilt(root, dist, build.run, () => undefined)).toBe(true);
    expect(build.calls).toBe(1);
  });

  it('reports a failed build so the caller stops', async () => {
    const { root, dist } = freshClone();
    const lines: string[] = [];
    const build = recordingBuild(dist, 2);
    expect(await ensureRendererBuilt(root, dist, build.run, (l) => lines.push(l))).toBe(false);
    expect(lines.at(-1)).toContain('exit code 2');
  });

  it('does not try to build without renderer sources (a packaged app)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-ensure-'));
    const dist = path.join(dir, 'dist', 'renderer');
    expect(rendererBuildNeed(dir, dist)).toBeNull();
    const build = recordingBuild(dist);
    expect(await ensureRendererBuilt(dir, dist, build.run, () => undefined)).toBe(true);
    expect(build.calls).toBe(0);
  });
});

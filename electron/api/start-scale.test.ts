/**
 * Start does not depend on history size: opening a home, watcher included, touches
 * nothing inside its eck-debug folder (no listing, no stat, no watch of its files), and the
 * History's first answer lists that folder exactly once (its stale-temp sweep included).
 * Every fs call of the process is counted by path through spies on node:fs.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCoreHarness } from './test-support/core-harness';

const harness = useCoreHarness();

afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

/** Records the path of every listing, stat and watch the process makes from now on. */
function countFsCalls(): { listed: string[]; touched: string[] } {
  const listed: string[] = [];
  const touched: string[] = [];
  const record = (into: string[], p: unknown): void => void into.push(path.resolve(String(p)));
  const readdirSync = fs.readdirSync.bind(fs);
  vi.spyOn(fs, 'readdirSync').mockImplementation(((p: fs.PathLike, o?: unknown) => {
    record(listed, p);
    return readdirSync(p, o as never);
  }) as typeof fs.readdirSync);
  const readdir = fs.promises.readdir.bind(fs.promises);
  vi.spyOn(fs.promises, 'readdir').mockImplementation(((p: fs.PathLike, o?: unknown) => {
    record(listed, p);
    return readdir(p, o as never);
  }) as typeof fs.promises.readdir);
  const opendirSync = fs.opendirSync.bind(fs);
  vi.spyOn(fs, 'opendirSync').mockImplementation(((p: fs.PathLike, o?: fs.OpenDirOptions) => {
    record(listed, p);
    return opendirSync(p, o);
  }) as typeof fs.opendirSync);
  for (const name of ['statSync', 'lstatSync', 'watch'] as const) {
    const original = (fs[name] as (...args: unknown[]) => unknown).bind(fs);
    vi.spyOn(fs, name).mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
      record(touched, p);
      return original(p, ...rest);
    }) as never);
  }
  // Named imports of node:fs (`import { readdirSync } from 'node:fs'`) see the spies too.
  syncBuiltinESMExports();
  return { listed, touched };
}

const inside = (dir: string) => (p: string) => p === dir || p.startsWith(dir + path.sep);

describe('start with a big eck-debug', () => {
  it('opens and watches the home without touching eck-debug; the first History answer lists it once', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-start-scale-');
    const debug = path.join(home, 'data', 'eck-debug');
    fs.mkdirSync(debug, { recursive: true });
    const template = path.join(home, 'vars-template.json');
    fs.writeFileSync(template, '{}');
    for (let i = 0; i < 1500; i++) {
      const ts = `2026-01-01-00-${String(Math.floor(i / 60) % 60).padStart(2, '0')}-${String(i % 60).padStart(2, '0')}`;
      fs.linkSync(template, path.join(debug, `vars-${ts}${i >= 3600 ? `-${i}` : ''}.json`));
    }
    const calls = countFsCalls();
    const core = await harness.start({ choice: { home, packageRoot }, watch: true });
    expect(calls.listed.filter(inside(debug)), 'listed at start').toEqual([]);
    expect(calls.touched.filter(inside(debug)), 'stated or watched at start').toEqual([]);
    // Nothing at all is listed twice while opening.
    expect(new Set(calls.listed).size).toBe(calls.listed.length);

    const listing = await core.dispatch('getHistory', undefined);
    expect(listing.ok).toBe(true);
    expect(calls.listed.filter((p) => p === debug)).toHaveLength(1);
    // Its files are not stated one by one for the first rows either.
    expect(calls.touched.filter((p) => p.startsWith(debug + path.sep)).length).toBeLessThan(10);
  });
});

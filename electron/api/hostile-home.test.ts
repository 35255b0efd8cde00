/**
 * A shared or downloaded home cannot reach outside it, through the real core and
 * its dispatcher as both transports call it: links planted in a copy of the demo home aim a
 * Save's backup, the History clean and the stale-temp cleanup at files outside, and each one
 * is refused or replaced; the user's own settings folder may be a link and stays usable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../shared/api';
import { refusalText } from '../../shared/api';
import type { ManifestFilePair, SaveOverrideResult } from '../../shared/override/override-file';
import { useCoreHarness } from './test-support/core-harness';

const harness = useCoreHarness();

async function start(plant: (dirs: { root: string; home: string; outside: string }) => void) {
  const { root, home, packageRoot } = harness.appWorkspace('eck-hostile-');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(outside);
  plant({ root, home, outside });
  await harness.start({ choice: { home, packageRoot } });
  return { root, home: fs.realpathSync(home), outside };
}

async function answer(method: string, input: unknown): Promise<ApiResult<unknown>> {
  return (await harness.core.dispatch(method, input)) as ApiResult<unknown>;
}

describe('a hostile home', () => {
  it.each([
    ['an existing file', true],
    ['a file not there yet (a dangling link)', false],
  ])('Save with eck_manifest.json.bak a link to %s outside: that file is untouched', async (_, exists) => {
    const { home, outside } = await start(({ home: h, outside: o }) => {
      if (exists) fs.writeFileSync(path.join(o, 'bashrc'), 'export PS1=mine\n');
      fs.symlinkSync(path.join(o, 'bashrc'), path.join(h, 'eck', 'eck_manifest.json.bak'));
    });
    const bak = path.join(home, 'eck', 'eck_manifest.json.bak');
    const pair = await harness.call<ManifestFilePair>('loadManifestPair', {
      manifestFile: 'eck_manifest.json',
    });
    const old = pair.override?.text ?? '';
    const text = old.replace('"sections": [', '"sections": [\n    { "id": "rules", "enabled": false },');
    expect(text).not.toBe(old);
    const saved = await harness.call<SaveOverrideResult>('saveOverride', {
      manifestFile: 'eck_manifest.json',
      text,
      expectedHash: pair.override?.hash ?? null,
      force: false,
    });
    expect(saved).toMatchObject({ kind: 'saved', backupPath: bak });
    if (exists) expect(fs.readFileSync(path.join(outside, 'bashrc'), 'utf8')).toBe('export PS1=mine\n');
    else expect(fs.existsSync(path.join(outside, 'bashrc'))).toBe(false);
    expect(fs.readdirSync(outside)).toEqual(exists ? ['bashrc'] : []);
    // The link was replaced by a regular file holding the previous override.
    expect(fs.lstatSync(bak).isFile()).toBe(true);
    expect(fs.readFileSync(bak, 'utf8')).toBe(old);
    expect(fs.readFileSync(path.join(home, 'eck', 'eck_manifest.json'), 'utf8')).toBe(text);
  });

  it.each([
    ['data/eck-debug', path.join('data', 'eck-debug')],
    ['data (holding eck-debug)', 'data'],
  ])(
    '"Clean older than 24 h" with %s a link to a folder outside: refused whole, nothing deleted',
    async (_, linked) => {
      let snapshots: string[] = [];
      const { home, outside } = await start(({ home: h, outside: o }) => {
        // The demo's 180 snapshot files move outside; the home keeps only a link to them.
        const moved = path.join(o, path.basename(linked));
        fs.renameSync(path.join(h, linked), moved);
        fs.symlinkSync(moved, path.join(h, linked));
        const debug = path.join(h, 'data', 'eck-debug');
        const past = new Date(Date.now() - 48 * 3_600_000);
        snapshots = fs.readdirSync(debug);
        for (const name of snapshots) fs.utimesSync(path.join(debug, name), past, past);
      });
      expect(snapshots).toHaveLength(180);
      const debugDir = path.join(home, 'data', 'eck-debug');
      const link = path.join(home, linked);
      const r = await answer('cleanOldSnapshots', { hours: 24, confirm: true });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('outside-workspace');
      expect(r.error.path).toBe(debugDir);
      expect(r.error.message).toBe(
        `refusing to clean ${debugDir}: ${link} is a link to ${path.join(outside, path.basename(linked))}, outside the home (${home})`,
      );
      // The same facts in Chinese, for the UI.
      expect(r.error.refusal && refusalText(r.error.refusal, 'zh-CN')).toBe(
        `拒绝清理 ${debugDir}：${link} 是指向 ${path.join(outside, path.basename(linked))} 的链接，位于用户数据根目录（${home}）之外`,
      );
      const outsideDebug = path.join(
        outside,
        path.basename(linked),
        ...(linked === 'data' ? ['eck-debug'] : []),
      );
      expect(fs.readdirSync(outsideDebug).sort()).toEqual([...snapshots].sort());
    },
  );

  it('the stale-temp cleanup does not delete in an eck/ that links outside', async () => {
    const stale = '.eck_manifest.json.999999.0a1b2c3d.tmp';
    const { outside } = await start(({ home: h, outside: o }) => {
      fs.writeFileSync(path.join(o, stale), 'not the home’s');
      const past = new Date(Date.now() - 3_600_000);
      fs.utimesSync(path.join(o, stale), past, past);
      fs.rmSync(path.join(h, 'eck'), { recursive: true });
      fs.symlinkSync(o, path.join(h, 'eck'));
    });
    expect(fs.readdirSync(outside)).toEqual([stale]);
  });

  it('the stale-temp cleanup still cleans the home’s own eck/', async () => {
    const stale = '.eck_manifest.json.999999.0a1b2c3d.tmp';
    const { home } = await start(({ home: h }) => {
      fs.writeFileSync(path.join(h, 'eck', stale), 'half');
      const past = new Date(Date.now() - 3_600_000);
      fs.utimesSync(path.join(h, 'eck', stale), past, past);
    });
    expect(fs.existsSync(path.join(home, 'eck', stale))).toBe(false);
  });
});

describe('the user’s own settings folder', () => {
  it('may be a link, and its bundles/ too: exports and scenarios go where they lead', async () => {
    const { root, home, packageRoot } = harness.appWorkspace('eck-hostile-');
    const realSettings = path.join(root, 'dotfiles', 'eck-inspector');
    const myBundles = path.join(root, 'my-bundles');
    fs.mkdirSync(realSettings, { recursive: true });
    fs.mkdirSync(myBundles);
    fs.symlinkSync(myBundles, path.join(realSettings, 'bundles'));
    const settings = path.join(root, 'settings-link');
    fs.symlinkSync(realSettings, settings);
    process.env['ECK_INSPECTOR_SETTINGS_DIR'] = settings;
    await harness.start({ choice: { home, packageRoot } });
    const key = fs
      .readdirSync(path.join(home, 'data', 'eck-debug'))
      .find((n) => n.startsWith('vars-'))
      ?.slice('vars-'.length, -'.json'.length);
    const exported = await harness.call<{ path: string }>('exportBundle', { key });
    expect(path.dirname(exported.path)).toBe(fs.realpathSync(myBundles));
    expect(fs.readdirSync(myBundles)).toEqual([path.basename(exported.path)]);
    const scenario = await harness.call<unknown>('getScenario');
    await harness.call('saveScenario', { name: 'mine', scenario, overwrite: false });
    expect(fs.readdirSync(realSettings).sort()).toEqual(['bundles', 'scenarios.json']);
  });
});

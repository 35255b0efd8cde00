/**
 * API fuzz test: random and hostile inputs to every method over the real `serve`
 * transport. Every call gets a JSON answer (`ok` true or false, never a reset or a 500), the
 * server answers afterwards, and no file outside the temp home and settings folder changes.
 *
 * The generator is seeded: a failure names its seed, method and input, so it can be replayed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../shared/api';
import type { ServeOverCopy } from './test-support/serve-over-copy';
import { nestedJson, startServeOverCopy, treeFingerprint } from './test-support/serve-over-copy';
import { mulberry32 } from '../../shared/testing/mulberry32';

const SEED = 0x14c0ffee;
const CALLS_PER_METHOD = 40;

let s: ServeOverCopy;
let outsideBefore: Record<string, string>;
let pkgBefore: Record<string, string>;
let colleague = '';
/** The server's working folder: a relative path must never land there. */
let cwdBefore: string[] = [];
const KEY = '2026-11-29-08-00-00';

beforeAll(async () => {
  s = await startServeOverCopy('eck-fuzz-');
  // A link from the settings folder out: a write through it would change `outside/`.
  fs.mkdirSync(path.join(s.settings, 'bundles'), { recursive: true });
  fs.symlinkSync(path.join(s.outside, 'keep.txt'), path.join(s.settings, 'bundles', 'out.json'));
  fs.symlinkSync(s.outside, path.join(s.home, 'link-out'));
  // Another history folder, outside the home, whose snapshots are old enough to be cleaned.
  colleague = path.join(s.outside, 'colleague');
  fs.cpSync(path.join(s.home, 'data', 'eck-debug'), colleague, { recursive: true });
  const old = new Date(Date.now() - 48 * 3_600_000);
  for (const name of fs.readdirSync(colleague)) fs.utimesSync(path.join(colleague, name), old, old);
  outsideBefore = treeFingerprint(s.outside);
  pkgBefore = treeFingerprint(s.packageRoot);
  cwdBefore = fs.readdirSync(process.cwd()).sort();
});

afterAll(async () => {
  await s.close();
});

const FIELDS = [
  'path',
  'dir',
  'key',
  'keys',
  'manifestFile',
  'targetPath',
  'saveAs',
  'home',
  'packageRoot',
  'cwd',
  'managedDir',
  'target',
  'text',
  'overrideText',
  'expectedHash',
  'force',
  'confirm',
  'hours',
  'name',
  'from',
  'to',
  'scenario',
  'vars',
  'sessionType',
  'presetId',
  'query',
  'reroot',
  'draft',
  'overwrite',
  'a',
  'b',
  'settingSources',
  'approveExternalIncludes',
  '__proto__',
  'constructor',
];

describe('API fuzz over serve', () => {
  it('answers every random and hostile input with a JSON result and keeps answering', async () => {
    const rand = mulberry32(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const hostilePaths = (): unknown[] => [
      path.join(s.outside, 'keep.txt'),
      path.join(s.outside, 'new.json'),
      s.outside,
      path.join(s.home, 'link-out', 'keep.txt'),
      path.join(s.home, 'link-out', 'x.json'),
      'out.json',
      '../../x.json',
      '../../../../../../tmp/x.json',
      '/',
      '/etc/passwd',
      '/dev/zero',
      '/proc/self/environ',
      'a\0b',
      `${s.home}\0`,
      '',
      ' ',
      '.',
      'x'.repeat(5000),
      'C:\\Windows\\x.json',
      '\\\\server\\share\\x.json',
      'eck_manifest.json',
      '..json',
      '.hidden.json',
      'a/../../b.json',
      '2026-11-29-08-00-00',
    ];
    const scenario = {
      presetId: null,
      vars: { chatType: 'private' },
      sessionType: 'main',
      manifestFile: null,
    };
    const templates: Record<string, Record<string, unknown>> = {
      getFile: { path: 'kits/eck_manifest.json' },
      openInEditor: { path: 'kits/eck_manifest.json' },
      loadManifestPair: { manifestFile: 'eck_manifest.json' },
      saveOverride: {
        manifestFile: 'eck_manifest.json',
        text: '{"sections":[]}',
        expectedHash: null,
        force: true,
      },
      exportBundle: { key: KEY },
      openBundle: { path: path.join(s.settings, 'bundles', `snapshot-${KEY}.json`) },
      openHistoryFolder: { dir: colleague },
      cleanOldSnapshots: { hours: 1, confirm: true },
      getSnapshot: { key: KEY },
      replaySnapshot: { key: KEY },
      snapshotAsScenario: { key: KEY },
      openClaudeProject: { cwd: s.root },
      setClaudeOptions: { home: s.root },
      readClaudeFile: { path: path.join(s.outside, 'keep.txt') },
      saveScenario: { name: 'fuzz', scenario, overwrite: true },
      renameScenario: { from: 'fuzz', to: 'fuzz2' },
      deleteScenario: { name: 'fuzz2' },
      setScenario: scenario,
      render: scenario,
      renderDraft: { scenario, manifestFile: 'eck_manifest.json', overrideText: '{}' },
    };
    const scalar = (): unknown =>
      pick<unknown>([
        null,
        true,
        false,
        0,
        -1,
        1e308,
        0.5,
        2 ** 53,
        '',
        'x',
        '\u202e\ud800',
        [],
        {},
        ...hostilePaths(),
      ]);
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 3 || r < 0.5) return scalar();
      if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rand() * 5); i > 0; i--) o[pick(FIELDS)] = value(depth + 1);
      return o;
    };
    /** A plausible-looking input: the right field names, hostile values. */
    const shaped = (): unknown => {
      const o: Record<string, unknown> = {};
      for (let i = 1 + Math.floor(rand() * 4); i > 0; i--) {
        const f = pick(FIELDS);
        o[f] =
          f === 'scenario' || f === 'draft'
            ? {
                presetId: null,
                vars: value(1),
                sessionType: pick(['main', '', 'x\0']),
                manifestFile: scalar(),
              }
            : rand() < 0.7
              ? pick(hostilePaths())
              : value(1);
      }
      return o;
    };

    /** A valid input of a method, one or more of its fields then made hostile. */
    const mutated = (method: string): unknown => {
      const template = templates[method];
      if (template === undefined) return shaped();
      const o: Record<string, unknown> = { ...template };
      for (const k of [...Object.keys(o), ...(method === 'exportBundle' ? ['targetPath'] : [])]) {
        if (rand() < 0.5) o[k] = rand() < 0.8 ? pick(hostilePaths()) : value(1);
      }
      return o;
    };

    const counts = new Map<string, number>();
    const total = METHOD_NAMES.length * CALLS_PER_METHOD;
    // Methods in random order, so sequences happen too (open a folder outside, then clean).
    for (let i = 0; i < total; i++) {
      const method = i < METHOD_NAMES.length ? (METHOD_NAMES[i] as string) : pick(METHOD_NAMES);
      const r = rand();
      let input: unknown = r < 0.5 ? mutated(method) : r < 0.75 ? shaped() : r < 0.95 ? value(0) : undefined;
      if (method === 'openHistoryFolder' && rand() < 0.5) input = { dir: colleague };
      if (method === 'cleanOldSnapshots' && rand() < 0.7) input = { hours: 1, confirm: true };
      // Opening another home is a user's right (File > Open Home): not with a hostile folder
      // here, or later writes would rightly go into it.
      if (method === 'openWorkspace') input = { home: pick(['/no/such/home', 'a\0b', '', 7]) };
      const body = input === undefined ? '' : JSON.stringify(input);
      const answer = await s.post(method, body);
      counts.set(method, (counts.get(method) ?? 0) + 1);
      const where = `seed ${SEED} ${method} ${body.slice(0, 300)}`;
      expect(answer.status, where).toBe(200);
      const parsed = JSON.parse(answer.text) as { ok: unknown; error?: { code: unknown } };
      expect(typeof parsed.ok, where).toBe('boolean');
      if (parsed.ok === false) expect(parsed.error?.code, where).not.toBe('internal');
    }
    expect(counts.size).toBe(METHOD_NAMES.length);
    // Raw bodies a careless script might send.
    for (const body of [
      '{',
      '[]',
      'null',
      '"x"',
      nestedJson(20_000),
      '\u0000',
      '{"a":' + '1'.repeat(400) + '}',
    ]) {
      const answer = await s.post(pick(METHOD_NAMES), body);
      expect([200, 400]).toContain(answer.status);
      expect(typeof (JSON.parse(answer.text) as { ok: unknown }).ok).toBe('boolean');
    }
    const info = await s.call<{ home: string }>('getWorkspace');
    expect(info.ok).toBe(true);
  }, 240_000);

  it('changed nothing outside the home and the settings folder', () => {
    expect(treeFingerprint(s.outside)).toEqual(outsideBefore);
    expect(treeFingerprint(s.packageRoot)).toEqual(pkgBefore);
    expect(fs.readdirSync(s.root).sort()).toEqual(['home', 'outside', 'pkg', 'settings']);
    expect(fs.readdirSync(process.cwd()).sort()).toEqual(cwdBefore);
  });
});

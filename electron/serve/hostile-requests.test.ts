/**
 * Hostile requests (writes and deletes aimed outside, deep nesting, huge bodies and frames, NUL
 * bytes in paths, unserialisable answers), against the real `serve` transport over the real
 * core: each is refused cleanly, the server keeps answering, and nothing outside the home and
 * the settings folder changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ApiResult } from '../../shared/api';
import type { ServeOverCopy } from './test-support/serve-over-copy';
import { nestedJson, startServeOverCopy, treeFingerprint } from './test-support/serve-over-copy';

let s: ServeOverCopy;
let outsideBefore: Record<string, string>;
const KEY = '2026-11-29-08-00-00';

beforeAll(async () => {
  s = await startServeOverCopy('eck-hostile-');
  outsideBefore = treeFingerprint(s.outside);
});

afterAll(async () => {
  await s.close();
});

function errorOf(r: ApiResult<unknown>): { code: string; message: string } {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error;
}

async function stillAnswers(): Promise<void> {
  const r = await s.call('getWorkspace');
  expect(r.ok).toBe(true);
}

function scenarioBody(varsJson: string): string {
  return `{"presetId":null,"vars":${varsJson},"sessionType":"main","manifestFile":null}`;
}

describe('exportBundle writes only into the settings folder', () => {
  it('writes a bundle into <settings>/bundles/ by default', async () => {
    const r = await s.call<{ path: string }>('exportBundle', { key: KEY });
    expect(r.ok && r.value.path).toBe(
      path.join(fs.realpathSync(s.settings), 'bundles', `snapshot-${KEY}.json`),
    );
    expect(fs.existsSync(path.join(s.settings, 'bundles', `snapshot-${KEY}.json`))).toBe(true);
  });

  it('refuses an absolute target outside, a relative one that climbs out, and a symlink leading out', async () => {
    const absolute = path.join(s.outside, 'keep.txt');
    expect(errorOf(await s.call('exportBundle', { key: KEY, targetPath: absolute })).code).toBe(
      'outside-workspace',
    );
    // Relative paths resolve against bundles/, never the server's working folder.
    expect(errorOf(await s.call('exportBundle', { key: KEY, targetPath: '../../x.json' })).code).toBe(
      'outside-workspace',
    );
    expect(fs.existsSync(path.join(s.root, 'x.json'))).toBe(false);
    fs.mkdirSync(path.join(s.settings, 'bundles'), { recursive: true });
    fs.symlinkSync(absolute, path.join(s.settings, 'bundles', 'link.json'));
    expect(errorOf(await s.call('exportBundle', { key: KEY, targetPath: 'link.json' })).code).toBe(
      'outside-workspace',
    );
    // Into the settings folder but not bundles/: not a bundle's place either.
    expect(
      errorOf(await s.call('exportBundle', { key: KEY, targetPath: path.join(s.settings, 'x.json') })).code,
    ).toBe('outside-workspace');
    expect(treeFingerprint(s.outside)).toEqual(outsideBefore);
  });

  it('leaves no temp file behind when the write fails', async () => {
    const key = '2026-11-29-08-41-07';
    const bundles = path.join(s.settings, 'bundles');
    // A folder where the bundle should go: the rename fails.
    fs.mkdirSync(path.join(bundles, `snapshot-${key}.json`), { recursive: true });
    expect(errorOf(await s.call('exportBundle', { key })).code).toBe('write-error');
    expect(fs.readdirSync(bundles).filter((n) => n.includes('.tmp'))).toEqual([]);
  });
});

describe('cleaning deletes only in the home’s eck-debug', () => {
  it('refuses to delete in another history folder opened for reading', async () => {
    const copy = path.join(s.outside, 'colleague');
    fs.cpSync(path.join(s.home, 'data', 'eck-debug'), copy, { recursive: true });
    const old = new Date(Date.now() - 48 * 3_600_000);
    for (const name of fs.readdirSync(copy)) fs.utimesSync(path.join(copy, name), old, old);
    const before = treeFingerprint(copy);
    expect((await s.call('openHistoryFolder', { dir: copy })).ok).toBe(true);
    const counted = await s.call<{ count: number }>('cleanOldSnapshots', { hours: 1, confirm: false });
    expect(counted.ok && counted.value.count).toBeGreaterThan(0);
    const refused = errorOf(await s.call('cleanOldSnapshots', { hours: 1, confirm: true }));
    expect(refused.code).toBe('outside-workspace');
    expect(treeFingerprint(copy)).toEqual(before);
    fs.rmSync(copy, { recursive: true });
    expect((await s.call('openHistoryFolder', { dir: null })).ok).toBe(true);
  });
});

describe('input limits at the transport', () => {
  it('refuses vars nested 10,000 deep, and getWorkspace keeps answering', async () => {
    const r = await s.post('setScenario', scenarioBody(nestedJson(10_000)));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await stillAnswers();
    await stillAnswers();
  });

  it('refuses render with nesting of 5,000, and keeps answering', async () => {
    const r = await s.post('render', scenarioBody(nestedJson(5_000)));
    expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await stillAnswers();
  });

  it('answers a 17 MB body with a 413 and a JSON error, and keeps answering', async () => {
    const r = await s.post('getFile', new Uint8Array(17 * 1024 * 1024).fill(0x20));
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    await stillAnswers();
  });

  it('refuses a string longer than the limit', async () => {
    const r = await s.call('searchSnapshots', { query: 'x'.repeat(5 * 1024 * 1024) });
    expect(errorOf(r).code).toBe('invalid-input');
  });

  it("refuses a relative home or package root (it would resolve against the server's folder), and the open one stays", async () => {
    const before = await s.call('getWorkspace');
    for (const choice of [{ home: '../..' }, { packageRoot: 'x/y' }]) {
      const e = errorOf(await s.call('openWorkspace', choice));
      expect(e.code).toBe('invalid-input');
      expect(e.message).toMatch(/must be an absolute path/);
    }
    expect(await s.call('getWorkspace')).toEqual(before);
  });

  it('refuses a NUL byte in every path field as invalid-input, not internal', async () => {
    const probes: [string, unknown][] = [
      ['loadManifestPair', { manifestFile: 'eck_manifest\0.json' }],
      ['saveOverride', { manifestFile: 'a\0.json', text: '{}', expectedHash: null, force: true }],
      ['getFile', { path: 'kits/\0eck_manifest.json' }],
      ['openInEditor', { path: '\0' }],
      ['openWorkspace', { home: `${s.home}\0` }],
      ['openHistoryFolder', { dir: `${s.home}\0` }],
      ['openBundle', { path: 'x\0.json' }],
      ['exportBundle', { key: KEY, targetPath: 'x\0.json' }],
      ['openClaudeProject', { cwd: `${s.root}\0` }],
      ['readClaudeFile', { path: '/etc/\0passwd' }],
      ['setScenario', { presetId: null, vars: {}, sessionType: 'main', manifestFile: 'a\0.json' }],
    ];
    for (const [method, input] of probes) {
      const e = errorOf(await s.call(method, input));
      expect(`${method}: ${e.code}`).toBe(`${method}: invalid-input`);
      expect(e.message).not.toContain('ERR_INVALID_ARG');
    }
    await stillAnswers();
  });
});

describe('the WebSocket', () => {
  function open(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const origin = `http://127.0.0.1:${s.server.port}`;
      const ws = new WebSocket(`ws://127.0.0.1:${s.server.port}/ws?token=${s.token}`, { origin });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }
  function result(ws: WebSocket, id: number): Promise<{ id: number; result: ApiResult<unknown> }> {
    return new Promise((resolve) => {
      const onMessage = (data: unknown): void => {
        const m = JSON.parse(String(data)) as { type: string; id: number; result: ApiResult<unknown> };
        if (m.type !== 'result' || m.id !== id) return;
        ws.off('message', onMessage);
        resolve(m);
      };
      ws.on('message', onMessage);
    });
  }

  it('refuses vars nested 10,000 deep with an error result, and answers the next call', async () => {
    const ws = await open();
    const deep = result(ws, 1);
    ws.send(`{"type":"invoke","id":1,"method":"setScenario","input":${scenarioBody(nestedJson(10_000))}}`);
    expect((await deep).result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const next = result(ws, 2);
    ws.send(JSON.stringify({ type: 'invoke', id: 2, method: 'getWorkspace' }));
    expect((await next).result.ok).toBe(true);
    ws.close();
  });

  it('a message over the size limit closes that socket only; the server keeps answering', async () => {
    const ws = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.alloc(17 * 1024 * 1024, 0x20));
    expect(await closed).toBe(1009);
    await stillAnswers();
    const again = await open();
    const answer = result(again, 3);
    again.send(JSON.stringify({ type: 'invoke', id: 3, method: 'getWorkspace' }));
    expect((await answer).result.ok).toBe(true);
    again.close();
  });
});

describe('answers that cannot be serialised', () => {
  it('become an error reply (a snapshot whose vars nest 10,000 deep), and the server keeps answering', async () => {
    const debug = path.join(s.home, 'data', 'eck-debug');
    const key = '2026-12-01-00-00-00';
    fs.writeFileSync(path.join(debug, `vars-${key}.json`), nestedJson(10_000));
    fs.writeFileSync(path.join(debug, `context-${key}.md`), 'x\n');
    await s.call('openHistoryFolder', { dir: null });
    const r = await s.post('getSnapshot', JSON.stringify({ key }));
    expect(r.status).toBe(200);
    const body = JSON.parse(r.text) as ApiResult<unknown>;
    // Either the handler refuses it or the answer cannot be serialised: an error value both ways.
    expect(body.ok).toBe(false);
    await stillAnswers();
  });
});

describe('reads allowed anywhere never echo content', () => {
  it('openBundle on a file that is not JSON names the file and its position, not its text', async () => {
    const file = path.join(s.outside, 'notes.txt');
    fs.writeFileSync(file, 'Qsecret: hunter2\n');
    const e = errorOf(await s.call('openBundle', { path: file })) as {
      code: string;
      message: string;
      path?: string;
    };
    expect(e.code).toBe('read-error');
    expect(e.path).toBe(file);
    expect(e.message).not.toMatch(/Q|secret|hunter2/);
    expect(e.message).toContain('not JSON');
    fs.rmSync(file);
  });

  it('openBundle refuses a device or folder without reading it', async () => {
    expect(errorOf(await s.call('openBundle', { path: '/dev/zero' })).code).toBe('read-error');
    expect(errorOf(await s.call('openBundle', { path: s.outside })).code).toBe('read-error');
  });
});

describe('stale temp files', () => {
  it('are removed when the home is opened; other files and live temps stay', async () => {
    const eck = path.join(s.home, 'eck');
    const dead = path.join(eck, '.eck_manifest.json.4194305.0a1b2c3d.tmp');
    const live = path.join(eck, `.eck_manifest.json.${process.pid}.0a1b2c3e.tmp`);
    const notOurs = path.join(eck, 'notes.tmp');
    for (const f of [dead, live, notOurs]) fs.writeFileSync(f, '{');
    expect((await s.call('openWorkspace', { home: s.home, packageRoot: s.packageRoot })).ok).toBe(true);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(notOurs)).toBe(true);
    fs.rmSync(live);
    fs.rmSync(notOurs);
  });
});

describe('afterwards', () => {
  it('nothing outside the home and the settings folder changed', () => {
    expect(treeFingerprint(s.outside)).toEqual(outsideBefore);
    expect(fs.readdirSync(s.root).sort()).toEqual(['home', 'outside', 'pkg', 'settings']);
  });
});

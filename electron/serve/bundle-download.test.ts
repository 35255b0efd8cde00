/**
 * Export in the browser is a download: `exportBundle` with `saveAs` writes no file and offers
 * the bundle once; `GET /api/download/<id>` needs the token like every API call, sends it as an
 * attachment named `snapshot-<key>.json`, and only that id, only once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleDownload } from '../../shared/api/history-models';
import { parseBundle } from '../../shared/history/bundle';
import { BundleDownloads, DOWNLOAD_TTL_MS, MAX_DOWNLOAD_BYTES } from '../history/bundle-downloads';
import type { ServeOverCopy } from './test-support/serve-over-copy';
import { startServeOverCopy, treeFingerprint } from './test-support/serve-over-copy';
import { contentDisposition } from './server';

let s: ServeOverCopy;
const KEY = '2026-11-29-08-00-00';

beforeAll(async () => {
  s = await startServeOverCopy('eck-download-', { downloads: true });
});

afterAll(async () => {
  await s.close();
});

function get(id: string, token: string | null = s.token): Promise<Response> {
  return fetch(`http://127.0.0.1:${s.server.port}/api/download/${id}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

async function offer(): Promise<BundleDownload> {
  const r = await s.call<{ path: string | null; download: BundleDownload | null }>('exportBundle', {
    key: KEY,
    saveAs: true,
  });
  if (!r.ok || r.value.download === null) throw new Error(`no download offered: ${JSON.stringify(r)}`);
  expect(r.value.path).toBeNull();
  return r.value.download;
}

describe('the browser export is a download', () => {
  it('writes no file, and the GET sends the bundle as an attachment, once', async () => {
    const homeBefore = treeFingerprint(s.home);
    const settingsBefore = fs.existsSync(s.settings) ? treeFingerprint(s.settings) : {};
    const download = await offer();
    expect(download.name).toBe(`snapshot-${KEY}.json`);
    const r = await get(download.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="snapshot-${KEY}.json"; filename*=UTF-8''snapshot-${KEY}.json`,
    );
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await r.text();
    expect(Buffer.byteLength(text)).toBe(download.bytes);
    const bundle = parseBundle(text);
    expect(bundle.ok && bundle.value.key).toBe(KEY);
    // Handed out once: the same id again is gone.
    expect((await get(download.id)).status).toBe(404);
    // No stray file anywhere: the home and the settings folder are as they were.
    expect(treeFingerprint(s.home)).toEqual(homeBefore);
    expect(fs.existsSync(s.settings) ? treeFingerprint(s.settings) : {}).toEqual(settingsBefore);
    expect(fs.existsSync(path.join(s.settings, 'bundles', `snapshot-${KEY}.json`))).toBe(false);
  });

  it('needs the token, like every API call, and serves only the id just offered', async () => {
    const download = await offer();
    expect((await get(download.id, null)).status).toBe(401);
    expect((await get(download.id, 'wrong')).status).toBe(401);
    expect((await get('someOtherId')).status).toBe(404);
    expect((await get('..%2F..%2Fpackage.json')).status).toBe(404);
    // A refused or wrong try does not spend it; a new export replaces it.
    const next = await offer();
    expect((await get(download.id)).status).toBe(404);
    expect((await get(next.id)).status).toBe(200);
  });

  it('is fetched with GET only', async () => {
    const download = await offer();
    const r = await fetch(`http://127.0.0.1:${s.server.port}/api/download/${download.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(r.status).toBe(405);
  });
});

describe('the pending download', () => {
  it('expires, and refuses a bundle over the cap', () => {
    let now = 0;
    const downloads = new BundleDownloads(() => now);
    const late = downloads.offer('a.json', '{}');
    now = DOWNLOAD_TTL_MS + 1;
    expect(downloads.take(late.id)).toBeNull();
    expect(() => downloads.offer('big.json', 'x'.repeat(MAX_DOWNLOAD_BYTES + 1))).toThrow(/download limit/);
  });

  it('names the file safely in the header', () => {
    expect(contentDisposition('a"b\\c.json')).toBe(
      `attachment; filename="a_b_c.json"; filename*=UTF-8''a%22b%5Cc.json`,
    );
    expect(contentDisposition('快照.json')).toContain("filename*=UTF-8''%E5%BF%AB%E7%85%A7.json");
  });
});

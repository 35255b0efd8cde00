import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fail, ok } from '../../shared/api';
import type { Dispatch } from '../api/dispatch';
import { createEventHub } from '../api/event-hub';
import type { ServeServer } from './server';
import { startServeServer } from './server';

const token = 'test-token-123';
const hub = createEventHub();
/** A value too deep for JSON.stringify's stack. */
function tooDeep(): unknown {
  let v: unknown = 1;
  for (let i = 0; i < 100_000; i++) v = { a: v };
  return v;
}
const dispatch: Dispatch = async (method, input) =>
  method === 'echo'
    ? ok(input)
    : method === 'deep'
      ? ok(tooDeep())
      : fail('unknown-method', `unknown method ${JSON.stringify(method)}`);
let server: ServeServer;
let staticDir = '';

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startServeServer({ dispatch, hub, staticDir, token, port: 0 });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const base = (): string => `http://127.0.0.1:${server.port}`;

function openSocket(query: string, origin: string | undefined): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${server.port}/ws${query}`,
      origin === undefined ? {} : { origin },
    );
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}

describe('serve server', () => {
  it('prints a loopback URL with the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`);
  });

  it('serves the page with the token, with CSP and a cookie for the assets', async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly');
    const asset = await fetch(`${base()}/assets/app.js`, { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('refuses pages, assets and API calls without the token', async () => {
    expect((await fetch(`${base()}/`)).status).toBe(401);
    expect((await fetch(`${base()}/assets/app.js`)).status).toBe(401);
    const api = await fetch(`${base()}/api/echo`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('does not serve files outside the renderer folder', async () => {
    const r = await fetch(`${base()}/..%2f..%2fetc%2fpasswd?token=${token}`);
    expect(r.status).toBe(404);
  });

  it('answers API calls over HTTP; a body that is not JSON is a clear 400', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const good = await fetch(`${base()}/api/echo`, { method: 'POST', headers, body: '{"a":1}' });
    expect(await good.json()).toEqual({ ok: true, value: { a: 1 } });
    const bad = await fetch(`${base()}/api/echo`, { method: 'POST', headers, body: '{a:' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'invalid-message' } });
  });

  it('refuses a WebSocket without the token or from another origin', async () => {
    await expect(openSocket('', base())).rejects.toThrow('HTTP 401');
    await expect(openSocket(`?token=${token}`, 'http://evil.example')).rejects.toThrow('HTTP 403');
    await expect(openSocket(`?token=${token}`, undefined)).rejects.toThrow('HTTP 403');
  });

  it('calls methods and pushes events over the WebSocket, and survives garbage', async () => {
    const ws = await openSocket(`?token=${token}`, base());
    ws.send('not json');
    expect(await nextMessage(ws)).toMatchObject({
      type: 'result',
      id: null,
      result: { ok: false, error: { code: 'invalid-message' } },
    });
    ws.send(JSON.stringify({ type: 'invoke', id: 'x' }));
    expect(await nextMessage(ws)).toMatchObject({
      result: { ok: false, error: { code: 'invalid-message' } },
    });
    ws.send(JSON.stringify({ type: 'invoke', id: 7, method: 'echo', input: [1] }));
    expect(await nextMessage(ws)).toEqual({ type: 'result', id: 7, result: { ok: true, value: [1] } });
    const pushed = nextMessage(ws);
    hub.emit('onDidError', { code: 'read-error', message: 'm' });
    expect(await pushed).toEqual({
      type: 'event',
      event: 'onDidError',
      payload: { code: 'read-error', message: 'm' },
    });
    ws.close();
  });

  it('turns an answer that cannot be serialised into an error reply, over HTTP and the WebSocket', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const http = await fetch(`${base()}/api/deep`, { method: 'POST', headers, body: '' });
    expect(http.status).toBe(200);
    expect(await http.json()).toMatchObject({ ok: false, error: { code: 'internal' } });
    const ws = await openSocket(`?token=${token}`, base());
    ws.send(JSON.stringify({ type: 'invoke', id: 9, method: 'deep' }));
    expect(await nextMessage(ws)).toMatchObject({
      type: 'result',
      id: 9,
      result: { ok: false, error: { code: 'internal', message: expect.stringContaining('serialised') } },
    });
    ws.send(JSON.stringify({ type: 'invoke', id: 10, method: 'echo', input: 1 }));
    expect(await nextMessage(ws)).toEqual({ type: 'result', id: 10, result: { ok: true, value: 1 } });
    ws.close();
  });
});

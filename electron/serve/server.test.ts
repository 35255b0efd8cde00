import fs from 'node:fs';
import http from 'node:http';
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

function openSocket(
  query: string,
  origin: string | undefined,
  more: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws${query}`, more.protocols ?? [], {
      ...(origin === undefined ? {} : { origin }),
      ...(more.headers === undefined ? {} : { headers: more.headers }),
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The status of a GET with a chosen Host header (fetch cannot set one). */
function rawGet(pathname: string, hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port: server.port,
      path: pathname,
      headers: { host: hostHeader },
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
}

describe('serve server', () => {
  it('prints a loopback URL with the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${token}`);
  });

  it('serves the page and its assets without the token, with CSP, and never sets a cookie', async () => {
    for (const page of [await fetch(server.url), await fetch(`${base()}/`)]) {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('set-cookie')).toBeNull();
      expect(await page.text()).not.toContain(token);
    }
    const asset = await fetch(`${base()}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('set-cookie')).toBeNull();
  });

  it('refuses API calls and WebSockets without the token, and a cookie carrying it', async () => {
    const api = await fetch(`${base()}/api/echo`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    for (const cookie of [`eck_inspector_token_${server.port}=${token}`, `token=${token}`]) {
      const withCookie = await fetch(`${base()}/api/echo`, {
        method: 'POST',
        body: '{}',
        headers: { cookie },
      });
      expect(withCookie.status).toBe(401);
      await expect(openSocket('', base(), { headers: { cookie } })).rejects.toThrow('HTTP 401');
    }
  });

  it('a foreign Host is refused even for the assets (DNS rebinding)', async () => {
    expect(await rawGet('/assets/app.js', 'evil.example')).toBe(403);
    expect(await rawGet('/assets/app.js', `127.0.0.1:${server.port}`)).toBe(200);
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

  it('opens a WebSocket with the token as subprotocol (as the page does), answering only ours', async () => {
    const ws = await openSocket('', base(), { protocols: ['eck-inspector', `eck-token.${token}`] });
    expect(ws.protocol).toBe('eck-inspector');
    ws.send(JSON.stringify({ type: 'invoke', id: 1, method: 'echo', input: 'hi' }));
    expect(await nextMessage(ws)).toEqual({ type: 'result', id: 1, result: { ok: true, value: 'hi' } });
    ws.close();
    await expect(
      openSocket('', base(), { protocols: ['eck-inspector', 'eck-token.not-the-token'] }),
    ).rejects.toThrow('HTTP 401');
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

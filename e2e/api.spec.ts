import { WebSocket } from 'ws';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startServe } from './support/serve-process';

/** Opens a socket from outside any browser, with a chosen Origin; says how it went. */
function attempt(url: string, origin: string | undefined): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { origin });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode ?? 0}`));
    ws.once('error', (e) => resolve(`error ${e.message}`));
  });
}

test('npm run serve (the sources through tsx) prints one line and refuses a request without the token', async ({
  request,
  workspace,
}) => {
  // The other tests start the run's bundle of the same CLI; this one starts it as `npm run serve` does.
  const serve = await startServe({ home: workspace.home, packageRoot: workspace.packageRoot }, 'tsx');
  try {
    await refusesWithoutToken(request, serve.origin);
  } finally {
    await serve.stop();
  }
});

async function refusesWithoutToken(request: APIRequestContext, origin: string): Promise<void> {
  // The page carries no data (nor the token): it loads without one; the API does not answer.
  const page = await request.get(`${origin}/`);
  expect(page.status()).toBe(200);
  const api = await request.post(`${origin}/api/getWorkspace`, { data: {} });
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  const wrong = await request.post(`${origin}/api/getWorkspace`, {
    data: {},
    headers: { authorization: 'Bearer not-the-token' },
  });
  expect(wrong.status()).toBe(401);
}

test('a WebSocket without the token or from another origin is refused', async ({ page, serve }) => {
  const wsUrl = `${serve.origin.replace('http', 'ws')}/ws`;
  expect(await attempt(wsUrl, serve.origin)).toBe('HTTP 401');
  expect(await attempt(`${wsUrl}?token=${serve.token}`, 'http://evil.example')).toBe('HTTP 403');
  expect(await attempt(`${wsUrl}?token=${serve.token}`, undefined)).toBe('HTTP 403');
  expect(await attempt(`${wsUrl}?token=${serve.token}`, serve.origin)).toBe('open');
  // A page elsewhere that somehow learnt the token is refused by its Origin.
  await page.goto('about:blank');
  const foreign = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      }),
    `${wsUrl}?token=${serve.token}`,
  );
  expect(foreign).toBe('refused');
});

test('a malformed input gets a clear error and the server keeps running', async ({ request, serve }) => {
  const headers = { authorization: `Bearer ${serve.token}` };
  const bad = await request.post(`${serve.origin}/api/getFile`, { data: { path: 42 }, headers });
  expect(bad.status()).toBe(200);
  const body = (await bad.json()) as { ok: boolean; error: { code: string; message: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe('invalid-input');
  expect(body.error.message).toContain('getFile');
  expect(body.error.message).toContain('path');

  const garbage = await request.post(`${serve.origin}/api/setScenario`, { data: '{not json', headers });
  expect(garbage.status()).toBe(400);
  const unknown = await request.post(`${serve.origin}/api/dropEverything`, { data: {}, headers });
  expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'unknown-method' } });

  const still = await request.post(`${serve.origin}/api/getWorkspace`, { data: {}, headers });
  expect(still.status()).toBe(200);
  expect(await still.json()).toMatchObject({ ok: true, value: { agents: [{ aid: 'nova.aid.pub' }] } });
  expect(serve.child.exitCode).toBeNull();
});

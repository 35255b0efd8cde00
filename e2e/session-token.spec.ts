/**
 * The session token of `serve` never leaves its own origin. Cookies ignore ports: a
 * token kept in one would reach every other server on 127.0.0.1 the browser visits, and open
 * the whole API. Here the same browser opens the app with its token, then visits a second
 * loopback server started by the test; that server must learn nothing that opens the API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** What the second server received: one entry per request. */
interface Seen {
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** A plain HTTP server on another 127.0.0.1 port that records every request it gets. */
async function startOtherServer(): Promise<{ origin: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another local server</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The address without its hash: the hash names the view (store/view-link.ts) and
 * never the token; what must hold no token is the rest (path and query).
 */
function withoutHash(url: string): string {
  const u = new URL(url);
  expect(u.hash).not.toContain('token');
  u.hash = '';
  return u.toString();
}

/** The app has talked to its server: the render arrived over the WebSocket. */
async function appLoaded(page: Page): Promise<void> {
  await expect(page.getByTestId('status-sections')).toContainText(/Sections \d+\/\d+ loaded/);
  await expect(page.getByTestId('status-connection')).toHaveCount(0);
}

/** Every string a request carried: its URL and each header value, cookies split into pairs. */
function everythingIn(seen: readonly Seen[]): string[] {
  const values: string[] = [];
  for (const s of seen) {
    values.push(s.url);
    for (const q of new URL(s.url, 'http://x').searchParams.values()) values.push(q);
    for (const [name, value] of Object.entries(s.headers)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) {
        values.push(v);
        if (name === 'cookie') {
          for (const pair of v.split(';')) values.push(pair.trim(), pair.slice(pair.indexOf('=') + 1).trim());
        }
      }
    }
  }
  return values.filter((v) => v !== '');
}

/** `POST /api/getWorkspace` with `candidate` as bearer token and as cookie: both must be 401. */
async function opensApi(request: APIRequestContext, origin: string, candidate: string): Promise<boolean> {
  const url = `${origin}/api/getWorkspace`;
  const asBearer = await request.post(url, { data: {}, headers: { authorization: `Bearer ${candidate}` } });
  const asCookie = await request.post(url, { data: {}, headers: { cookie: candidate } });
  return asBearer.status() !== 401 || asCookie.status() !== 401;
}

test('another 127.0.0.1 port visited by the same browser learns nothing that opens the API', async ({
  page,
  context,
  request,
  serve,
}) => {
  const other = await startOtherServer();
  try {
    await page.goto(serve.url);
    await appLoaded(page);
    // The token left the address bar, and no cookie holds it.
    expect(withoutHash(page.url())).toBe(`${serve.origin}/`);
    expect(await context.cookies()).toEqual([]);

    // The app's page cannot even reach the other server (CSP connect-src): nothing to leak by.
    const fetched = await page.evaluate(
      (url) =>
        fetch(url, { mode: 'no-cors' }).then(
          () => 'reached',
          () => 'blocked',
        ),
      `${other.origin}/fetch-from-app`,
    );
    expect(fetched).toBe('blocked');

    // A navigation from the app's page (a link, a redirect) to the other server.
    await page.evaluate((url) => window.location.assign(url), `${other.origin}/from-app`);
    await page.waitForURL(`${other.origin}/from-app`);
    // A tab of the same browser that goes there directly.
    const second = await context.newPage();
    await second.goto(`${other.origin}/direct`);
    // From there, a call to the app's API with whatever credentials the browser would add.
    const foreign = await second.evaluate(
      (url) =>
        fetch(url, { method: 'POST', credentials: 'include', body: '{}' }).then(
          async (r) => `read ${r.status}: ${await r.text()}`,
          () => 'refused',
        ),
      `${serve.origin}/api/getWorkspace`,
    );
    expect(foreign).toBe('refused');
    // The other origin has no way into the app tab's sessionStorage either.
    expect(await second.evaluate(() => window.sessionStorage.length)).toBe(0);

    const fromApp = other.seen.find((s) => s.url === '/from-app');
    expect(fromApp, 'the navigation from the app reached the other server').toBeDefined();
    expect(other.seen.some((s) => s.url === '/direct')).toBe(true);
    expect(other.seen.some((s) => s.url === '/fetch-from-app')).toBe(false);
    // No Referer at all from the app's page (Referrer-Policy: no-referrer), no cookie anywhere.
    expect(fromApp?.headers.referer).toBeUndefined();
    for (const s of other.seen) {
      expect(s.headers.cookie, `cookie sent with ${s.url}`).toBeUndefined();
      expect(s.headers.authorization, `authorization sent with ${s.url}`).toBeUndefined();
    }
    const received = everythingIn(other.seen);
    for (const value of received) expect(value).not.toContain(serve.token);
    // Nothing it received opens the API, as a bearer token or as a cookie.
    for (const value of received) expect(await opensApi(request, serve.origin, value), value).toBe(false);
    // The check itself works: the real token does open it.
    expect(await opensApi(request, serve.origin, serve.token)).toBe(true);
  } finally {
    await other.close();
  }
});

test('a reload of the app tab keeps working; a tab without the token says how to get in', async ({
  page,
  context,
  serve,
}) => {
  await page.goto(serve.url);
  await appLoaded(page);
  // The token lives in this tab's sessionStorage: a reload (its URL has no token now) still works.
  await page.reload();
  await appLoaded(page);
  expect(withoutHash(page.url())).toBe(`${serve.origin}/`);

  // A new tab on the bare address, or with a token of no run, is told to open the printed URL.
  for (const url of [`${serve.origin}/`, `${serve.origin}/?token=not-the-token`]) {
    const tab = await context.newPage();
    await tab.goto(url);
    await expect(tab.getByTestId('status-connection')).toContainText(
      'No valid session token: open the URL that serve printed',
    );
    expect(withoutHash(tab.url())).toBe(`${serve.origin}/`);
    await tab.close();
  }
});

test('the page and its assets load without the token and carry none; the API needs it', async ({
  request,
  serve,
}) => {
  const index = await request.get(`${serve.origin}/`);
  expect(index.status()).toBe(200);
  expect(index.headers()['set-cookie']).toBeUndefined();
  const html = await index.text();
  expect(html).not.toContain(serve.token);
  const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const r = await request.get(`${serve.origin}/${asset}`);
    expect(r.status(), asset).toBe(200);
    expect(r.headers()['set-cookie']).toBeUndefined();
  }
  const api = await request.post(`${serve.origin}/api/getWorkspace`, { data: {} });
  expect(api.status()).toBe(401);
});

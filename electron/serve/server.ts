/**
 * The `serve` transport: the built renderer and the API over HTTP + WebSocket, on 127.0.0.1
 * only. The API and the WebSocket need the per-run token (`serve` mode); the built
 * assets carry no data and need none, so no cookie is ever set (see guard.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import type { ResultMessage, ServerMessage } from '../../shared/api';
import { HTTP_API_PREFIX, TOKEN_PARAM, WS_PATH, fail, invokeMessageSchema } from '../../shared/api';
import type { Dispatch } from '../api/dispatch';
import type { EventHub } from '../api/event-hub';
import { contentSecurityPolicy } from './csp';
import type { GuardContext } from './guard';
import { checkAsset, checkRequest, checkUpgrade, pickProtocol } from './guard';
import { isRendererBuilt, resolveStatic } from './static-files';
import type { BundleDownloads } from '../history/bundle-downloads';

/** What the server serves. */
export interface ServeOptions {
  readonly dispatch: Dispatch;
  readonly hub: EventHub;
  /** The built renderer (`dist/renderer`). */
  readonly staticDir: string;
  readonly token: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The bundle an export offered for the page to download (`GET /api/download/<id>`). */
  readonly downloads?: Pick<BundleDownloads, 'take'>;
}

/** A running server. */
export interface ServeServer {
  readonly port: number;
  /** The URL to open, token included. */
  readonly url: string;
  close(): Promise<void>;
}

/** The host `serve` binds: loopback only, never all interfaces. */
export const SERVE_HOST = '127.0.0.1';

/** Largest request body or WebSocket message accepted. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Starts the server; resolves once it listens. */
export async function startServeServer(options: ServeOptions): Promise<ServeServer> {
  const server = http.createServer();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => pickProtocol(protocols),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, SERVE_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const ctx: GuardContext = { token: options.token, port };

  server.on('request', (req, res) => {
    handleRequest(req, res, options, ctx).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, fail('internal', String(error)));
      else res.destroy();
    });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = requestUrl(req, port);
    const verdict = url.pathname === WS_PATH ? checkUpgrade(url, req.headers, ctx) : null;
    if (verdict === null || !verdict.ok) {
      const status = verdict === null ? 404 : verdict.status;
      const reason = verdict === null ? 'no such endpoint' : verdict.reason;
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attachSocket(ws, options));
  });

  return {
    port,
    url: `http://${SERVE_HOST}:${port}/?${TOKEN_PARAM}=${options.token}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // close() waits for keep-alive connections (an open browser tab) to end; end them now.
      server.closeAllConnections();
      await closed;
    },
  };
}

function requestUrl(req: http.IncomingMessage, port: number): URL {
  // Parse against our own origin: the Host header is checked separately and never trusted here.
  return new URL(req.url ?? '/', `http://${SERVE_HOST}:${port}`);
}

async function handleRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: ServeOptions,
  ctx: GuardContext,
): Promise<void> {
  const url = requestUrl(req, ctx.port);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The token rides in the page URL until the page removes it: never leak it in a Referer.
  res.setHeader('Referrer-Policy', 'no-referrer');
  const isApi = url.pathname.startsWith(HTTP_API_PREFIX);
  const verdict = isApi ? checkRequest(url, req.headers, ctx) : checkAsset(req.headers, ctx);
  if (!verdict.ok) {
    sendJson(res, verdict.status, fail('unauthorized', verdict.reason));
    return;
  }
  if (isApi) {
    const method = url.pathname.slice(HTTP_API_PREFIX.length);
    if (method.startsWith(DOWNLOAD_ROUTE)) {
      sendDownload(req, res, method.slice(DOWNLOAD_ROUTE.length), options);
      return;
    }
    await handleApi(req, res, method, options);
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, fail('invalid-message', `${req.method ?? ''} is not allowed here`));
    return;
  }
  serveStatic(req, res, url, options, ctx);
}

async function handleApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  options: ServeOptions,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, fail('invalid-message', `use POST ${HTTP_API_PREFIX}${method} with a JSON body`));
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    res.setHeader('Connection', 'close');
    sendJson(res, 413, fail('invalid-input', `the body is larger than ${MAX_MESSAGE_BYTES} bytes`));
    return;
  }
  let input: unknown = undefined;
  if (body.trim() !== '') {
    try {
      input = JSON.parse(body);
    } catch (error) {
      sendJson(res, 400, fail('invalid-message', `the body is not JSON: ${(error as Error).message}`));
      return;
    }
  }
  // API errors are values: the HTTP status stays 200 and the body says ok or not.
  sendJson(res, 200, await options.dispatch(method, input));
}

/** Under the API prefix (so the token is checked first): `download/<id>`. */
const DOWNLOAD_ROUTE = 'download/';

/**
 * The bundle the last export offered, as a file to save (`Content-Disposition: attachment`),
 * once: only that id, only in memory (no file is read or left behind), never cached.
 */
function sendDownload(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
  options: ServeOptions,
): void {
  if (req.method !== 'GET') {
    sendJson(res, 405, fail('invalid-message', `use GET ${HTTP_API_PREFIX}${DOWNLOAD_ROUTE}<id>`));
    return;
  }
  const file = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? (options.downloads?.take(id) ?? null) : null;
  if (file === null) {
    sendJson(res, 404, fail('not-found', 'no such download (each is fetched once, soon after the export)'));
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(file.body.length),
    'Content-Disposition': contentDisposition(file.name),
    'Cache-Control': 'no-store',
  });
  res.end(file.body);
}

/** The header for a file name: ASCII fallback plus RFC 5987's UTF-8 form, no quote or control. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function serveStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  options: ServeOptions,
  ctx: GuardContext,
): void {
  if (!isRendererBuilt(options.staticDir)) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The renderer is not built: run `npm run build`, then reload.\n');
    return;
  }
  const file = resolveStatic(options.staticDir, url.pathname);
  if (file === null) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('not found\n');
    return;
  }
  const headers: Record<string, string> = { 'Content-Type': file.contentType };
  if (file.isHtml) {
    headers['Content-Security-Policy'] = contentSecurityPolicy([
      `ws://127.0.0.1:${ctx.port}`,
      `ws://localhost:${ctx.port}`,
    ]);
    headers['Cache-Control'] = 'no-store';
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(file.absPath).pipe(res);
}

function attachSocket(ws: WebSocket, options: ServeOptions): void {
  const send = (message: ServerMessage): void => {
    if (ws.readyState !== ws.OPEN) return;
    const text = serialiseMessage(message);
    if (text !== null) ws.send(text);
  };
  const unsubscribe = options.hub.subscribe((event, payload) => send({ type: 'event', event, payload }));
  ws.on('close', unsubscribe);
  ws.on('error', unsubscribe);
  ws.on('message', (data: RawData) => {
    void handleSocketMessage(data, options.dispatch)
      .then(send)
      .catch(() => undefined);
  });
}

/**
 * A message's JSON. A result that cannot be serialised becomes an error result with its id (the
 * caller is waiting for it); such an event is dropped (`null`), as a listener could not read it.
 */
function serialiseMessage(message: ServerMessage): string | null {
  if (message.type === 'event') {
    try {
      return JSON.stringify(message);
    } catch {
      return null;
    }
  }
  return `{"type":"result","id":${JSON.stringify(message.id)},"result":${serialiseAnswer(message.result)}}`;
}

async function handleSocketMessage(data: RawData, dispatch: Dispatch): Promise<ResultMessage> {
  let raw: unknown;
  try {
    raw = JSON.parse(rawToString(data));
  } catch (error) {
    return {
      type: 'result',
      id: null,
      result: fail('invalid-message', `not JSON: ${(error as Error).message}`),
    };
  }
  const message = invokeMessageSchema.safeParse(raw);
  if (!message.success) {
    const id =
      typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'number'
        ? (raw as { id: number }).id
        : null;
    return {
      type: 'result',
      id,
      result: fail('invalid-message', 'expected {"type":"invoke","id":<n>,"method":"…","input":…}'),
    };
  }
  return {
    type: 'result',
    id: message.data.id,
    result: await dispatch(message.data.method, message.data.input),
  };
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Most bytes read (and dropped) from a body already too large before the connection is cut. */
const MAX_DRAINED_BYTES = 256 * 1024 * 1024;

/**
 * The body as text, or `null` when it is larger than `MAX_MESSAGE_BYTES`. A body too large is
 * still read to its end (and dropped) so the client gets its 413 instead of a connection reset;
 * only beyond `MAX_DRAINED_BYTES` is the connection cut.
 */
function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > MAX_DRAINED_BYTES) {
      req.destroy();
      resolve(null);
      return;
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAINED_BYTES) {
        req.destroy();
        resolve(null);
        return;
      }
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The JSON text of an answer. Serialising can fail (a value nested too deep for the stack, a
 * BigInt, a cycle): that becomes an error reply, never a dropped connection.
 */
export function serialiseAnswer(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return JSON.stringify(fail('internal', `the answer could not be serialised (${why})`));
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  // Serialise before the headers go out, so a failure can still become a JSON error reply.
  const text = serialiseAnswer(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

/**
 * Who may talk to `serve`: the checks on every request and WebSocket upgrade.
 *
 * Bound to 127.0.0.1 only, but any local process or web page can reach that port. So the Host
 * header must be ours (DNS rebinding), a cross-origin Origin is refused, a WebSocket's Origin must
 * be this very server, and everything that carries data (the API, the WebSocket) needs the
 * per-run token. The built assets (index.html, scripts, styles, fonts, workers) carry none and
 * are served without it.
 *
 * The token is never taken from a cookie: cookies ignore ports, so a cookie set here
 * would go to every other server on 127.0.0.1 the browser visits. Only the query, an
 * `Authorization: Bearer` header, or (on an upgrade) the WebSocket subprotocol count.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_PARAM, WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/api';
import { tokenMatches } from './token';

/** Outcome of a check: allowed, or refused with an HTTP status and a reason. */
export type GuardResult =
  { readonly ok: true } | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

/** What the checks compare against. */
export interface GuardContext {
  readonly token: string;
  readonly port: number;
}

const OK: GuardResult = { ok: true };

/** Origins that are this server. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** The token a request carries, from the query or the Authorization header; never a cookie. */
export function tokenOf(url: URL, headers: IncomingHttpHeaders): string | null {
  const fromQuery = url.searchParams.get(TOKEN_PARAM);
  if (fromQuery !== null) return fromQuery;
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return null;
}

/** The token offered as a WebSocket subprotocol (`eck-token.<token>`), if any. */
export function protocolTokenOf(headers: IncomingHttpHeaders): string | null {
  for (const protocol of offeredProtocols(headers)) {
    if (protocol.startsWith(WS_TOKEN_PROTOCOL_PREFIX)) return protocol.slice(WS_TOKEN_PROTOCOL_PREFIX.length);
  }
  return null;
}

/**
 * The subprotocol the server answers with: ours when offered, else none (`false`). Never the
 * token's, so the token is not echoed back.
 */
export function pickProtocol(protocols: ReadonlySet<string>): string | false {
  return protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false;
}

/** Checks a request for a built asset: our Host, a cross-origin Origin refused; no token needed. */
export function checkAsset(headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  const host = checkHost(headers, ctx.port);
  if (!host.ok) return host;
  const origin = headers.origin;
  if (origin !== undefined && !ownOrigins(ctx.port).includes(origin)) {
    return { ok: false, status: 403, reason: `origin ${origin} is not this server` };
  }
  return OK;
}

/** Checks an API request: like an asset, and the right token in the query or a bearer header. */
export function checkRequest(url: URL, headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  const asset = checkAsset(headers, ctx);
  if (!asset.ok) return asset;
  return checkToken(tokenOf(url, headers), headers, ctx);
}

/**
 * Checks a WebSocket upgrade: the Origin must be present and ours, the Host ours, and the token
 * in the query, a bearer header or the subprotocol.
 */
export function checkUpgrade(url: URL, headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  const origin = headers.origin;
  if (origin === undefined || !ownOrigins(ctx.port).includes(origin)) {
    return { ok: false, status: 403, reason: `origin ${origin ?? '(none)'} is not this server` };
  }
  const host = checkHost(headers, ctx.port);
  if (!host.ok) return host;
  return checkToken(tokenOf(url, headers) ?? protocolTokenOf(headers), headers, ctx);
}

function checkToken(given: string | null, headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  if (tokenMatches(ctx.token, given)) return OK;
  // Say why a cookie did not help, so a client that relies on one learns the rule.
  const hint = headers.cookie === undefined ? '' : ' (cookies are never accepted)';
  return { ok: false, status: 401, reason: `missing or wrong token${hint}` };
}

function checkHost(headers: IncomingHttpHeaders, port: number): GuardResult {
  const host = headers.host;
  if (host === undefined || !ownOrigins(port).includes(`http://${host}`)) {
    return { ok: false, status: 403, reason: `host ${host ?? '(none)'} is not this server` };
  }
  return OK;
}

function offeredProtocols(headers: IncomingHttpHeaders): string[] {
  const header = headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return [];
  return header
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

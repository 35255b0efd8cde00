/**
 * Who may talk to `serve`: the checks on every request and WebSocket upgrade.
 *
 * Bound to 127.0.0.1 only, but any local process or web page can reach that port, so every
 * request must carry the per-run token (query, `Authorization: Bearer`, or the cookie the page
 * load sets), the Host header must be ours (DNS rebinding), and a WebSocket's Origin must be
 * this very server (a page elsewhere cannot open one even if it guessed the token).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_PARAM } from '../../shared/api';
import { tokenMatches } from './token';

/** Outcome of a check: allowed, or refused with an HTTP status and a reason. */
export type GuardResult =
  { readonly ok: true } | { readonly ok: false; readonly status: 401 | 403; readonly reason: string };

/** What the checks compare against. */
export interface GuardContext {
  readonly token: string;
  readonly port: number;
}

/** Name of the cookie that carries the token for asset requests; per port, as cookies ignore ports. */
export function tokenCookieName(port: number): string {
  return `eck_inspector_token_${port}`;
}

/** Origins that are this server. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** The token a request carries, from the query, the Authorization header or the cookie. */
export function tokenOf(url: URL, headers: IncomingHttpHeaders, port: number): string | null {
  const fromQuery = url.searchParams.get(TOKEN_PARAM);
  if (fromQuery !== null) return fromQuery;
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  const cookies = parseCookies(headers.cookie);
  return cookies.get(tokenCookieName(port)) ?? null;
}

/** Checks an HTTP request: our Host, a cross-origin Origin refused, the right token. */
export function checkRequest(url: URL, headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  const host = checkHost(headers, ctx.port);
  if (!host.ok) return host;
  const origin = headers.origin;
  if (origin !== undefined && !ownOrigins(ctx.port).includes(origin)) {
    return { ok: false, status: 403, reason: `origin ${origin} is not this server` };
  }
  if (!tokenMatches(ctx.token, tokenOf(url, headers, ctx.port))) {
    return { ok: false, status: 401, reason: 'missing or wrong token' };
  }
  return { ok: true };
}

/** Checks a WebSocket upgrade: like a request, and the Origin must be present and ours. */
export function checkUpgrade(url: URL, headers: IncomingHttpHeaders, ctx: GuardContext): GuardResult {
  const origin = headers.origin;
  if (origin === undefined || !ownOrigins(ctx.port).includes(origin)) {
    return { ok: false, status: 403, reason: `origin ${origin ?? '(none)'} is not this server` };
  }
  return checkRequest(url, headers, ctx);
}

function checkHost(headers: IncomingHttpHeaders, port: number): GuardResult {
  const host = headers.host;
  if (host === undefined || !ownOrigins(port).includes(`http://${host}`)) {
    return { ok: false, status: 403, reason: `host ${host ?? '(none)'} is not this server` };
  }
  return { ok: true };
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (header === undefined) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    cookies.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}

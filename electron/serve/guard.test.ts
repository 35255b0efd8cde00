import { describe, expect, it } from 'vitest';
import { checkAsset, checkRequest, checkUpgrade, pickProtocol, protocolTokenOf } from './guard';
import { tokenMatches } from './token';

const ctx = { token: 'secret-token', port: 4000 };
const url = (q = ''): URL => new URL(`http://127.0.0.1:4000/${q}`);
const host = { host: '127.0.0.1:4000' };
const origin = { origin: 'http://127.0.0.1:4000' };

describe('serve guard', () => {
  it('accepts the token from the query or a bearer header', () => {
    expect(checkRequest(url('api/x?token=secret-token'), host, ctx)).toEqual({ ok: true });
    expect(checkRequest(url('api/x'), { ...host, authorization: 'Bearer secret-token' }, ctx)).toEqual({
      ok: true,
    });
  });

  it('never takes the token from a cookie, whatever its name (cookies ignore ports)', () => {
    for (const cookie of [
      'eck_inspector_token_4000=secret-token',
      'token=secret-token',
      `a=b; eck_inspector_token_4000=secret-token; token=secret-token`,
    ]) {
      const verdict = checkRequest(url('api/x'), { ...host, cookie }, ctx);
      expect(verdict).toMatchObject({ ok: false, status: 401 });
      expect(verdict.ok || verdict.reason).toContain('cookies are never accepted');
      expect(checkUpgrade(url('ws'), { ...host, ...origin, cookie }, ctx)).toMatchObject({ status: 401 });
    }
  });

  it('refuses a missing or wrong token with 401', () => {
    expect(checkRequest(url('api/x'), host, ctx)).toMatchObject({ ok: false, status: 401 });
    expect(checkRequest(url('api/x?token=secret-tokeN'), host, ctx)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkRequest(url('api/x'), { ...host, authorization: 'Basic secret-token' }, ctx)).toMatchObject({
      status: 401,
    });
  });

  it('lets built assets through without a token, but still checks Host and Origin', () => {
    expect(checkAsset(host, ctx)).toEqual({ ok: true });
    expect(checkAsset({ ...host, ...origin }, ctx)).toEqual({ ok: true });
    expect(checkAsset({ host: 'evil.example:4000' }, ctx)).toMatchObject({ status: 403 });
    expect(checkAsset({ ...host, origin: 'http://127.0.0.1:4001' }, ctx)).toMatchObject({ status: 403 });
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin with 403', () => {
    expect(checkRequest(url('?token=secret-token'), { host: 'evil.example:4000' }, ctx)).toMatchObject({
      status: 403,
    });
    expect(
      checkRequest(url('?token=secret-token'), { ...host, origin: 'http://evil.example' }, ctx),
    ).toMatchObject({
      status: 403,
    });
  });

  it('a WebSocket needs an Origin that is this server', () => {
    const q = url('ws?token=secret-token');
    expect(checkUpgrade(q, host, ctx)).toMatchObject({ ok: false, status: 403 });
    expect(checkUpgrade(q, { ...host, origin: 'http://127.0.0.1:4001' }, ctx)).toMatchObject({ status: 403 });
    expect(checkUpgrade(q, { ...host, origin: 'http://localhost:4000' }, ctx)).toEqual({ ok: true });
    expect(checkUpgrade(q, { host: 'evil.example:4000', ...origin }, ctx)).toMatchObject({ status: 403 });
    expect(checkUpgrade(url('ws'), { ...host, ...origin }, ctx)).toMatchObject({ status: 401 });
  });

  it('a WebSocket may carry the token as its subprotocol (what the page does); our protocol is answered', () => {
    const offered = { ...host, ...origin, 'sec-websocket-protocol': 'eck-inspector, eck-token.secret-token' };
    expect(protocolTokenOf(offered)).toBe('secret-token');
    expect(checkUpgrade(url('ws'), offered, ctx)).toEqual({ ok: true });
    const wrong = { ...offered, 'sec-websocket-protocol': 'eck-inspector, eck-token.secret-tokeN' };
    expect(checkUpgrade(url('ws'), wrong, ctx)).toMatchObject({ status: 401 });
    // A foreign page that learnt the token is still refused by its Origin.
    expect(checkUpgrade(url('ws'), { ...offered, origin: 'http://127.0.0.1:4001' }, ctx)).toMatchObject({
      status: 403,
    });
    // The answer never echoes the token's subprotocol.
    expect(pickProtocol(new Set(['eck-inspector', 'eck-token.secret-token']))).toBe('eck-inspector');
    expect(pickProtocol(new Set(['eck-token.secret-token']))).toBe(false);
  });

  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('abc', null)).toBe(false);
  });
});

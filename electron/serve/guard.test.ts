import { describe, expect, it } from 'vitest';
import { checkRequest, checkUpgrade, tokenCookieName } from './guard';
import { tokenMatches } from './token';

const ctx = { token: 'secret-token', port: 4000 };
const url = (q = ''): URL => new URL(`http://127.0.0.1:4000/${q}`);
const host = { host: '127.0.0.1:4000' };

describe('serve guard', () => {
  it('accepts the token from the query, a bearer header or the cookie', () => {
    expect(checkRequest(url('?token=secret-token'), host, ctx)).toEqual({ ok: true });
    expect(checkRequest(url(), { ...host, authorization: 'Bearer secret-token' }, ctx)).toEqual({ ok: true });
    expect(
      checkRequest(url(), { ...host, cookie: `a=b; ${tokenCookieName(4000)}=secret-token` }, ctx),
    ).toEqual({ ok: true });
  });

  it('refuses a missing or wrong token with 401', () => {
    expect(checkRequest(url(), host, ctx)).toMatchObject({ ok: false, status: 401 });
    expect(checkRequest(url('?token=secret-tokeN'), host, ctx)).toMatchObject({ ok: false, status: 401 });
    // A cookie of another serve instance on another port does not count.
    expect(
      checkRequest(url(), { ...host, cookie: `${tokenCookieName(4001)}=secret-token` }, ctx),
    ).toMatchObject({ status: 401 });
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
    expect(checkUpgrade(url('ws'), { ...host, origin: 'http://127.0.0.1:4000' }, ctx)).toMatchObject({
      status: 401,
    });
  });

  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('abc', null)).toBe(false);
  });
});

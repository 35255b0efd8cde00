/**
 * The session token of `serve`: random per run, compared in constant time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token (192 bits, URL-safe). */
export function createToken(): string {
  return randomBytes(24).toString('base64url');
}

/** `true` when `given` is the token. Constant time, so a local attacker cannot time it out. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

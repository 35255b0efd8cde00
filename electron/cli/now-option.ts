/**
 * `eck message --now`: the time a message without a timestamp is given. Only ISO 8601 is
 * accepted, checked field by field, because `Date.parse` also takes "1" (the year 2001) and
 * rolls 2026-02-30 over into March: a typo would otherwise render silently at a wrong time.
 */

/** What `--now` accepts, for the error and the help. */
export const NOW_FORMAT = 'ISO 8601 like 2026-12-03T10:00:00Z (or 2026-12-03, 2026-12-03T10:00+08:00)';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;

/** Epoch ms of a `--now` value, or the one-line problem naming it. */
export function parseNowOption(text: string): { readonly now: number } | { readonly problem: string } {
  const bad = { problem: `--now ${text}: not a date; expected ${NOW_FORMAT}` };
  const m = ISO.exec(text);
  if (!m) return bad;
  // A field the text left out (seconds, the offset) reads as 0.
  const n = (group: number): number => Number(m[group] ?? 0);
  const daysInMonth = new Date(Date.UTC(n(1), n(2), 0)).getUTCDate();
  const fieldsOk =
    n(2) >= 1 &&
    n(2) <= 12 &&
    n(3) >= 1 &&
    n(3) <= daysInMonth &&
    n(4) <= 23 &&
    n(5) <= 59 &&
    n(6) <= 59 &&
    n(7) <= 23 &&
    n(8) <= 59;
  const now = Date.parse(text);
  return fieldsOk && !Number.isNaN(now) ? { now } : bad;
}

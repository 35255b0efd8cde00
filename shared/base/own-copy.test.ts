import { describe, expect, it } from 'vitest';
import { OwnStrings, ownCopy } from './own-copy';

describe('ownCopy', () => {
  it('copies any string exactly, long or not ASCII', () => {
    for (const s of ['', 'a', '2026-01-02-03-04-05-17', 'ключ-键-🔑', 'x'.repeat(500)])
      expect(ownCopy(s)).toBe(s);
  });
});

describe('OwnStrings', () => {
  it('answers each text with its own value, repeated or not, past its cap too', () => {
    const own = new OwnStrings(2);
    const texts = [
      'identity-layer',
      'venue-channel',
      'identity-layer',
      'peer-profile-x',
      '身份层-section',
      'venue-channel',
    ];
    // Made at run time, as a report's slices are.
    const asked = texts.map((t) => `#${t}`.slice(1));
    expect(asked.map((t) => own.of(t))).toEqual(texts);
  });
});

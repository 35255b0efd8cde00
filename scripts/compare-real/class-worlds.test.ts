import { describe, expect, it } from 'vitest';
import { generateClassWorld } from './class-worlds';
import { generateMessageWorld } from './message-worlds';

describe('the class worlds of compare:real', () => {
  it('replay: the same seed and index give the same world', () => {
    expect(JSON.stringify(generateClassWorld(7, 42))).toBe(JSON.stringify(generateClassWorld(7, 42)));
    expect(JSON.stringify(generateMessageWorld(7, 42))).toBe(JSON.stringify(generateMessageWorld(7, 42)));
  });

  it('a run of class worlds plants every class, huge files sparse and few', () => {
    const worlds = Array.from({ length: 100 }, (_, i) => generateClassWorld(1, i));
    const classes = new Set(worlds.flatMap((w) => w.tags.filter((t) => t.startsWith('class:'))));
    expect([...classes].sort()).toEqual([
      'class:binary',
      'class:bom',
      'class:huge',
      'class:non-object-base',
      'class:to-string',
    ]);
    const huge = worlds.filter((w) => w.tags.includes('class:huge'));
    expect(huge.length).toBe(4);
    for (const w of huge) {
      const entry = w.entries['package/kits/docs/huge.md'];
      expect(entry).toMatchObject({ size: expect.any(Number) as number });
      expect((entry as { size: number }).size).toBeGreaterThan(64 * 1024 * 1024);
    }
  });

  it('message worlds carry fields of the wrong type and manifests evolcore cannot parse', () => {
    const tags = new Set(Array.from({ length: 300 }, (_, i) => generateMessageWorld(1, i).tags).flat());
    for (const t of [
      'mention-aids-odd',
      'timestamp-odd',
      'handoff-odd',
      'mode-name-not-string',
      'bom:base',
      'bom:override',
      'base-not-object',
    ])
      expect(tags).toContain(t);
  });
});

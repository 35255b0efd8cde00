/**
 * Seeded random checks of the folder walk (§5) and the total gate (§7) against a direct
 * transcription of the clarifications' wording.
 */
import { describe, expect, it } from 'vitest';
import { KITS, dirSection, fileSection, renderKit, sectionOf } from './__fixtures__/kit';

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('folder walk matches §5 on random folders', () => {
  it.each(Array.from({ length: 60 }, (_, i) => i + 1))('seed %d', (seed) => {
    const rand = prng(seed);
    const count = Math.floor(rand() * 12);
    const sizes = Array.from({ length: count }, () => Math.floor(rand() * 60));
    const maxFiles = Math.floor(rand() * 8);
    const maxBytes = Math.floor(rand() * 150);
    const files = Object.fromEntries(
      sizes.map((n, i) => [`${KITS}/rules/f${String(i).padStart(2, '0')}.md`, 'x'.repeat(n)]),
    );
    const r = renderKit({
      sections: [dirSection('rules', '$KITS_RULES', { maxFiles, maxBytes })],
      files: { [`${KITS}/rules`]: null, ...files },
      top: { totalMaxFiles: 1000, totalMaxBytes: 1e9 },
    });
    // Transcription: stop when maxFiles are loaded (files); stop before a file that takes the
    // bytes over maxBytes unless none is loaded yet (bytes).
    let loaded = 0;
    let bytes = 0;
    let reason: 'files' | 'bytes' | null = null;
    for (const size of sizes) {
      if (loaded >= maxFiles) {
        reason = 'files';
        break;
      }
      if (loaded > 0 && bytes + size > maxBytes) {
        reason = 'bytes';
        break;
      }
      loaded++;
      bytes += size;
    }
    const s = sectionOf(r, 'rules');
    expect(s.files).toHaveLength(loaded);
    expect(s.bytes).toBe(bytes);
    if (reason) {
      expect(s.truncated).toMatchObject({ reason, notLoaded: count - loaded });
      const limit = reason === 'files' ? `达文件数上限 ${maxFiles} 个` : `达字节上限 ${maxBytes} 字节`;
      expect(s.truncated?.note).toBe(
        `[注意] 目录 $KITS_RULES 未完整加载：${count - loaded} 个文件未加载（${limit}）。`,
      );
    } else expect(s.truncated).toBeNull();
  });
});

describe('total gate matches §7 on random manifests', () => {
  it.each(Array.from({ length: 60 }, (_, i) => i + 1))('seed %d', (seed) => {
    const rand = prng(seed * 7919);
    const count = 1 + Math.floor(rand() * 10);
    const sizes = Array.from({ length: count }, () => Math.floor(rand() * 100));
    const loads = Array.from({ length: count }, () => rand() > 0.25);
    const totalMaxFiles = Math.floor(rand() * 12);
    const totalMaxBytes = Math.floor(rand() * 500);
    const files = Object.fromEntries(sizes.map((n, i) => [`${KITS}/f${i}.md`, 'y'.repeat(n)]));
    const sections = sizes.map((_, i) =>
      fileSection(`s${i}`, `$KITS/f${i}.md`, { order: i, ...(loads[i] ? {} : { enabled: false }) }),
    );
    const r = renderKit({ sections, files, top: { totalMaxFiles, totalMaxBytes } });
    let f = 0;
    let b = 0;
    let tripped = false;
    const over: string[] = [];
    sizes.forEach((size, i) => {
      if (!loads[i]) return;
      if (tripped || f + 1 > totalMaxFiles || b + size > totalMaxBytes) {
        tripped = true;
        over.push(`s${i}`);
        return;
      }
      f += 1;
      b += size;
    });
    expect(r.totals.overTotal).toEqual(over);
    expect(r.totals.files).toBe(f);
    expect(r.totals.bytes).toBe(b);
    if (over.length > 0)
      expect(
        r.context.endsWith(
          `${over.join(', ')}。\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>`,
        ),
      ).toBe(true);
  });
});

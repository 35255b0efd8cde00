/**
 * Seeded random checks of the folder walk (docs/engine.md §5, `readDirectoryFiles`) and the
 * total gate (§6, `renderKitSections`) against a model of the real loops written here: a
 * blank file is taken by the folder walk but makes no block and counts nothing in the total.
 */
import { describe, expect, it } from 'vitest';
import { KITS, dirSection, fileSection, renderKit, sectionOf, statuses } from './__fixtures__/kit';

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
    // Model: stop when maxFiles are taken (files); stop before a file that takes the bytes over
    // maxBytes unless none is taken yet (bytes). A taken empty file makes no block.
    let taken = 0;
    let bytes = 0;
    let reason: 'files' | 'bytes' | null = null;
    const blank: number[] = [];
    for (const [i, size] of sizes.entries()) {
      if (taken >= maxFiles) {
        reason = 'files';
        break;
      }
      if (taken > 0 && bytes + size > maxBytes) {
        reason = 'bytes';
        break;
      }
      taken++;
      bytes += size;
      if (size === 0) blank.push(i);
    }
    const s = sectionOf(r, 'rules');
    expect(s.debug.fileCount).toBe(taken);
    expect(s.files).toHaveLength(taken - blank.length);
    expect(s.bytes).toBe(bytes);
    expect(s.emptyFiles).toEqual(blank.map((i) => `${KITS}/rules/f${String(i).padStart(2, '0')}.md`));
    expect(s.status).toBe(taken === 0 ? 'not-exist' : 'ok');
    expect(s.empty).toBe(taken > 0 && taken === blank.length);
    expect(s.debug.dirOverflow).toEqual(
      reason
        ? { reason, droppedFiles: count - taken, limit: reason === 'files' ? maxFiles : maxBytes }
        : null,
    );
    // Nothing taken: evolcore moves on before the note (`files.length === 0 → continue`).
    if (reason && taken > 0) {
      expect(s.truncated).toMatchObject({ reason, notLoaded: count - taken });
      const limit = reason === 'files' ? `达文件数上限 ${maxFiles} 个` : `达字节上限 ${maxBytes} 字节`;
      expect(s.truncated?.note).toBe(
        `[注意] 目录 $KITS_RULES 未完整加载：${count - taken} 个文件未加载（${limit}）。`,
      );
      expect(r.context).toContain(s.truncated?.note);
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
    // Model: per file, before rendering, trip when files >= max or bytes + size > max; the
    // section during which it trips is not in the note, later enabled ones are.
    let f = 0;
    let b = 0;
    let tripped = false;
    const over: string[] = [];
    const status: Record<string, string> = {};
    sizes.forEach((size, i) => {
      const id = `s${i}`;
      if (tripped) {
        status[id] = loads[i] ? 'over-total' : 'disabled';
        if (loads[i]) over.push(id);
        return;
      }
      if (!loads[i]) {
        status[id] = 'disabled';
        return;
      }
      if (f >= totalMaxFiles || b + size > totalMaxBytes) {
        tripped = true;
        status[id] = 'over-total';
        return;
      }
      status[id] = 'ok';
      if (size === 0) return;
      f += 1;
      b += size;
    });
    expect(statuses(r)).toEqual(status);
    expect(r.totals.overTotal).toEqual(over);
    expect(r.totals.files).toBe(f);
    expect(r.totals.bytes).toBe(b);
    if (over.length === 0) expect(r.totals.note).toBeNull();
    else
      expect(
        r.context.endsWith(
          `${over.join(', ')}。\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>`,
        ),
      ).toBe(true);
  });
});

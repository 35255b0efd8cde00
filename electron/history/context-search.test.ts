import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContextSearch, type ContextSearchPart } from './context-search';
import { HistoryIndex } from './history-index';

/** An index of `n` snapshots whose context reads take `readMs` each; every third one matches. */
function slowIndex(n: number, readMs: number): HistoryIndex {
  const keys = Array.from({ length: n }, (_, i) => `2026-12-01-00-00-${String(i).padStart(2, '0')}`);
  const fake = {
    dir: '/eck-debug',
    keysWithFile: (_kind: string, among?: readonly string[]) =>
      (among ?? keys).filter((k) => keys.includes(k)),
    readSnapshotFileNow: (key: string) => {
      const until = performance.now() + readMs;
      while (performance.now() < until) {
        // A slow disk.
      }
      return { ok: true, text: keys.indexOf(key) % 3 === 0 ? 'The NEEDLE is here' : 'nothing' };
    },
  };
  return fake as unknown as HistoryIndex;
}

describe('the context search', () => {
  it('in parts: each call stops after its budget, says where to go on, and the parts add up', async () => {
    const index = slowIndex(100, 4);
    const whole = await new ContextSearch().search(index, 'needle');
    expect(whole).toMatchObject({ searched: 100, next: null, total: 100 });
    expect(whole.keys).toHaveLength(34);

    // A fresh cache, so every read is slow: three reads of 4 ms pass a 10 ms budget.
    const search = new ContextSearch();
    const parts = [];
    let from: number | null = 0;
    while (from !== null) {
      const part = await search.search(index, 'needle', undefined, from, 10);
      parts.push(part);
      from = part.next;
    }
    // Each part stops once its budget is spent: at most three 4 ms reads in 10 ms (fewer when the
    // machine is slow), never none; together they read every candidate once.
    expect(parts.length).toBeGreaterThanOrEqual(34);
    for (const p of parts) expect(p.searched).toBeGreaterThanOrEqual(1);
    for (const p of parts) expect(p.searched).toBeLessThanOrEqual(3);
    expect(parts.reduce((n, p) => n + p.searched, 0)).toBe(100);
    expect(parts.every((p) => p.total === 100)).toBe(true);
    expect(parts.flatMap((p) => p.keys)).toEqual(whole.keys);
  });

  it("one search's parts go through one list: a file the watcher drops or adds mid-search shifts nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eck-search-'));
    try {
      const name = (i: number): string => `context-2026-12-01-10-00-0${String(i)}.md`;
      for (let i = 0; i < 6; i++) writeFileSync(join(dir, name(i)), `render ${String(i)}: the NEEDLE`);
      const index = new HistoryIndex(dir);
      index.refresh();
      const search = new ContextSearch();
      // A budget of 0: each part reads exactly one candidate.
      const parts: ContextSearchPart[] = [await search.search(index, 'needle', undefined, 0, 0)];
      // Between parts, evolcore's cleanup deletes the oldest render and a new one is written.
      unlinkSync(join(dir, name(0)));
      index.applyChange(name(0), 'unlink');
      writeFileSync(join(dir, name(6)), 'render 6: the NEEDLE');
      index.applyChange(name(6), 'add');
      for (let from = parts[0]?.next ?? null; from !== null;) {
        const part = await search.search(index, 'needle', undefined, from, 0);
        parts.push(part);
        from = part.next;
      }
      // Every render listed when the search began is read once, none skipped by the shift
      // (the list taken anew each part had lost render 1), and each part says the same total.
      expect(parts.map((p) => p.keys).flat()).toEqual(
        [0, 1, 2, 3, 4, 5].map((i) => `2026-12-01-10-00-0${String(i)}`),
      );
      expect(parts.every((p) => p.total === 6)).toBe(true);
      // The render written meanwhile is found by the next search, the deleted one is gone.
      const again = await search.search(index, 'needle');
      expect(again).toMatchObject({ searched: 6, total: 6, unreadable: 0 });
      expect(again.keys).toContain('2026-12-01-10-00-06');
      expect(again.keys).not.toContain('2026-12-01-10-00-00');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a from past the end reads nothing and is done', async () => {
    const r = await new ContextSearch().search(slowIndex(5, 0), 'needle', undefined, 99, 10);
    expect(r).toEqual({ keys: [], searched: 0, unreadable: 0, next: null, total: 5 });
  });
});

/**
 * The row index (row-index-file.ts) is derived: a reader opens from it only when it is whole and
 * matches the log, and gets exactly what the log says; anything else (cut, flipped, stale, of
 * another version, half-written) and the reader reads the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore, type SnapshotToAdd } from './archive-store';
import { indexFile, rowIndexFile } from './archive-files';
import { generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-row-index-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Snapshot `n`, with facts as an import computes them (a text, a number, a flag, a null). */
function snapshot(n: number, key = keyAt(n).key): SnapshotToAdd {
  return {
    key,
    time: keyAt(n).time,
    files: generatedSnapshot(n),
    facts: {
      sessionType: n % 2 ? 'dm' : null,
      peer: `peer-${n % 3}`,
      contextBytes: 100 + n,
      truncated: n % 4 === 0,
    },
  };
}

/** An archive of `n` snapshots (and two of one second), its row index written. */
function archive(n: number, archivedAt = 1000): { dir: string; added: SnapshotToAdd[] } {
  const dir = tempDir();
  const w = ArchiveStore.openWriter(dir);
  const added = Array.from({ length: n }, (_, i) => snapshot(i));
  // Renders of one second: `-2` and `-10` sort apart from their key's text order.
  added.push(snapshot(n, `${keyAt(n).key}-2`), snapshot(n, `${keyAt(n).key}-10`));
  w.append(added.slice(0, 3), archivedAt);
  w.append(added.slice(3), archivedAt + 1000);
  expect(w.writeRowIndex()).toBe(true);
  expect(w.writeRowIndex()).toBe(false);
  w.close();
  return { dir, added };
}

/** Everything a reader tells: the list, each snapshot by key, the newest, a file's bytes. */
function everything(dir: string): object {
  const r = ArchiveStore.openReader(dir) as ArchiveStore;
  try {
    const list = r.list();
    return {
      list,
      byKey: list.map((s) => r.get(s.key)),
      size: r.size,
      stats: r.stats(),
      newest: r.newest(3),
      columns: r.rowColumns().count,
      bytes: list.map((s) => r.readFile(s.key, 'vars')?.length),
      unknown: r.get('1999-01-01-00-00-00'),
    };
  } finally {
    r.close();
  }
}

/** What the log alone says: the row index moved away for one read. */
function fromLog(dir: string): object {
  const file = rowIndexFile(dir, 1);
  const aside = `${file}.aside`;
  fs.renameSync(file, aside);
  try {
    return everything(dir);
  } finally {
    fs.renameSync(aside, file);
  }
}

function usesRowIndex(dir: string): boolean {
  const r = ArchiveStore.openReader(dir) as ArchiveStore;
  const used = r.fromRowIndex;
  r.close();
  return used;
}

describe('the archive row index', () => {
  it('opens a reader with the same snapshots, facts and files as the log gives', () => {
    const { dir, added } = archive(12);
    expect(usesRowIndex(dir)).toBe(true);
    const log = fromLog(dir);
    expect(everything(dir)).toEqual(log);
    const r = ArchiveStore.openReader(dir) as ArchiveStore;
    for (const s of added) {
      expect(r.get(s.key)?.facts).toEqual(s.facts);
      expect(r.readFile(s.key, 'context')?.equals(s.files.context as Buffer)).toBe(true);
    }
    expect(r.newest(2)).toEqual(r.list().reverse().slice(0, 2));
    expect(r.newest(2).map((s) => s.key)).toEqual([added[12]?.key, added[13]?.key]);
    r.close();
  });

  it('is read with what was appended after it, a snapshot completed later included', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const added = Array.from({ length: 6 }, (_, i) => snapshot(i));
    const { manifest, ...lacking } = added[2]?.files ?? {};
    w.append(added.map((s, i) => (i === 2 ? { ...s, files: lacking } : s)));
    w.writeRowIndex();
    w.close();

    const w2 = ArchiveStore.openWriter(dir);
    expect(w2.fromRowIndex).toBe(true);
    // The writer opened from the row index still knows every block: a copy adds none.
    expect(w2.append([{ ...snapshot(3), key: keyAt(40).key, time: keyAt(40).time }]).blocks).toBe(0);
    // A snapshot of the row index gets a second record: its file joins, its new facts win.
    const completed = {
      key: added[2]?.key ?? '',
      time: 0,
      files: { manifest: manifest as Buffer },
      facts: { peer: 'new' },
    };
    expect(w2.append([completed]).records).toBe(1);
    w2.close();

    const r = ArchiveStore.openReader(dir) as ArchiveStore;
    expect(r.fromRowIndex).toBe(true);
    expect(r.size).toBe(7);
    expect(r.get(completed.key)?.kinds).toContain('manifest');
    expect(r.get(completed.key)?.facts).toEqual({ peer: 'new' });
    expect(r.readFile(completed.key, 'manifest')?.equals(manifest as Buffer)).toBe(true);
    expect(r.get(keyAt(40).key)?.facts).toEqual(added[3]?.facts);
    expect(r.newest(1).map((s) => s.key)).toEqual([keyAt(40).key]);
    expect(r.rowColumns().count).toBe(7);
    r.close();
    expect(everything(dir)).toEqual(fromLog(dir));
  });

  it('is not trusted cut at any byte, with a flipped byte, of another version or of another log', () => {
    const { dir } = archive(3);
    const log = fromLog(dir);
    const file = rowIndexFile(dir, 1);
    const whole = fs.readFileSync(file);
    for (let cut = 0; cut < whole.length; cut++) {
      fs.writeFileSync(file, whole.subarray(0, cut));
      expect(usesRowIndex(dir), `cut at ${cut}`).toBe(false);
    }
    expect(everything(dir)).toEqual(log);
    for (let at = 0; at < whole.length; at += 7) {
      const flipped = Buffer.from(whole);
      flipped[at] = (flipped[at] as number) ^ 0x20;
      fs.writeFileSync(file, flipped);
      expect(usesRowIndex(dir), `flipped at ${at}`).toBe(false);
    }
    const version = Buffer.from(whole);
    version.writeUInt32LE(99, 8);
    fs.writeFileSync(file, version);
    expect(usesRowIndex(dir)).toBe(false);

    // Another archive's row index (same generation, a log as long, archived at another time):
    // its last record is not this one's. Records are deflated, so another time may change the
    // log's length too: the first time of a few that gives as long a log.
    const logSize = (d: string): number => fs.statSync(indexFile(d, 1)).size;
    let other = archive(3, 2000);
    for (let at = 3000; logSize(other.dir) !== logSize(dir) && at <= 20_000; at += 1000)
      other = archive(3, at);
    expect(logSize(other.dir)).toBe(logSize(dir));
    fs.copyFileSync(rowIndexFile(other.dir, 1), file);
    expect(usesRowIndex(dir)).toBe(false);
    expect(everything(dir)).toEqual(log);
    fs.writeFileSync(file, whole);
    expect(usesRowIndex(dir)).toBe(true);

    // The log shorter than the row index covers (records it names are gone): the log.
    const logFile = indexFile(dir, 1);
    const logBytes = fs.readFileSync(logFile);
    fs.writeFileSync(logFile, logBytes.subarray(0, logBytes.length - 1));
    expect(usesRowIndex(dir)).toBe(false);
  });

  it('with a log torn after it (a kill mid-append): the records whole before the tear, no more', () => {
    const { dir, added } = archive(3);
    const logFile = indexFile(dir, 1);
    const covered = fs.statSync(logFile).size;
    const w = ArchiveStore.openWriter(dir);
    w.append([snapshot(20), snapshot(21)]);
    w.close();
    const whole = fs.readFileSync(logFile);
    const before = added.map((s) => s.key).sort();
    // Where the first appended record ends (its frame: 8 bytes of header, then its length).
    const firstEnd = covered + 8 + whole.readUInt32LE(covered);
    for (let cut = covered; cut <= whole.length; cut++) {
      fs.writeFileSync(logFile, whole.subarray(0, cut));
      const r = ArchiveStore.openReader(dir) as ArchiveStore;
      expect(r.fromRowIndex).toBe(true);
      const keys = r.list().map((s) => s.key);
      const expected =
        cut === whole.length ? [keyAt(20).key, keyAt(21).key] : cut >= firstEnd ? [keyAt(20).key] : [];
      expect(
        keys.filter((k) => !before.includes(k)),
        `cut at ${cut}`,
      ).toEqual(expected);
      r.close();
    }
  });

  it('half written by a killed writer is a temp file readers ignore; the next run writes it whole', () => {
    const { dir } = archive(3);
    const file = rowIndexFile(dir, 1);
    const whole = fs.readFileSync(file);
    fs.rmSync(file);
    fs.writeFileSync(`${file}.tmp`, whole.subarray(0, whole.length >> 1));
    expect(usesRowIndex(dir)).toBe(false);
    const w = ArchiveStore.openWriter(dir);
    expect(w.writeRowIndex()).toBe(true);
    w.close();
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    expect(usesRowIndex(dir)).toBe(true);
  });

  it("follows the retention: the old generation's goes with it, the new one is written after the run", () => {
    const { dir, added } = archive(6);
    const w = ArchiveStore.openWriter(dir);
    expect(w.retain((s) => s.time >= keyAt(3).time)).toBe(3);
    expect(fs.existsSync(rowIndexFile(dir, 1))).toBe(false);
    expect(w.writeRowIndex()).toBe(true);
    w.close();
    const r = ArchiveStore.openReader(dir) as ArchiveStore;
    expect(r.fromRowIndex).toBe(true);
    expect(r.generation).toBe(2);
    expect(r.list().map((s) => s.key)).toEqual(
      added
        .slice(3)
        .map((s) => s.key)
        .sort(),
    );
    expect(r.get(added[4]?.key ?? '')?.facts).toEqual(added[4]?.facts);
    r.close();
  });
});

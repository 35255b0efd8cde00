/**
 * The index's records as written (archive-store.ts, `serialize`): each deflated alone with the
 * preset dictionary of tag 0x01 (record-dictionary.ts), read back whole from the row index and
 * from the log; the JSON records of archives written before stay readable, and a record that
 * does not inflate is the end of the log as a torn one is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import { generateArchive } from '../../bench/archive-generator';
import { ArchiveStore, type SnapshotToAdd } from './archive-store';
import { indexFile, packFile, rowIndexFile } from './archive-files';
import { toRuns } from './id-runs';
import { RECORD_DICTIONARY_V1, RECORD_TAG_V1 } from './record-dictionary';
import { encodeFrame, scanFrames, type FoundFrame } from './record-frame';
import type { RowFacts } from './row-index-file';
import { splitBlocks } from './split-blocks';
import { generatedSnapshot, keyAt } from './test-support/archive-fixtures';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-record-format-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Facts as an import keeps them: texts, numbers, a flag, the `$` facts. */
function factsOf(n: number): RowFacts {
  return {
    $columns: '15aeeod',
    sessionType: n % 2 ? 'dm' : 'group-chat',
    chatType: 'private',
    peer: `peer-${n % 3}`,
    peerKey: `aun#peer-${n % 3}`,
    sessionId: `s-${n}`,
    truncated: n % 4 === 0,
    contextBytes: 1000 + n,
    recordedAt: keyAt(n).time + 271,
    '$bytes.vars': 40 + n,
  };
}

/** Snapshot `n` (files of `like`, default `n`), with facts unless `facts` is false. */
function snapshot(
  n: number,
  { like = n, facts = true }: { like?: number; facts?: boolean } = {},
): SnapshotToAdd {
  return { ...keyAt(n), files: generatedSnapshot(like), ...(facts ? { facts: factsOf(n) } : {}) };
}

function framesOf(dir: string, gen = 1): FoundFrame[] {
  const bytes = fs.readFileSync(indexFile(dir, gen));
  const { frames, end } = scanFrames(bytes);
  expect(end).toBe(bytes.length);
  return frames;
}

/** Everything a reader tells of `added`: each one's description and every file's bytes. */
function expectHolds(
  r: ArchiveStore | null,
  added: readonly SnapshotToAdd[],
  archivedAt: number | ((s: SnapshotToAdd) => number),
): void {
  expect(r).not.toBeNull();
  expect(r?.list().map((s) => s.key)).toEqual(added.map((s) => s.key));
  for (const s of added) {
    expect(r?.get(s.key)).toEqual({
      key: s.key,
      time: s.time,
      archivedAt: typeof archivedAt === 'number' ? archivedAt : archivedAt(s),
      kinds: DEBUG_FILE_KINDS.filter((k) => s.files[k] !== undefined),
      facts: s.facts ?? null,
    });
    for (const kind of DEBUG_FILE_KINDS) {
      const bytes = s.files[kind];
      if (bytes === undefined) continue;
      expect(r?.readFile(s.key, kind)?.equals(bytes), `${s.key} ${kind}`).toBe(true);
      expect(r?.fileSize(s.key, kind)).toBe(bytes.length);
    }
  }
}

/**
 * An archive as the writer wrote it before records were deflated: the same blocks and pack,
 * each record plain JSON in its frame (`{k,t,a,b,f,c}`, ids as runs, `c` absent when the
 * snapshot has no facts).
 */
function writeJsonArchive(dir: string, snapshots: readonly SnapshotToAdd[], archivedAt: number): Buffer {
  fs.mkdirSync(dir, { recursive: true });
  const pack: Buffer[] = [];
  const log: Buffer[] = [];
  const ids = new Map<string, number>();
  let packAt = 0;
  for (const s of snapshots) {
    const b: [string, number, number, number, number][] = [];
    const f: Partial<Record<string, number[]>> = {};
    for (const kind of DEBUG_FILE_KINDS) {
      const bytes = s.files[kind];
      if (bytes === undefined) continue;
      const blockIds = splitBlocks(bytes).map((block) => {
        const hash = crypto.hash('sha256', block, 'base64');
        const known = ids.get(hash);
        if (known !== undefined) return known;
        const deflated = zlib.deflateRawSync(block, { level: 6 });
        const keep = deflated.length < block.length;
        const stored = keep ? deflated : Buffer.from(block);
        b.push([hash, packAt, stored.length, block.length, keep ? 1 : 0]);
        pack.push(stored);
        packAt += stored.length;
        ids.set(hash, ids.size);
        return ids.size - 1;
      });
      f[kind] = toRuns(blockIds);
    }
    const record = { k: s.key, t: s.time, a: archivedAt, b, f, ...(s.facts ? { c: s.facts } : {}) };
    log.push(encodeFrame(Buffer.from(JSON.stringify(record))));
  }
  const index = Buffer.concat(log);
  fs.writeFileSync(packFile(dir, 1), Buffer.concat(pack));
  fs.writeFileSync(indexFile(dir, 1), index);
  return index;
}

describe('an index record', () => {
  it('is deflated, and gives back its facts, files and blocks from the row index and from the log', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    // Date.now() is whole; a fraction (a caller's own clock) is rounded, not kept.
    const now = Date.UTC(2026, 0, 2) + 0.6;
    const archivedAt = Date.UTC(2026, 0, 2) + 1;
    const added = [0, 1, 2, 3, 4].map((n) => snapshot(n, { facts: n !== 2 }));
    w.append(added.slice(0, 3), now);
    expect(w.writeRowIndex()).toBe(true);
    // Two after the row index: a reader reads them from the log's tail.
    w.append(added.slice(3), now);
    w.close();

    const frames = framesOf(dir);
    expect(frames).toHaveLength(5);
    for (const frame of frames) {
      expect(frame.payload[0]).toBe(RECORD_TAG_V1);
      expect(frame.payload.includes('"k":')).toBe(false);
    }

    const fromRows = ArchiveStore.openReader(dir);
    expect(fromRows?.fromRowIndex).toBe(true);
    expectHolds(fromRows, added, archivedAt);
    fromRows?.close();

    fs.rmSync(rowIndexFile(dir, 1));
    const fromLog = ArchiveStore.openReader(dir);
    expect(fromLog?.fromRowIndex).toBe(false);
    expectHolds(fromLog, added, archivedAt);
    fromLog?.close();

    // The blocks' hashes came back too: a writer that read the log finds them, so the files of
    // snapshot 1 under another key bring no block.
    const again = ArchiveStore.openWriter(dir);
    expect(again.fromRowIndex).toBe(false);
    expect(again.append([snapshot(9, { like: 1 })]).blocks).toBe(0);
    expect(again.append([snapshot(1)]).records).toBe(0);
    again.close();
  });

  it('of an archive written before (plain JSON) is read, and a writer appends deflated records after it', () => {
    const dir = tempDir();
    // Snapshot 1 has no facts: older archives still had none.
    const old = [0, 1, 2].map((n) => snapshot(n, { facts: n !== 1 }));
    const oldLog = writeJsonArchive(dir, old, 1000.5);
    expect(oldLog[8]).toBe(0x7b);
    const r = ArchiveStore.openReader(dir);
    expectHolds(r, old, 1000.5);
    r?.close();

    const w = ArchiveStore.openWriter(dir);
    expectHolds(w, old, 1000.5);
    const added = [snapshot(3), snapshot(4, { like: 0 })];
    // Snapshot 4 is snapshot 0's files: the JSON records' hashes are known to the writer.
    expect(w.append(added.slice(0, 1), 2000).blocks).toBeGreaterThan(0);
    expect(w.append(added.slice(1), 2000).blocks).toBe(0);
    w.close();

    const log = fs.readFileSync(indexFile(dir, 1));
    expect(log.subarray(0, oldLog.length).equals(oldLog)).toBe(true);
    const frames = framesOf(dir);
    expect(frames.map((f) => f.payload[0])).toEqual([0x7b, 0x7b, 0x7b, RECORD_TAG_V1, RECORD_TAG_V1]);

    const all = [...old, ...added];
    const archivedAt = (s: SnapshotToAdd): number => (old.includes(s) ? 1000.5 : 2000);
    const fromLog = ArchiveStore.openReader(dir);
    expect(fromLog?.fromRowIndex).toBe(false);
    expectHolds(fromLog, all, archivedAt);
    fromLog?.close();
    const rows = ArchiveStore.openWriter(dir);
    expect(rows.writeRowIndex()).toBe(true);
    rows.close();
    const fromRows = ArchiveStore.openReader(dir);
    expect(fromRows?.fromRowIndex).toBe(true);
    expectHolds(fromRows, all, archivedAt);
    fromRows?.close();
  });

  it('of an archive written before is rewritten deflated by the retention', () => {
    const dir = tempDir();
    const old = [0, 1, 2, 3].map((n) => snapshot(n, { facts: n !== 1 }));
    writeJsonArchive(dir, old, 1000.5);
    const w = ArchiveStore.openWriter(dir);
    expect(w.retain((s) => s.key !== old[0]?.key)).toBe(1);
    w.close();
    expect(framesOf(dir, 2).map((f) => f.payload[0])).toEqual([RECORD_TAG_V1, RECORD_TAG_V1, RECORD_TAG_V1]);
    const r = ArchiveStore.openReader(dir);
    expect(r?.generation).toBe(2);
    // The fraction an old record kept is rounded as a new record's is.
    expectHolds(r, old.slice(1), 1001);
    r?.close();
  });

  it('that does not inflate, or of a tag it does not know, is the end of the log (its frame whole)', () => {
    const dir = tempDir();
    const w = ArchiveStore.openWriter(dir);
    const first = [0, 1, 2].map((n) => snapshot(n));
    w.append(first, 1000);
    const packBefore = w.stats().packBytes;
    w.append([snapshot(3)], 1000);
    w.append([snapshot(4)], 1000);
    w.close();
    const frames = framesOf(dir);
    const pack = fs.readFileSync(packFile(dir, 1));
    const [, , , fourth, fifth] = frames as [FoundFrame, FoundFrame, FoundFrame, FoundFrame, FoundFrame];
    expect(fourth.payload[0]).toBe(RECORD_TAG_V1);
    const body = fourth.payload.subarray(1);
    const tagged = (tag: number, bytes: Uint8Array): Buffer => Buffer.concat([Buffer.from([tag]), bytes]);
    const damaged: Record<string, Buffer> = {
      'cut short': tagged(RECORD_TAG_V1, body.subarray(0, body.length >> 1)),
      inverted: tagged(
        RECORD_TAG_V1,
        Uint8Array.from(body, (b) => b ^ 0xff),
      ),
      'not JSON': tagged(
        RECORD_TAG_V1,
        zlib.deflateRawSync('{"k": not json', { dictionary: Buffer.from(RECORD_DICTIONARY_V1) }),
      ),
      'a later tag': tagged(0x02, body),
      'no tag': tagged(0x00, body),
    };
    const log = fs.readFileSync(indexFile(dir, 1));
    for (const [what, payload] of Object.entries(damaged)) {
      // The damage with a valid checksum (a bug, a collision, a newer writer), and a whole
      // record after it, which must not be read either.
      fs.writeFileSync(
        indexFile(dir, 1),
        Buffer.concat([log.subarray(0, fourth.at), encodeFrame(payload), log.subarray(fifth.at)]),
      );
      fs.writeFileSync(packFile(dir, 1), pack);
      const r = ArchiveStore.openReader(dir);
      expect(
        r?.list().map((s) => s.key),
        what,
      ).toEqual(first.map((s) => s.key));
      r?.close();
      const again = ArchiveStore.openWriter(dir);
      expect(fs.statSync(indexFile(dir, 1)).size, what).toBe(fourth.at);
      expect(fs.statSync(packFile(dir, 1)).size, what).toBe(packBefore);
      again.close();
    }
    const again = ArchiveStore.openWriter(dir);
    again.append([snapshot(3), snapshot(4)], 1000);
    expectHolds(again, [...first, snapshot(3), snapshot(4)], 1000);
    again.close();
  });

  it('of a generated year of a busy home takes at most 160 bytes, frame included (468 as JSON)', () => {
    const dir = tempDir();
    generateArchive(dir, 1000);
    const perRecord = fs.statSync(indexFile(dir, 1)).size / 1000;
    expect(framesOf(dir)).toHaveLength(1000);
    expect(perRecord).toBeLessThanOrEqual(160);
  });
});

describe('the record dictionary', () => {
  it('is the one records of tag 0x01 were written with, byte for byte', () => {
    // Changing it would make every archive written with it unreadable: a new dictionary is a
    // new tag (record-dictionary.ts).
    const bytes = Buffer.from(RECORD_DICTIONARY_V1, 'latin1');
    expect(Buffer.from(RECORD_DICTIONARY_V1, 'utf8').equals(bytes)).toBe(true);
    expect(RECORD_TAG_V1).toBe(0x01);
    expect({ length: bytes.length, crc32: zlib.crc32(bytes) }).toEqual({ length: 1232, crc32: 291026492 });
  });
});

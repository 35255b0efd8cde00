/**
 * Snapshots for the archive's tests and bench: the demo home's renders, varied the way a busy
 * home varies them (another message, another session id, another time), so that they share
 * most of their text as real renders do.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DebugFileKind } from '../../../shared/debug-files/names';
import {
  DEBUG_FILE_KINDS,
  debugFileName,
  formatTimestamp,
  parseDebugFileName,
} from '../../../shared/debug-files/names';
import { mulberry32 } from '../../../shared/testing/mulberry32';
import { DEMO_HOME } from '../../services/app-paths';
import { debugDirOf } from '../../history/debug-dir';

/** The files of one demo snapshot, by kind (missing kinds absent). */
export type SnapshotFiles = Partial<Record<DebugFileKind, Buffer>>;

let demo: SnapshotFiles[] | null = null;

/** The demo home's snapshots, read once. */
export function demoSnapshots(): SnapshotFiles[] {
  if (demo !== null) return demo;
  const dir = debugDirOf(DEMO_HOME);
  const byKey = new Map<string, SnapshotFiles>();
  for (const name of fs.readdirSync(dir).sort()) {
    const parsed = parseDebugFileName(name);
    if (parsed === null) continue;
    const files = byKey.get(parsed.key) ?? {};
    files[parsed.kind] = fs.readFileSync(path.join(dir, name));
    byKey.set(parsed.key, files);
  }
  demo = [...byKey.values()];
  return demo;
}

const WORDS = [
  '构建',
  'failed',
  'deploy',
  '请看',
  'log',
  '测试',
  'again',
  'merge',
  'why',
  '用户',
  'agent',
  'rollback',
];

/** A message of a few words, different per seed. */
function message(rand: () => number): string {
  const n = 5 + Math.floor(rand() * 30);
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
}

/**
 * The `i`-th generated snapshot: a demo snapshot with its session id, timestamp and one
 * message line of its context changed (what differs between two renders of a busy home).
 */
export function generatedSnapshot(i: number, seed = 1): SnapshotFiles {
  const all = demoSnapshots();
  const base = all[i % all.length] as SnapshotFiles;
  const rand = mulberry32(seed * 1_000_003 + i);
  const session = `s-${(i % 10).toString().padStart(3, '0')}-${Math.floor(i / 300)}`;
  const text = message(rand);
  const out: SnapshotFiles = {};
  for (const kind of DEBUG_FILE_KINDS) {
    const bytes = base[kind];
    if (bytes === undefined) continue;
    let s = bytes.toString('utf8').replace(/s-\d{8}-\d+/g, session);
    if (kind === 'context') s = s.replace('\n\n', `\n\n<message>${text}</message>\n\n`);
    if (kind === 'vars') s = s.replace(/"timestamp": "[^"]*"/, `"timestamp": "${i}:${text.length}"`);
    out[kind] = Buffer.from(s);
  }
  return out;
}

/** A snapshot key `n` seconds after 2026-01-01 UTC. */
export function keyAt(n: number): { key: string; time: number } {
  const time = Date.UTC(2026, 0, 1) + n * 1000;
  return { key: formatTimestamp(new Date(time)), time };
}

/** Writes a snapshot's files into an eck-debug folder, with the given modification time. */
export function writeSnapshot(dir: string, key: string, files: SnapshotFiles, mtimeMs?: number): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const kind of DEBUG_FILE_KINDS) {
    const bytes = files[kind];
    if (bytes === undefined) continue;
    const file = path.join(dir, debugFileName(kind, key));
    fs.writeFileSync(file, bytes);
    if (mtimeMs !== undefined) fs.utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
  }
}

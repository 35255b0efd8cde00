/**
 * The archive's API methods (shared/api/methods/archive.ts) over the open home's archive.
 * Reads only, with no lock: a reader sees whole records (record-frame.ts), and `refresh` picks
 * up what the background archiver or a timer's `eck archive` appended since the last call.
 */
import { ApiFailure } from '../../shared/api';
import type { SnapshotFileText } from '../../shared/api/history-models';
import {
  MAX_ANSWER_BYTES,
  MAX_SHOWN_TEXT_BYTES,
  tooLarge,
  tooLargeMessage,
} from '../../shared/api/answer-caps';
import { DEBUG_FILE_KINDS, debugFileName, type DebugFileKind } from '../../shared/debug-files/names';
import type { HandlerTable } from '../api/dispatch';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { archiveDirFor } from './archive-location';
import { readArchiveSettings, writeArchiveSettings } from './archive-settings';
import type { ArchiveStore } from './archive-store';
import { SharedArchiveReader } from './shared-archive-reader';

type ArchiveHandlers = Pick<
  HandlerTable,
  'listArchive' | 'getArchivedSnapshot' | 'getArchiveStats' | 'getArchiveSettings' | 'setArchiveSettings'
>;

/** Bit of each kind in the listing's `kinds` column. */
const KIND_BIT: Readonly<Record<DebugFileKind, number>> = { vars: 1, context: 2, fragments: 4, manifest: 8 };

export function createArchiveHandlers(
  host: WorkspaceHost,
  settingsDir: () => string,
  // The process's one reader (shared-archive-reader.ts); a table of its own keeps its own.
  archives: SharedArchiveReader = new SharedArchiveReader(() =>
    archiveDirFor(host.current.resolved.home, settingsDir()),
  ),
): ArchiveHandlers {
  const reader = async (): Promise<{ dir: string; store: ArchiveStore | null }> => ({
    dir: archiveDirFor(host.current.resolved.home, settingsDir()),
    // Opened without holding the event loop: the History asks for the numbers as it opens.
    store: await archives.soon(),
  });

  return {
    listArchive: async () => {
      const { dir, store } = await reader();
      const rows = store?.list() ?? [];
      const stats = store?.stats();
      return {
        dir,
        exists: store !== null,
        keys: rows.map((r) => r.key),
        times: rows.map((r) => r.time),
        archivedAt: rows.map((r) => r.archivedAt),
        kinds: rows.map((r) => r.kinds.reduce((bits, k) => bits | KIND_BIT[k], 0)),
        rawBytes: stats?.rawBytes ?? 0,
        storedBytes: stats === undefined ? 0 : stats.packBytes + stats.indexBytes,
      };
    },
    getArchivedSnapshot: async ({ key }) => {
      const { dir, store } = await reader();
      const found = store?.get(key) ?? null;
      if (store === null || found === null)
        throw new ApiFailure('not-found', `no snapshot ${key} in the archive ${dir}`);
      const files = {} as Record<DebugFileKind, SnapshotFileText>;
      let total = 0;
      for (const kind of DEBUG_FILE_KINDS) {
        const name = debugFileName(kind, key);
        const bytes = found.kinds.includes(kind) ? store.readFile(key, kind) : null;
        if (bytes === null) files[kind] = { ok: false, name: null, error: `${name}: not in the archive` };
        else if (bytes.length > MAX_SHOWN_TEXT_BYTES) {
          const marker = tooLarge(bytes.length, MAX_SHOWN_TEXT_BYTES, null);
          files[kind] = { ok: false, name, error: tooLargeMessage(name, marker), tooLarge: marker };
        } else {
          files[kind] = { ok: true, name, text: bytes.toString('utf8'), bytes: bytes.length };
          total += bytes.length;
        }
      }
      // Four files of 2 MiB each would pass one by one: the largest go as markers until it fits.
      for (const kind of [...DEBUG_FILE_KINDS].sort((a, b) => sizeOf(files[b]) - sizeOf(files[a]))) {
        if (total <= MAX_ANSWER_BYTES) break;
        const f = files[kind];
        if (!f.ok) continue;
        const marker = tooLarge(f.bytes, MAX_ANSWER_BYTES, null);
        files[kind] = { ok: false, name: f.name, error: tooLargeMessage(f.name, marker), tooLarge: marker };
        total -= f.bytes;
      }
      return { key, time: found.time, archivedAt: found.archivedAt, files };
    },
    getArchiveStats: async () => {
      const { dir, store } = await reader();
      const stats = store?.stats();
      return {
        dir,
        exists: store !== null,
        snapshots: stats?.snapshots ?? 0,
        rawBytes: stats?.rawBytes ?? 0,
        storedBytes: stats === undefined ? 0 : stats.packBytes + stats.indexBytes,
      };
    },
    getArchiveSettings: () => readArchiveSettings(settingsDir()),
    setArchiveSettings: (settings) => writeArchiveSettings(settings, settingsDir()),
  };
}

function sizeOf(f: SnapshotFileText): number {
  return f.ok ? f.bytes : 0;
}

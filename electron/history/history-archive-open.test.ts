/**
 * How the app opens a home's archive: one reader for the whole process, opened as the home opens
 * with its row index read off the main thread, so that the History's first archived rows, the
 * archive's numbers and the Vars tab's snapshot list never read it again (a year of renders' row
 * index is 172 MB; each read of it held the event loop 0.2 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryDelta } from '../../shared/api/history-models';
import { decodeRows } from '../../shared/history/listing-wire';
import { useCoreHarness } from '../api/test-support/core-harness';
import { archiveHome } from '../archive/archive-home';
import { ArchiveStore } from '../archive/archive-store';
import { generatedSnapshot, keyAt } from '../archive/test-support/archive-fixtures';
import { until } from '../test-support/until';
import { debugDirOf } from './debug-dir';
import type { OpenArchive } from './history-service';
import { serviceOver } from './test-support/service-over';

const harness = useCoreHarness();
afterEach(() => {
  vi.restoreAllMocks();
});

/** An archive at `dir` of snapshots `ns` (row index written). */
function archiveAt(dir: string, ns: readonly number[]): void {
  const w = ArchiveStore.openWriter(dir);
  w.append(ns.map((n) => ({ ...keyAt(n), files: generatedSnapshot(n) })));
  w.writeRowIndex();
  w.close();
}

/** Keys of the archived rows the deltas pushed. */
function archivedKeys(deltas: readonly HistoryDelta[]): string[] {
  return deltas.flatMap((d) => {
    const rows = decodeRows(d.upserts);
    if (!rows.ok) throw new Error(rows.error);
    return rows.value.filter((s) => s.where === 'archive').map((s) => s.key);
  });
}

/** A History service over an empty eck-debug of `home`, with the given ways to open the archive. */
function serviceWith(
  home: string,
  openArchive: () => OpenArchive | null,
  openArchiveAhead: () => Promise<OpenArchive | null>,
): ReturnType<typeof serviceOver> {
  fs.mkdirSync(debugDirOf(home), { recursive: true });
  return serviceOver(home, '', undefined, { openArchive, openArchiveAhead });
}

describe('the History opening the archive', () => {
  it('merges it through the open that reads ahead, where one is given', async () => {
    const root = harness.tempRoot('eck-history-open-');
    const dir = path.join(root, 'archive');
    archiveAt(dir, [0, 1, 2]);
    const sync = vi.fn(() => ArchiveStore.openReader(dir));
    const { service, deltas } = serviceWith(path.join(root, 'home'), sync, async () =>
      ArchiveStore.openReader(dir),
    );
    expect(service.listing().snapshots).toEqual([]);
    await service.whenArchiveMerged();
    expect(archivedKeys(deltas).sort()).toEqual([0, 1, 2].map((n) => keyAt(n).key));
    expect(sync).not.toHaveBeenCalled();
    await service.close();
  });

  it('pushes nothing before the listing is answered, though the reader was open already', async () => {
    const root = harness.tempRoot('eck-history-open-');
    const dir = path.join(root, 'archive');
    archiveAt(dir, [0, 1]);
    const open = ArchiveStore.openReader(dir) as ArchiveStore;
    const { service, deltas } = serviceWith(
      path.join(root, 'home'),
      () => open,
      () => Promise.resolve(open),
    );
    service.listing();
    // The microtasks that run before a handler's answer is sent.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(deltas).toEqual([]);
    await service.whenArchiveMerged();
    expect(archivedKeys(deltas)).toHaveLength(2);
    await service.close();
    open.close();
  });

  it('keeps the archive a change on disk opened meanwhile, and closes the one read ahead', async () => {
    const root = harness.tempRoot('eck-history-open-');
    const dir = path.join(root, 'archive');
    archiveAt(dir, [0, 1]);
    let release: () => void = () => undefined;
    const late = ArchiveStore.openReader(dir) as ArchiveStore;
    const closeLate = vi.spyOn(late, 'close');
    const { service, deltas } = serviceWith(
      path.join(root, 'home'),
      () => ArchiveStore.openReader(dir),
      () => new Promise((resolve) => (release = () => resolve(late))),
    );
    service.listing();
    // The archiver ran before the read ahead came back: the service opened the archive itself.
    service.archiveChanged();
    expect(archivedKeys(deltas).sort()).toEqual([0, 1].map((n) => keyAt(n).key));
    release();
    await service.whenArchiveMerged();
    expect(closeLate).toHaveBeenCalled();
    // Not pushed twice.
    expect(archivedKeys(deltas)).toHaveLength(2);
    await service.close();
  });
});

describe('the app over a home with an archive', () => {
  it('opens the archive once, as the home opens, for the History, its numbers and the Vars tab', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-history-open-app-');
    const settingsDir = process.env['ECK_INSPECTOR_SETTINGS_DIR'] as string;
    await archiveHome({ home, settingsDir, settleMs: 0 });
    for (const name of fs.readdirSync(debugDirOf(home))) fs.rmSync(path.join(debugDirOf(home), name));
    const opens = vi.spyOn(ArchiveStore, 'openReader');
    await harness.start({ choice: { home, packageRoot } });
    // Before anything asked for it.
    await until(() => opens.mock.calls.length > 0, 5000, 'the archive opened as the home opened');
    expect(opens.mock.calls[0]?.[1]).not.toBeNull();
    await harness.call('getHistory');
    await until(
      () =>
        harness.events.some(
          (e) => e.event === 'onDidChangeHistory' && archivedKeys([e.payload as HistoryDelta]).length > 0,
        ),
      5000,
      'the archived rows',
    );
    const stats = await harness.call<{ snapshots: number }>('getArchiveStats');
    expect(stats.snapshots).toBeGreaterThan(0);
    const listed = await harness.call<readonly unknown[]>('listVarsSnapshots');
    expect(listed.length).toBe(stats.snapshots);
    expect(opens).toHaveBeenCalledTimes(1);
  });
});

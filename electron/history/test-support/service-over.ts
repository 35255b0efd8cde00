/** A History service for tests over a home and its archive, and the deltas it pushes. */
import type { EventName } from '../../../shared/api';
import type { HistoryDelta } from '../../../shared/api/history-models';
import { ArchiveStore } from '../../archive/archive-store';
import { HistoryService } from '../history-service';
import type { HistoryServiceOptions } from '../history-service';

/**
 * A service over `home` and its archive at `archiveDir`, not watching, and the deltas it pushes;
 * `opens` replaces how it opens the archive.
 */
export function serviceOver(
  home: string,
  archiveDir: string,
  archiveParts?: { first: number; rest: number },
  opens: Pick<HistoryServiceOptions, 'openArchive' | 'openArchiveAhead'> = {},
): { service: HistoryService; deltas: HistoryDelta[] } {
  const deltas: HistoryDelta[] = [];
  const service = new HistoryService({
    home: () => home,
    emit: (event: EventName, payload: unknown) => {
      if (event === 'onDidChangeHistory') deltas.push(payload as HistoryDelta);
    },
    watchFolders: false,
    ...(archiveParts === undefined ? {} : { archiveParts }),
    openArchive: () => ArchiveStore.openReader(archiveDir),
    ...opens,
  });
  return { service, deltas };
}

/**
 * The History service watches the home's eck-debug folder itself (the workspace's chokidar
 * skips its files, which would cost a stat each on a busy agent's home): a render recorded
 * there reaches the table without the workspace watcher, also when the folder appears later.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import type { EventName } from '../../shared/api';
import type { HistoryDelta } from '../../shared/api/history-models';
import { HistoryService } from './history-service';

let tmp = '';
let service: HistoryService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
});

function start(createFolder: boolean) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-history-watch-'));
  const home = path.join(tmp, 'home');
  const dir = path.join(home, 'data', 'eck-debug');
  fs.mkdirSync(createFolder ? dir : home, { recursive: true });
  const deltas: HistoryDelta[] = [];
  service = new HistoryService({
    home: () => home,
    emit: (event: EventName, payload: unknown) => {
      if (event === 'onDidChangeHistory') deltas.push(payload as HistoryDelta);
    },
  });
  return { dir, deltas, service };
}

const keysOf = (deltas: readonly HistoryDelta[]): string[] => deltas.flatMap((d) => d.upserts.keys);

describe('HistoryService watching the home folder', () => {
  it('a snapshot written into eck-debug is pushed without the workspace watcher', async () => {
    const { dir, deltas, service: s } = start(true);
    expect(s.listing().snapshots).toHaveLength(0);
    fs.writeFileSync(path.join(dir, 'context-2026-12-01-10-00-00.md'), 'x');
    await until(() => keysOf(deltas).includes('2026-12-01-10-00-00'));
    expect(s.listing().snapshots.map((x) => x.key)).toEqual(['2026-12-01-10-00-00']);
  });

  it('a folder created after the start is watched once the workspace watcher reports it', async () => {
    const { dir, deltas, service: s } = start(false);
    expect(s.listing().snapshots).toHaveLength(0);
    fs.mkdirSync(dir, { recursive: true });
    s.handleDiskChange({ paths: [dir], count: 1, at: 0, affectsRender: false });
    fs.writeFileSync(path.join(dir, 'vars-2026-12-01-11-00-00.json'), '{}');
    await until(() => s.listing().snapshots.length === 1 || keysOf(deltas).includes('2026-12-01-11-00-00'));
    expect(s.listing().snapshots.map((x) => x.key)).toEqual(['2026-12-01-11-00-00']);
  });
});

/**
 * The History service's live path without a watcher: bursts of the workspace watcher applied
 * one by one, a burst too large to list (or listed only in part) lists the folder again, another
 * folder is opened as it is, and a change of home starts a new index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../shared/api';
import type { HistoryDelta } from '../../shared/api/history-models';
import { HistoryService } from './history-service';

let tmp = '';
afterEach(() => {
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
});

function setup() {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-history-service-'));
  const home = path.join(tmp, 'home');
  const dir = path.join(home, 'data', 'eck-debug');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'vars-2026-11-29-08-00-00.json'), '{"chatType":"private"}');
  const deltas: HistoryDelta[] = [];
  let currentHome = home;
  const service = new HistoryService({
    home: () => currentHome,
    emit: (event: EventName, payload: unknown) => {
      if (event === 'onDidChangeHistory') deltas.push(payload as HistoryDelta);
    },
    watchFolders: false,
  });
  return { home, dir, deltas, service, setHome: (h: string) => (currentHome = h) };
}

const change = (paths: string[], count = paths.length) => ({ paths, count, at: 0, affectsRender: false });

describe('HistoryService', () => {
  it('applies a burst of the watcher as one delta, and ignores paths outside the folder', () => {
    const { dir, home, deltas, service } = setup();
    expect(service.listing().snapshots).toHaveLength(1);
    deltas.length = 0;
    const added = path.join(dir, 'context-2026-11-29-09-00-00.md');
    fs.writeFileSync(added, 'ctx');
    fs.rmSync(path.join(dir, 'vars-2026-11-29-08-00-00.json'));
    service.handleDiskChange(
      change([added, path.join(dir, 'vars-2026-11-29-08-00-00.json'), path.join(home, 'eck', 'x.json')]),
    );
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ removed: ['2026-11-29-08-00-00'], reset: false });
    expect(deltas[0]?.upserts.keys).toEqual(['2026-11-29-09-00-00']);
    service.handleDiskChange(change([path.join(home, 'eck', 'x.json')]));
    expect(deltas).toHaveLength(1);
  });

  it('lists again when the burst named only some of its paths', () => {
    const { dir, deltas, service } = setup();
    service.listing();
    deltas.length = 0;
    for (let i = 10; i < 20; i++) fs.writeFileSync(path.join(dir, `vars-2026-11-29-08-00-${i}.json`), '{}');
    service.handleDiskChange(change([path.join(dir, 'vars-2026-11-29-08-00-10.json')], 10));
    expect(deltas[0]?.reset).toBe(true);
    expect(service.listing().snapshots).toHaveLength(11);
  });

  it('opens another folder (a home means its eck-debug) and returns to the home', async () => {
    const { dir, service } = setup();
    const other = path.join(tmp, 'copy');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'manifest-2026-01-01-00-00-00.md'), '# r');
    fs.writeFileSync(path.join(other, 'readme.txt'), 'x');
    const listing = await service.openFolder(other);
    expect(listing.snapshots.map((s) => s.key)).toEqual(['2026-01-01-00-00-00']);
    expect(listing.foreign.map((f) => f.name)).toEqual(['readme.txt']);
    expect((await service.openFolder(path.join(tmp, 'home'))).dir).toBe(dir);
    expect((await service.openFolder(null)).dir).toBe(dir);
  });

  it('refuses a folder that cannot be listed and keeps the one open', async () => {
    const { dir, service } = setup();
    const other = path.join(tmp, 'copy');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'vars-2026-01-01-00-00-00.json'), '{}');
    await service.openFolder(other);
    const missing = path.join(tmp, 'nope');
    await expect(service.openFolder(missing)).rejects.toMatchObject({ code: 'not-found', path: missing });
    await expect(service.openFolder(path.join(other, 'vars-2026-01-01-00-00-00.json'))).rejects.toMatchObject(
      {
        code: 'read-error',
      },
    );
    expect(service.listing().dir).toBe(other);
    expect(service.listing().snapshots.map((s) => s.key)).toEqual(['2026-01-01-00-00-00']);
    expect((await service.openFolder(null)).dir).toBe(dir);
  });

  it('starts a new index when another workspace with another home is opened', () => {
    const { deltas, service, setHome } = setup();
    service.listing();
    deltas.length = 0;
    const other = path.join(tmp, 'home2');
    fs.mkdirSync(path.join(other, 'data', 'eck-debug'), { recursive: true });
    setHome(other);
    service.handleWorkspaceChange({ home: other } as Parameters<HistoryService['handleWorkspaceChange']>[0]);
    expect(deltas.at(-1)?.reset).toBe(true);
    expect(service.listing().snapshots).toHaveLength(0);
  });

  it('stops the index pass when asked, keeps it stopped, and resumes where it was', async () => {
    const { dir, service } = setup();
    // Enough snapshots that the pass (8 ms slices, 8 ms rests) is still running when stopped.
    for (let i = 0; i < 3000; i++) {
      const key = `2026-11-${String(1 + (i % 28)).padStart(2, '0')}-10-${String(Math.floor(i / 60) % 60).padStart(2, '0')}-${String(i % 60).padStart(2, '0')}`;
      fs.writeFileSync(path.join(dir, `vars-${key}.json`), '{"chatType":"group"}');
    }
    const total = service.listing().snapshots.length;
    expect(service.indexing()).toEqual({ stopped: false, pending: total });
    const stoppedAt = service.indexing(false);
    expect(stoppedAt.stopped).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    const pending = service.indexing().pending;
    expect(pending).toBeGreaterThan(0);
    // New snapshots do not restart a stopped pass.
    const added = path.join(dir, 'vars-2026-12-01-00-00-00.json');
    fs.writeFileSync(added, '{}');
    service.handleDiskChange(change([added]));
    await new Promise((r) => setTimeout(r, 150));
    expect(service.indexing()).toEqual({ stopped: true, pending: pending + 1 });
    expect(service.indexing(true).stopped).toBe(false);
    for (let i = 0; i < 400 && service.indexing().pending > 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(service.indexing()).toEqual({ stopped: false, pending: 0 });
    expect(service.listing().snapshots.every((s) => s.parseState !== 'pending')).toBe(true);
  });

  it('starts another folder with its own running pass, even after a stop', async () => {
    const { service } = setup();
    service.listing();
    service.indexing(false);
    const other = path.join(tmp, 'copy');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'vars-2026-01-01-00-00-00.json'), '{}');
    await service.openFolder(other);
    expect(service.indexing().stopped).toBe(false);
    for (let i = 0; i < 200 && service.indexing().pending > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(service.indexing().pending).toBe(0);
  });
});

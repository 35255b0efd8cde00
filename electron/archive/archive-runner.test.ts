import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { debugDirOf } from '../history/debug-dir';
import { until } from '../test-support/until';
import { archiveDirFor } from './archive-location';
import { BackgroundArchiver } from './archive-runner';
import { writeArchiveSettings } from './archive-settings';
import { ArchiveStore } from './archive-store';
import { generatedSnapshot, writeSnapshot } from './test-support/archive-fixtures';
import { formatTimestamp } from '../../shared/debug-files/names';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archiver-'));
  dirs.push(dir);
  return dir;
}
const archivers: BackgroundArchiver[] = [];
afterEach(async () => {
  for (const a of archivers.splice(0)) await a.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A key of `minutesAgo` minutes ago (the retention keeps it). */
function recentKey(minutesAgo: number): string {
  return formatTimestamp(new Date(Date.now() - minutesAgo * 60_000));
}

function archivedKeys(settingsDir: string, home: string): string[] {
  const store = ArchiveStore.openReader(archiveDirFor(home, settingsDir));
  const keys = store?.list().map((s) => s.key) ?? [];
  store?.close();
  return keys;
}

function start(settingsDir: string): BackgroundArchiver {
  const logs: string[] = [];
  const a = new BackgroundArchiver({
    settingsDir: () => settingsDir,
    log: (m) => logs.push(m),
    delayMs: 50,
    firstDelayMs: 0,
  });
  archivers.push(a);
  return a;
}

describe('archiving while the app runs', () => {
  it('archives the home when it is opened, then each snapshot evolcore writes', async () => {
    const home = tempDir();
    const settingsDir = tempDir();
    const old = Date.now() - 60_000;
    writeSnapshot(debugDirOf(home), recentKey(30), generatedSnapshot(0), old);
    writeSnapshot(debugDirOf(home), recentKey(20), generatedSnapshot(1), old);
    const archiver = start(settingsDir);
    archiver.setHome(home);
    await until(() => archivedKeys(settingsDir, home).length === 2, 10_000, 'the first run');
    // evolcore records a render: the watch on eck-debug/ sees it, and it is archived.
    const key = recentKey(1);
    writeSnapshot(debugDirOf(home), key, generatedSnapshot(2), old);
    await until(() => archivedKeys(settingsDir, home).includes(key), 10_000, 'the new snapshot');
    expect(archivedKeys(settingsDir, home)).toHaveLength(3);
    // The home itself is only read: nothing was written into it.
    expect(fs.readdirSync(home)).toEqual(['data']);
    expect(fs.readdirSync(path.join(home, 'data'))).toEqual(['eck-debug']);
  });

  it('archives nothing when the user switched archiving off', async () => {
    const home = tempDir();
    const settingsDir = tempDir();
    writeArchiveSettings({ enabled: false, keepDays: 90 }, settingsDir);
    writeSnapshot(debugDirOf(home), recentKey(30), generatedSnapshot(0), Date.now() - 60_000);
    const archiver = start(settingsDir);
    archiver.setHome(home);
    await new Promise((r) => setTimeout(r, 300));
    await archiver.idle();
    expect(archivedKeys(settingsDir, home)).toEqual([]);
  });
});

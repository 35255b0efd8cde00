import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../archive/archive-store';
import { debugDirOf } from '../history/debug-dir';
import { generatedSnapshot, writeSnapshot } from '../archive/test-support/archive-fixtures';
import { formatTimestamp } from '../../shared/debug-files/names';
import { runCli } from './main';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-archive-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env['ECK_INSPECTOR_SETTINGS_DIR'];
});

async function eck(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

/** A home with `n` settled snapshots of the last hours. */
function home(n: number): string {
  const h = tempDir();
  for (let i = 0; i < n; i++)
    writeSnapshot(
      debugDirOf(h),
      formatTimestamp(new Date(Date.now() - (i + 1) * 3_600_000)),
      generatedSnapshot(i),
      Date.now() - 60_000,
    );
  return h;
}

describe('eck archive', () => {
  it('copies the new snapshots into the home archive in the settings folder, and nothing the second time', async () => {
    const settings = tempDir();
    process.env['ECK_INSPECTOR_SETTINGS_DIR'] = settings;
    const h = home(6);
    const first = await eck('archive', '--home', h);
    expect(first.code).toBe(0);
    expect(first.out).toContain('copied: 6 new snapshot(s), 0 completed, 0 already archived');
    expect(first.out).toContain(path.join(settings, 'archive'));
    const second = await eck('archive', '--home', h, '--json');
    expect(second.code).toBe(0);
    expect(JSON.parse(second.out)).toMatchObject({ listed: 6, archived: 0, already: 6 });
    expect(fs.readdirSync(h)).toEqual(['data']);
  });

  it('writes where --to says, never inside the home', async () => {
    const h = home(2);
    const to = path.join(tempDir(), 'copy');
    expect((await eck('archive', '--home', h, '--to', to)).code).toBe(0);
    expect(ArchiveStore.openReader(to)?.size).toBe(2);
    const inside = await eck('archive', '--home', h, '--to', path.join(h, 'data', 'archive'));
    expect(inside.code).toBe(2);
    expect(inside.err).toContain('inside the home');
  });

  it('says what is wrong with the options (exit 2) and when the archive is busy (exit 1)', async () => {
    const h = home(1);
    expect((await eck('archive', '--home', path.join(h, 'nope'))).err).toMatch(
      /--home .*nope does not exist/,
    );
    expect((await eck('archive', '--home', h, '--keep-days', '0')).code).toBe(2);
    expect((await eck('archive', '--home', h, 'extra')).code).toBe(2);
    const to = path.join(tempDir(), 'busy');
    const writer = ArchiveStore.openWriter(to);
    const busy = await eck('archive', '--home', h, '--to', to);
    writer.close();
    expect(busy.code).toBe(1);
    expect(busy.err).toContain('being written by another process');
    expect((await eck('archive', '--home', h, '--to', to)).code).toBe(0);
  });
});

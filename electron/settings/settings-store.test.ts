import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  MAX_RECENT,
  SETTINGS_FILE,
  createSettingsStore,
  withRecent,
} from './settings-store';
import { initialWindowState } from './window-state';

let dir = '';
afterEach(() => {
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from defaults and keeps what was written across instances', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-settings-'));
    expect(createSettingsStore(dir).read()).toEqual(DEFAULT_SETTINGS);
    createSettingsStore(dir).update((s) => ({
      ...s,
      window: { x: 10, y: 20, width: 900, height: 700, maximized: true },
    }));
    expect(createSettingsStore(dir).read().window).toEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 700,
      maximized: true,
    });
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('a broken file reads as defaults', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-settings-'));
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"version": 7');
    expect(createSettingsStore(dir).read()).toEqual(DEFAULT_SETTINGS);
  });

  it('recent workspaces: newest first, no duplicates, bounded', () => {
    let list = withRecent([], { home: '/a', packageRoot: '/p', openedAt: 1 });
    list = withRecent(list, { home: '/b', packageRoot: '/p', openedAt: 2 });
    list = withRecent(list, { home: '/a', packageRoot: '/p', openedAt: 3 });
    expect(list.map((r) => [r.home, r.openedAt])).toEqual([
      ['/a', 3],
      ['/b', 2],
    ]);
    for (let i = 0; i < 20; i++) list = withRecent(list, { home: `/h${i}`, packageRoot: '/p', openedAt: i });
    expect(list).toHaveLength(MAX_RECENT);
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('reopens where it was when that is on a display', () => {
    const kept = { x: 100, y: 50, width: 1000, height: 700, maximized: false };
    expect(initialWindowState(kept, screen)).toEqual(kept);
  });
  it('forgets the position when its display is gone, keeping the size', () => {
    const kept = { x: 2500, y: 50, width: 1000, height: 700, maximized: false };
    expect(initialWindowState(kept, screen)).toEqual({ width: 1000, height: 700, maximized: false });
  });
  it('uses the default size on a first run', () => {
    expect(initialWindowState(null, screen).width).toBe(1280);
  });
});

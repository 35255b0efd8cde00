import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './app-menu';
import { buildAppMenu } from './app-menu';

function labels(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.type === 'submenu' || e.type === 'item' ? [e.label] : []));
}

function sub(entries: readonly MenuEntry[], label: string): readonly MenuEntry[] {
  const found = entries.find((e) => e.type === 'submenu' && e.label === label);
  if (found?.type !== 'submenu') throw new Error(`no submenu ${label}`);
  return found.entries;
}

describe('application menu', () => {
  const recent = [{ home: '/h', packageRoot: '/p', openedAt: 1 }];

  it('has File, Edit, View and Help', () => {
    expect(labels(buildAppMenu({ recent, zh: false, platform: 'linux' }))).toEqual([
      'File',
      'Edit',
      'View',
      'Help',
    ]);
  });

  it('File opens a home, a package root, a Claude Code project, or a recent workspace', () => {
    const file = sub(buildAppMenu({ recent, zh: false, platform: 'linux' }), 'File');
    expect(labels(file)).toEqual([
      'Open Home…',
      'Open Package Root…',
      'Open Claude Code Project…',
      'Recent Workspaces',
      'Copy Link to This View',
    ]);
    expect(file[2]).toMatchObject({ action: { kind: 'open-claude-project' } });
    expect(labels(sub(buildAppMenu({ recent, zh: true, platform: 'linux' }), '文件'))).toContain(
      '打开 Claude Code 项目…',
    );
    expect(sub(file, 'Recent Workspaces')[0]).toMatchObject({
      action: { kind: 'open-recent', home: '/h', packageRoot: '/p' },
    });
  });

  it('File ▸ Copy link asks the renderer for the link of the view it shows', () => {
    const file = sub(buildAppMenu({ recent, zh: false, platform: 'linux' }), 'File');
    expect(file.find((e) => e.type === 'item' && e.label === 'Copy Link to This View')).toMatchObject({
      accelerator: 'CmdOrCtrl+Shift+L',
      action: { kind: 'renderer', command: { kind: 'copy-link' } },
    });
  });

  it('View switches panels, language and theme in the renderer', () => {
    const view = sub(buildAppMenu({ recent: [], zh: false, platform: 'linux' }), 'View');
    expect(sub(view, 'Panels')[1]).toMatchObject({
      accelerator: 'CmdOrCtrl+2',
      action: { kind: 'renderer', command: { kind: 'show-panel', panel: 'context' } },
    });
    expect(labels(sub(view, 'Language'))).toEqual(['System', 'English', '简体中文']);
    expect(labels(sub(view, 'Theme'))).toEqual(['System', 'Light', 'Dark']);
  });

  it('speaks Chinese on a Chinese system and adds the app menu on macOS', () => {
    expect(labels(buildAppMenu({ recent, zh: true, platform: 'darwin' }))).toEqual([
      'ECK Inspector',
      '文件',
      '编辑',
      '视图',
      '帮助',
    ]);
  });
});

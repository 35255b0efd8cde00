/**
 * The application menu as plain data (File, View, Help), so it can be tested without
 * Electron; main.ts turns it into Electron's template and wires the actions.
 */
import type { Language, MenuCommand, ThemeChoice } from '../../shared/api';
import { PANEL_IDS } from '../../shared/api';
import type { RecentWorkspace } from '../settings/settings-store';

/** What a menu item does; main.ts performs it. */
export type MenuAction =
  | { readonly kind: 'open-home' }
  | { readonly kind: 'open-package-root' }
  | { readonly kind: 'open-claude-project' }
  | { readonly kind: 'open-recent'; readonly home: string; readonly packageRoot: string }
  | { readonly kind: 'renderer'; readonly command: MenuCommand }
  | { readonly kind: 'open-reference' }
  | { readonly kind: 'about' };

/** One menu entry; `role` entries are Electron's built-ins (quit, copy, reload…). */
export type MenuEntry =
  | { readonly type: 'separator' }
  | { readonly type: 'role'; readonly role: string }
  | {
      readonly type: 'item';
      readonly label: string;
      readonly action: MenuAction;
      readonly accelerator?: string;
      readonly enabled?: boolean;
    }
  | { readonly type: 'submenu'; readonly label: string; readonly entries: readonly MenuEntry[] };

/** What the menu shows. */
export interface MenuInput {
  readonly recent: readonly RecentWorkspace[];
  readonly zh: boolean;
  readonly platform: NodeJS.Platform;
}

const LABELS = {
  en: {
    file: 'File',
    openHome: 'Open Home…',
    openPackageRoot: 'Open Package Root…',
    openClaudeProject: 'Open Claude Code Project…',
    recent: 'Recent Workspaces',
    noRecent: 'None yet',
    copyLink: 'Copy Link to This View',
    edit: 'Edit',
    view: 'View',
    panels: 'Panels',
    language: 'Language',
    theme: 'Theme',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
    help: 'Help',
    reference: 'Context Assembly Reference',
    about: 'About ECK Inspector',
    panel: {
      timeline: 'Timeline',
      context: 'Context',
      vars: 'Vars',
      manifest: 'Manifest',
      history: 'History',
    },
  },
  zh: {
    file: '文件',
    openHome: '打开用户数据根…',
    openPackageRoot: '打开包根…',
    openClaudeProject: '打开 Claude Code 项目…',
    recent: '最近的工作区',
    noRecent: '暂无',
    copyLink: '复制当前视图的链接',
    edit: '编辑',
    view: '视图',
    panels: '面板',
    language: '语言',
    theme: '主题',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
    help: '帮助',
    reference: '上下文组装参考',
    about: '关于 ECK Inspector',
    panel: { timeline: '时间线', context: '上下文', vars: '变量', manifest: '清单', history: '历史' },
  },
} as const;

const item = (label: string, action: MenuAction, accelerator?: string): MenuEntry =>
  accelerator === undefined ? { type: 'item', label, action } : { type: 'item', label, action, accelerator };

const toRenderer = (command: MenuCommand): MenuAction => ({ kind: 'renderer', command });

/** Builds the menu. */
export function buildAppMenu(input: MenuInput): MenuEntry[] {
  const l = input.zh ? LABELS.zh : LABELS.en;
  const recent: MenuEntry[] =
    input.recent.length === 0
      ? [{ type: 'item', label: l.noRecent, action: { kind: 'about' }, enabled: false }]
      : input.recent.map((r) =>
          item(`${r.home}  —  ${r.packageRoot}`, {
            kind: 'open-recent',
            home: r.home,
            packageRoot: r.packageRoot,
          }),
        );
  const languages: readonly (Language | 'system')[] = ['system', 'en', 'zh-CN'];
  const languageLabel = (x: Language | 'system'): string =>
    x === 'system' ? l.system : x === 'en' ? 'English' : '简体中文';
  const themes: readonly ThemeChoice[] = ['system', 'light', 'dark'];
  const menu: MenuEntry[] = [
    {
      type: 'submenu',
      label: l.file,
      entries: [
        item(l.openHome, { kind: 'open-home' }, 'CmdOrCtrl+O'),
        item(l.openPackageRoot, { kind: 'open-package-root' }, 'CmdOrCtrl+Shift+O'),
        item(l.openClaudeProject, { kind: 'open-claude-project' }),
        { type: 'submenu', label: l.recent, entries: recent },
        { type: 'separator' },
        item(l.copyLink, toRenderer({ kind: 'copy-link' }), 'CmdOrCtrl+Shift+L'),
        { type: 'separator' },
        { type: 'role', role: input.platform === 'darwin' ? 'close' : 'quit' },
      ],
    },
    {
      type: 'submenu',
      label: l.edit,
      entries: ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'].map((role) => ({ type: 'role', role })),
    },
    {
      type: 'submenu',
      label: l.view,
      entries: [
        {
          type: 'submenu',
          label: l.panels,
          entries: PANEL_IDS.map((panel, i) =>
            item(l.panel[panel], toRenderer({ kind: 'show-panel', panel }), `CmdOrCtrl+${i + 1}`),
          ),
        },
        {
          type: 'submenu',
          label: l.language,
          entries: languages.map((language) =>
            item(languageLabel(language), toRenderer({ kind: 'set-language', language })),
          ),
        },
        {
          type: 'submenu',
          label: l.theme,
          entries: themes.map((theme) => item(l[theme], toRenderer({ kind: 'set-theme', theme }))),
        },
        { type: 'separator' },
        { type: 'role', role: 'reload' },
        { type: 'role', role: 'toggleDevTools' },
        { type: 'role', role: 'togglefullscreen' },
      ],
    },
    {
      type: 'submenu',
      label: l.help,
      entries: [item(l.reference, { kind: 'open-reference' }), item(l.about, { kind: 'about' })],
    },
  ];
  if (input.platform === 'darwin')
    menu.unshift({ type: 'submenu', label: 'ECK Inspector', entries: [{ type: 'role', role: 'appMenu' }] });
  return menu;
}

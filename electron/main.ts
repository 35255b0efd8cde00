/**
 * Electron main process: a thin shell over the Node services (docs/design.md §Shape).
 * Window, menu, single-instance lock, window state, the app:// protocol with a strict CSP,
 * and `ipcMain.handle` in front of the same dispatcher `serve` uses.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MenuItemConstructorOptions } from 'electron';
import { BrowserWindow, Menu, app, dialog, ipcMain, net, protocol, screen, session, shell } from 'electron';
import type { EventMessage } from '../shared/api';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, fail } from '../shared/api';
import type { CoreOptions, InspectorCore } from './api/inspector-core';
import { startInspectorCore } from './api/inspector-core';
import { contentSecurityPolicy } from './serve/csp';
import { resolveStatic } from './serve/static-files';
import { SETTINGS_DIR_ENV } from './scenarios/scenarios-dir';
import { missingFolderProblem } from './services/folder-check';
import { createSettingsStore, withRecent } from './settings/settings-store';
import { initialWindowState } from './settings/window-state';
import type { WorkspaceChoice } from './workspace/defaults';
import type { MenuAction, MenuEntry } from './shell/app-menu';
import { buildAppMenu } from './shell/app-menu';
import { bundleSaveTarget } from './shell/bundle-save-dialog';
import { leaveGuard } from './shell/leave-guard';
import { APP_ORIGIN, APP_SCHEME, isAppUrl } from './shell/window-policy';

protocol.registerSchemesAsPrivileged([
  // A privileged custom scheme, so module scripts and CSP 'self' work.
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((error: unknown) => {
    const e = error as { message?: string; path?: string };
    dialog.showErrorBox(
      'ECK Inspector could not start',
      `${e.message ?? String(error)}${e.path === undefined ? '' : `\n${e.path}`}`,
    );
    app.quit();
  });
}

async function start(): Promise<void> {
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  await app.whenReady();
  // One settings folder for everything the app keeps (window state, recents, named scenarios):
  // Electron's userData, which the scenario store reads through this variable.
  process.env[SETTINGS_DIR_ENV] ??= app.getPath('userData');

  const appRoot = app.getAppPath();
  const rendererDir = path.join(appRoot, 'dist', 'renderer');
  // Packaged, the kit is unpacked beside app.asar (electron-builder.yml asarUnpack): real files
  // that the watcher can watch and the user can open, and real paths in the display.
  const kitRoot = app.isPackaged ? appRoot.replace(/app\.asar$/, 'app.asar.unpacked') : appRoot;
  const settings = createSettingsStore(app.getPath('userData'));
  const last = settings.read().recentWorkspaces[0];
  const args = parseArgs(process.argv.slice(app.isPackaged ? 1 : 2));
  // A folder given on the command line that is not there stops the start, naming it.
  const missing =
    missingFolderProblem('home', args.home) ??
    missingFolderProblem('package-root', args.packageRoot) ??
    missingFolderProblem('claude-project', args.claudeProject);
  if (missing !== null) throw new Error(missing);
  const coreOptions = (choice: WorkspaceChoice): CoreOptions => ({
    appRoot: kitRoot,
    choice,
    ...(args.claudeProject === undefined ? {} : { claudeProject: args.claudeProject }),
    // Renders copied into the archive while the window is open.
    archive: true,
    // Timeline's "open in editor": the OS's default app for a text file; anything else is
    // only shown in its folder (open-in-editor.ts).
    opener: { open: (p) => shell.openPath(p), reveal: (p) => shell.showItemInFolder(p) },
    // Export bundle asks where (shell/bundle-save-dialog.ts): the file the user picks is the one
    // target outside the settings folder a write may go to (write-scope.ts).
    chooseSaveTarget: bundleSaveTarget(
      (options) => dialog.showSaveDialog(options),
      () => app.getLocale(),
    ),
    onOpened: (resolved) => {
      settings.update((s) => ({
        ...s,
        recentWorkspaces: withRecent(s.recentWorkspaces, {
          home: resolved.home,
          packageRoot: resolved.packageRoot,
          openedAt: Date.now(),
        }),
      }));
      installMenu();
    },
  });
  const given: WorkspaceChoice = { home: args.home, packageRoot: args.packageRoot };
  const remembered: WorkspaceChoice = {
    home: args.home ?? last?.home,
    packageRoot: args.packageRoot ?? last?.packageRoot,
  };
  let core: InspectorCore;
  try {
    core = await startInspectorCore(coreOptions(remembered));
  } catch (error) {
    // The last workspace may be gone (folder deleted, drive unplugged): open the defaults
    // rather than fail to start. A workspace given on the command line fails loudly.
    if (last === undefined) throw error;
    core = await startInspectorCore(coreOptions(given));
  }

  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveStatic(rendererDir, new URL(request.url).pathname);
    if (file === null) return new Response('not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file.absPath).toString());
    const headers = new Headers({ 'Content-Type': file.contentType, 'X-Content-Type-Options': 'nosniff' });
    if (file.isHtml) headers.set('Content-Security-Policy', contentSecurityPolicy());
    return new Response(response.body, { status: 200, headers });
  });
  // The inspector asks for no permission (camera, notifications…): refuse them all.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));

  ipcMain.handle(IPC_INVOKE_CHANNEL, (event, method: unknown, input: unknown) => {
    // Only our own page, main frame, may call (VS Code's ipcMain.ts validates the sender too).
    const frame = event.senderFrame;
    if (frame === null || frame.parent !== null || !isAppUrl(frame.url)) {
      return fail('unauthorized', `refused an IPC call from ${frame?.url ?? 'an unknown frame'}`);
    }
    return core.dispatch(method, input);
  });
  core.hub.subscribe((event, payload) => {
    if (window === null || window.isDestroyed()) return;
    const message: EventMessage = { event, payload };
    window.webContents.send(IPC_EVENT_CHANNEL, message);
  });

  function installMenu(): void {
    const entries = buildAppMenu({
      recent: settings.read().recentWorkspaces,
      zh: app.getLocale().toLowerCase().startsWith('zh'),
      platform: process.platform,
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(entries.map(toElectronMenu)));
  }

  function toElectronMenu(entry: MenuEntry): MenuItemConstructorOptions {
    switch (entry.type) {
      case 'separator':
        return { type: 'separator' };
      case 'role':
        return { role: entry.role as MenuItemConstructorOptions['role'] };
      case 'submenu':
        return { label: entry.label, submenu: entry.entries.map(toElectronMenu) };
      case 'item':
        return {
          label: entry.label,
          enabled: entry.enabled ?? true,
          ...(entry.accelerator === undefined ? {} : { accelerator: entry.accelerator }),
          click: () => void perform(entry.action),
        };
    }
  }

  async function perform(action: MenuAction): Promise<void> {
    const current = core.host.current.resolved;
    const open = async (choice: { home: string; packageRoot: string }): Promise<void> => {
      const result = await core.dispatch('openWorkspace', choice);
      if (!result.ok) core.hub.emit('onDidError', result.error);
    };
    switch (action.kind) {
      case 'open-home':
      case 'open-package-root': {
        const picked = await dialog.showOpenDialog({
          properties: ['openDirectory'],
          defaultPath: action.kind === 'open-home' ? current.home : current.packageRoot,
        });
        const dir = picked.filePaths[0];
        if (picked.canceled || dir === undefined) return;
        await open(
          action.kind === 'open-home'
            ? { home: dir, packageRoot: current.packageRoot }
            : { home: current.home, packageRoot: dir },
        );
        return;
      }
      case 'open-recent':
        await open({ home: action.home, packageRoot: action.packageRoot });
        return;
      case 'open-claude-project': {
        // The window follows the pushed assembly into the CLAUDE.md view (renderer/src/store/claude-project-slice.ts).
        const picked = await dialog.showOpenDialog({ properties: ['openDirectory'] });
        const dir = picked.filePaths[0];
        if (picked.canceled || dir === undefined) return;
        const result = await core.dispatch('openClaudeProject', { cwd: dir });
        if (!result.ok) core.hub.emit('onDidError', result.error);
        return;
      }
      case 'renderer':
        core.hub.emit('onDidInvokeMenu', action.command);
        return;
      case 'open-reference':
        await shell.openPath(path.join(kitRoot, 'kits', 'docs', 'reference', 'context-assembly.md'));
        return;
      case 'about':
        await dialog.showMessageBox({
          message: `ECK Inspector ${app.getVersion()}`,
          detail: `Electron ${process.versions.electron}`,
        });
        return;
    }
  }

  installMenu();
  window = createWindow();
  app.on('window-all-closed', () => {
    void core.close().finally(() => app.quit());
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow();
  });

  function createWindow(): BrowserWindow {
    const state = initialWindowState(
      settings.read().window,
      screen.getAllDisplays().map((d) => d.workArea),
    );
    const win = new BrowserWindow({
      ...(state.x === undefined || state.y === undefined ? {} : { x: state.x, y: state.y }),
      width: state.width,
      height: state.height,
      show: false,
      title: 'ECK Inspector',
      // Written out here, not built elsewhere: Electronegativity reads this literal.
      webPreferences: {
        // The preload was reviewed for the scanner: two narrow functions, checked inputs, no
        // ipcRenderer or Node exposed (the reasons are in preload.ts's header).
        preload: path.join(__dirname, 'preload.js'), // eng-disable PRELOAD_JS_CHECK (reviewed, see preload.ts)
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        // Middle-click (auxclick) on a link would open it past the navigation guard.
        disableBlinkFeatures: 'Auxclick',
        spellcheck: false,
      },
    });
    if (state.maximized) win.maximize();
    win.once('ready-to-show', () => win.show());
    // Navigation away from the app, webviews and new windows are refused. No link leaves for
    // the system browser: the allow-list of hosts the app links to is empty (window-policy.ts),
    // so `shell.openExternal` is not called at all.
    win.webContents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    win.webContents.on('will-attach-webview', (event) => event.preventDefault());
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // An unsaved draft: the page refuses to unload; ask whether to leave (leave-guard.ts).
    win.webContents.on(
      'will-prevent-unload',
      leaveGuard(
        (text) =>
          dialog.showMessageBoxSync(win, {
            type: 'question',
            buttons: [text.leave, text.stay],
            defaultId: 1,
            cancelId: 1,
            message: text.message,
            detail: text.detail,
          }),
        () => app.getLocale(),
      ),
    );
    win.on('close', () => {
      const bounds = win.getNormalBounds();
      settings.update((s) => ({ ...s, window: { ...bounds, maximized: win.isMaximized() } }));
    });
    void win.loadURL(`${APP_ORIGIN}/index.html`);
    return win;
  }
}

/** `--home DIR`, `--package-root DIR` and `--claude-project DIR` after the app path. */
function parseArgs(argv: readonly string[]): { home?: string; packageRoot?: string; claudeProject?: string } {
  const out: { home?: string; packageRoot?: string; claudeProject?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === '--home' && next !== undefined) out.home = next;
    if (argv[i] === '--package-root' && next !== undefined) out.packageRoot = next;
    if (argv[i] === '--claude-project' && next !== undefined) out.claudeProject = next;
  }
  return out;
}

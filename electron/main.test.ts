/**
 * The Electron shell without Electron: main.ts runs against a recorded fake of the `electron`
 * module, so its security settings and its IPC gate are checked where the binary cannot run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

const recorded = vi.hoisted(() => ({
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  ipcHandlers: new Map<string, Handler>(),
  appHandlers: new Map<string, Handler>(),
  windows: [] as {
    options: Record<string, unknown>;
    url: string;
    wc: Map<string, Handler>;
    openHandler: Handler | null;
  }[],
  menus: 0,
  external: [] as string[],
  userData: '',
  appPath: '',
  saveDialogs: [] as string[],
  savePick: null as string | null,
  osOpened: [] as string[],
  osRevealed: [] as string[],
}));

vi.mock('electron', () => {
  class FakeWindow {
    readonly record: (typeof recorded.windows)[number];
    readonly webContents: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.record = { options, url: '', wc: new Map(), openHandler: null };
      recorded.windows.push(this.record);
      this.webContents = {
        on: (event: string, fn: Handler) => this.record.wc.set(event, fn),
        setWindowOpenHandler: (fn: Handler) => {
          this.record.openHandler = fn;
        },
        send: () => undefined,
      };
    }
    static getAllWindows(): unknown[] {
      return recorded.windows;
    }
    loadURL(url: string): Promise<void> {
      this.record.url = url;
      return Promise.resolve();
    }
    once(): void {}
    on(): void {}
    maximize(): void {}
    isDestroyed(): boolean {
      return false;
    }
  }
  return {
    app: {
      requestSingleInstanceLock: () => true,
      quit: () => undefined,
      on: (event: string, fn: Handler) => recorded.appHandlers.set(event, fn),
      whenReady: () => Promise.resolve(),
      getAppPath: () => recorded.appPath,
      getPath: () => recorded.userData,
      isPackaged: false,
      getLocale: () => 'en-US',
      getVersion: () => '0.0.0-test',
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => recorded.schemes.push(...schemes),
      handle: (scheme: string, fn: (request: Request) => Promise<Response>) =>
        recorded.protocolHandlers.set(scheme, fn),
    },
    session: { defaultSession: { setPermissionRequestHandler: () => undefined } },
    ipcMain: { handle: (channel: string, fn: Handler) => recorded.ipcHandlers.set(channel, fn) },
    BrowserWindow: FakeWindow,
    Menu: {
      buildFromTemplate: (t: unknown) => t,
      setApplicationMenu: () => {
        recorded.menus++;
      },
    },
    dialog: {
      showSaveDialog: (options: { defaultPath?: string }) => {
        recorded.saveDialogs.push(options.defaultPath ?? '');
        return Promise.resolve(
          recorded.savePick === null
            ? { canceled: true, filePath: '' }
            : { canceled: false, filePath: recorded.savePick },
        );
      },
    },
    shell: {
      openExternal: (url: string) => {
        recorded.external.push(url);
        return Promise.resolve();
      },
      openPath: (p: string) => {
        recorded.osOpened.push(p);
        return Promise.resolve('');
      },
      showItemInFolder: (p: string) => {
        recorded.osRevealed.push(p);
      },
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    net: { fetch: (url: string) => Promise.resolve(new Response(`fetched ${url}`)) },
  };
});

const APP_ROOT = path.resolve(import.meta.dirname, '..');

beforeAll(async () => {
  recorded.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-main-'));
  recorded.appPath = APP_ROOT;
  vi.stubEnv('EVOLCORE_HOME', path.join(APP_ROOT, 'kits', 'demo-home'));
  await import('./main');
  // start() is async: wait until the window exists.
  for (let i = 0; i < 200 && recorded.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
});

afterAll(async () => {
  await recorded.appHandlers.get('window-all-closed')?.();
  vi.unstubAllEnvs();
  fs.rmSync(recorded.userData, { recursive: true, force: true });
});

const win = () => {
  const w = recorded.windows[0];
  if (w === undefined) throw new Error('no window was created');
  return w;
};

describe('Electron main (against a fake electron module)', () => {
  it('registers a secure standard scheme for the app and loads the page from it', () => {
    expect(recorded.schemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(win().url).toBe('app://inspector/index.html');
    expect(recorded.menus).toBeGreaterThan(0);
  });

  it('opens the window isolated, sandboxed, without node, with the preload', () => {
    const prefs = win().options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(String(prefs['preload'])).toMatch(/preload\.js$/);
  });

  it('blocks navigation away, webviews and new windows; only allow-listed links leave', () => {
    const navPrevented: string[] = [];
    const navigate = win().wc.get('will-navigate');
    navigate?.({ preventDefault: () => navPrevented.push('evil') }, 'https://evil.example/');
    navigate?.({ preventDefault: () => navPrevented.push('own') }, 'app://inspector/index.html');
    expect(navPrevented).toEqual(['evil']);
    for (const url of [
      'https://example.com/docs',
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
    ]) {
      expect(win().openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    // The app links to no external host (window-policy.ts): nothing is handed to the OS.
    expect(recorded.external).toEqual([]);
    const prevented: string[] = [];
    win().wc.get('will-attach-webview')?.({ preventDefault: () => prevented.push('webview') });
    expect(prevented).toEqual(['webview']);
  });

  it('answers IPC from its own page only', async () => {
    const invoke = recorded.ipcHandlers.get('eck-inspector:invoke');
    expect(invoke).toBeDefined();
    const own = { senderFrame: { url: 'app://inspector/index.html', parent: null } };
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
    const subframe = { senderFrame: { url: 'app://inspector/index.html', parent: {} } };
    expect(await invoke?.(own, 'getWorkspace', undefined)).toMatchObject({
      ok: true,
      value: { isDemo: true },
    });
    expect(await invoke?.(foreign, 'getWorkspace', undefined)).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await invoke?.(subframe, 'getWorkspace', undefined)).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await invoke?.(own, 'getFile', { path: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });

  it('serves only the built renderer on app://, with the CSP on the page', async () => {
    const handle = recorded.protocolHandlers.get('app');
    expect(handle).toBeDefined();
    const outside = await handle?.(new Request('app://inspector/..%2F..%2Fpackage.json'));
    expect(outside?.status).toBe(404);
    if (!fs.existsSync(path.join(APP_ROOT, 'dist', 'renderer', 'index.html'))) return;
    const page = await handle?.(new Request('app://inspector/index.html'));
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('Export bundle with the save dialog writes the picked file, once; without it only bundles/', async () => {
    const invoke = recorded.ipcHandlers.get('eck-inspector:invoke');
    const own = { senderFrame: { url: 'app://inspector/index.html', parent: null } };
    const key = '2026-11-29-08-00-00';
    const picked = path.join(recorded.userData, 'elsewhere', 'picked.json');
    recorded.savePick = picked;
    const saved = (await invoke?.(own, 'exportBundle', { key, saveAs: true })) as {
      ok: boolean;
      value?: { path: string };
    };
    expect(saved).toMatchObject({ ok: true });
    expect(fs.existsSync(picked)).toBe(true);
    expect(recorded.saveDialogs.at(-1)).toMatch(/bundles[\\/]snapshot-2026-11-29-08-00-00\.json$/);
    // The grant was for that one write: the same path sent by the page is refused.
    expect(await invoke?.(own, 'exportBundle', { key, targetPath: picked })).toMatchObject({
      ok: false,
      error: { code: 'outside-workspace' },
    });
    // Cancel in the dialog: the page says the export was cancelled, nothing written.
    recorded.savePick = null;
    expect(await invoke?.(own, 'exportBundle', { key, saveAs: true })).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
  });

  it('Open in editor hands only text files to shell.openPath; a folder is shown, never opened', async () => {
    const invoke = recorded.ipcHandlers.get('eck-inspector:invoke');
    const own = { senderFrame: { url: 'app://inspector/index.html', parent: null } };
    const manifest = path.join(APP_ROOT, 'kits', 'eck_manifest.json');
    expect(await invoke?.(own, 'openInEditor', { path: manifest })).toMatchObject({
      ok: true,
      value: { opened: true, revealed: false },
    });
    expect(recorded.osOpened).toEqual([fs.realpathSync(manifest)]);
    const folder = path.join(APP_ROOT, 'kits');
    expect(await invoke?.(own, 'openInEditor', { path: folder })).toMatchObject({
      ok: true,
      value: { opened: false, revealed: true },
    });
    expect(recorded.osOpened).toHaveLength(1);
    expect(recorded.osRevealed).toEqual([fs.realpathSync(folder)]);
  });
});

/**
 * The real `serve` transport over the real core and a copy of the demo workspace, for tests
 * that probe it as a hostile page would: `<root>/home`, `<root>/pkg`, `<root>/settings` and an
 * `<root>/outside` folder that no request may change.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiResult } from '../../../shared/api';
import type { InspectorCore } from '../../api/inspector-core';
import { startInspectorCore } from '../../api/inspector-core';
import { SETTINGS_DIR_ENV } from '../../scenarios/scenarios-dir';
import { APP_ROOT, copyAppWorkspace } from '../../workspace/test-support/app-workspace-copy';
import type { ServeServer } from '../server';
import { startServeServer } from '../server';
import { BundleDownloads } from '../../history/bundle-downloads';

/** A running server over a temp workspace. */
export interface ServeOverCopy {
  readonly root: string;
  readonly home: string;
  readonly packageRoot: string;
  readonly settings: string;
  readonly outside: string;
  readonly token: string;
  readonly server: ServeServer;
  readonly core: InspectorCore;
  /** `POST /api/<method>` with the token; the parsed JSON answer. */
  call<T = unknown>(method: string, input?: unknown): Promise<ApiResult<T>>;
  /** The same with a raw body; status and text. */
  post(method: string, body: string | Uint8Array): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/**
 * Starts it; `prefix` names the temp folder. With `downloads`, an export with `saveAs` is a
 * download, as `serve` itself runs (run-serve.ts).
 */
export async function startServeOverCopy(
  prefix: string,
  options: { readonly downloads?: boolean } = {},
): Promise<ServeOverCopy> {
  const { root, home, packageRoot } = copyAppWorkspace(prefix);
  const settings = path.join(root, 'settings');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'keep.txt'), 'must stay as it is\n');
  process.env[SETTINGS_DIR_ENV] = settings;
  const downloads = options.downloads === true ? new BundleDownloads() : undefined;
  const core = await startInspectorCore({
    appRoot: APP_ROOT,
    ...(downloads === undefined ? {} : { downloads }),
    choice: { home, packageRoot },
    watch: false,
    log: () => undefined,
  });
  const token = crypto.randomBytes(8).toString('hex');
  const server = await startServeServer({
    dispatch: core.dispatch,
    hub: core.hub,
    staticDir: path.join(root, 'no-renderer'),
    token,
    port: 0,
    ...(downloads === undefined ? {} : { downloads }),
  });
  const url = (method: string): string => `http://127.0.0.1:${server.port}/api/${method}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    root,
    home,
    packageRoot,
    settings,
    outside,
    token,
    server,
    core,
    async call<T>(method: string, input?: unknown) {
      const r = await fetch(url(method), {
        method: 'POST',
        headers,
        body: input === undefined ? '' : JSON.stringify(input),
      });
      return (await r.json()) as ApiResult<T>;
    },
    async post(method, body) {
      const r = await fetch(url(method), { method: 'POST', headers, body });
      return { status: r.status, text: await r.text() };
    },
    async close() {
      await server.close();
      await core.close();
      delete process.env[SETTINGS_DIR_ENV];
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` with a hash of its content (and every folder), to see that nothing changed. */
export function treeFingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const rel = path.relative(dir, p);
      if (e.isDirectory()) {
        out[`${rel}/`] = 'dir';
        walk(p);
      } else if (e.isSymbolicLink()) out[rel] = `link:${fs.readlinkSync(p)}`;
      else out[rel] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** JSON text of a value nested `depth` levels deep (`{"a":{"a":…}}`), built without recursion. */
export function nestedJson(depth: number, leaf = '1'): string {
  return `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

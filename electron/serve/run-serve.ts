/**
 * Runs `serve`: starts the core and the server, prints the one line with the URL, opens the
 * browser. Shared by `npm run serve` and the fallback of `npm start`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startInspectorCore } from '../api/inspector-core';
import { BundleDownloads } from '../history/bundle-downloads';
import type { ServeArgs } from './args';
import { isRendererStale } from './build-freshness';
import { openBrowser } from './open-browser';
import type { ServeServer } from './server';
import { startServeServer } from './server';
import { isRendererBuilt } from './static-files';
import { createToken } from './token';

/** Where `vite build` puts the renderer, under the app root. */
export function rendererDistOf(appRoot: string): string {
  return path.join(appRoot, 'dist', 'renderer');
}

/** Starts everything and prints `ECK Inspector at http://127.0.0.1:<port>/?token=<token>`. */
export async function runServe(
  appRoot: string,
  args: ServeArgs,
): Promise<{ server: ServeServer; stop: () => Promise<void> }> {
  const log = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const staticDir = rendererDistOf(appRoot);
  if (!isRendererBuilt(staticDir)) {
    log(
      `ECK Inspector: the renderer is not built (${staticDir} is missing); run \`npm run build\` — the API works meanwhile.`,
    );
  } else if (isRendererStale(appRoot, staticDir)) {
    log(
      'ECK Inspector: the built renderer is older than its sources; run `npm run build` to see the latest UI.',
    );
  }
  // Progress on stderr (stdout keeps its one line): a start that takes a while says what it does.
  const started = performance.now();
  log(`ECK Inspector: opening ${args.home === undefined ? 'the default workspace' : args.home}…`);
  // An export in the browser is a download: offered here by the core, fetched from the server.
  const downloads = new BundleDownloads();
  const core = await startInspectorCore({
    appRoot,
    downloads,
    choice: { home: args.home, packageRoot: args.packageRoot },
    ...(args.claudeProject === undefined ? {} : { claudeProject: args.claudeProject }),
    log,
    archive: args.archive,
  });
  const server = await startServeServer({
    dispatch: core.dispatch,
    hub: core.hub,
    staticDir,
    token: createToken(),
    port: args.port,
    downloads,
  });
  log(
    `ECK Inspector: workspace open (${core.host.watchedFolders} folders watched) in ${Math.round(performance.now() - started)} ms`,
  );
  // Exactly one line on stdout: tools (and the e2e tests) read the URL from it.
  process.stdout.write(`ECK Inspector at ${server.url}\n`);
  if (args.open) openBrowser(server.url, log);
  return {
    server,
    async stop() {
      await server.close();
      await core.close();
    },
  };
}

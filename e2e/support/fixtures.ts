/**
 * Test fixtures: each test gets its own copied workspace and its own `serve` on a free port.
 */
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { ServeProcess } from './serve-process';
import { startServe } from './serve-process';
import type { WorkspaceCopy } from './workspace-copy';
import { copyDemoWorkspace } from './workspace-copy';

/** Fixtures added to Playwright's. */
export interface InspectorFixtures {
  readonly workspace: WorkspaceCopy;
  readonly serve: ServeProcess;
}

/** `test` with a fresh workspace and server. */
export const test = base.extend<InspectorFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  workspace: async ({}, use) => {
    const copy = copyDemoWorkspace();
    await use(copy);
    copy.remove();
  },
  serve: async ({ workspace }, use) => {
    const server = await startServe({
      home: workspace.home,
      packageRoot: workspace.packageRoot,
      // Saves keep versions in the settings folder: the test's own, never the user's.
      env: { ECK_INSPECTOR_SETTINGS_DIR: path.join(workspace.root, 'settings') },
    });
    await use(server);
    await server.stop();
  },
});

export { expect };

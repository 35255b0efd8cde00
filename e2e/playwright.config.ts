/**
 * Playwright configuration of the end-to-end tests: the browser specs run against `serve` in
 * Debian's Chromium; the Electron spec runs where Electron's binary exists.
 */
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';

function chromiumOrExit(): string {
  try {
    return findChromium();
  } catch (error) {
    // One line, no stack: the message says how to get a Chromium.
    console.error((error as Error).message);
    process.exit(1);
  }
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Every test has its own server, port and temp workspace, so workers cannot disturb each
  // other. Each runs a Chromium and a server, mostly waiting on each other, so two cores take
  // two workers: the run was 10.9 min with one on the 2-core CI box, 7.6 with two (all passed),
  // and `.ci/run` must stay under 15 minutes.
  workers: os.availableParallelism() >= 2 ? 2 : 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/e2e',
  use: { trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'electron.spec.ts',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumOrExit(), headless: true, args: CHROMIUM_ARGS },
      },
    },
    { name: 'electron', testMatch: 'electron.spec.ts' },
  ],
});

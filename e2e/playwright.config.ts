/**
 * Playwright configuration of the end-to-end tests: the browser specs run against `serve` in
 * Debian's Chromium; the Electron spec runs where Electron's binary exists.
 */
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
  // Two cores on the CI box, and every test starts its own server: one worker is enough.
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
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

/**
 * Finds the Chromium the browser e2e runs in: `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`,
 * or Playwright's own download. With none, one line says how to get one.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for a headless run on a CI box or a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];

/** The one-line message when no Chromium exists. */
export const NO_CHROMIUM =
  "e2e: no Chromium found: set CHROMIUM_PATH, or install Debian's with `apt-get install -y chromium` (it lands in /usr/bin/chromium)";

/** Path of a Chromium executable; throws with NO_CHROMIUM when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env['CHROMIUM_PATH'],
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    playwrightChromium(),
  ];
  for (const candidate of candidates) {
    if (candidate !== undefined && candidate !== '' && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(NO_CHROMIUM);
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

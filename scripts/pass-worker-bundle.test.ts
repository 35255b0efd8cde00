/**
 * The History pass worker as the package ships it: built by the command bundles' own esbuild
 * options (build-package.ts) into plain JavaScript, it starts without tsx and reads a real
 * folder's snapshots as the main thread's parse would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureReport } from '../shared/debug-files/test-fixtures/report';
import { writeDebugFiles } from '../electron/history/write-debug-files';
import { openHistory } from '../electron/history/history-index';
import { PASS_WORKER_BUNDLE, PassWorker } from '../electron/history/pass-worker-client';
import { APP_ROOT } from '../electron/services/app-paths';
import { COMMANDS } from './build-package';

let tmp = '';
afterEach(() => {
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  tmp = '';
});

describe('the pass worker bundle', () => {
  it('starts as plain JavaScript and fills the same rows as the in-thread pass', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-pass-bundle-'));
    const out = path.join(tmp, 'bin');
    await build({
      ...COMMANDS,
      entryPoints: {
        [PASS_WORKER_BUNDLE.replace(/\.mjs$/, '')]: path.join(
          APP_ROOT,
          'electron',
          'history',
          'pass-worker.ts',
        ),
      },
      outdir: out,
      metafile: false,
    });
    const dir = path.join(tmp, 'eck-debug');
    fs.mkdirSync(dir);
    for (let s = 0; s < 6; s++)
      writeDebugFiles(dir, fixtureReport(), new Date(Date.UTC(2026, 11, 1, 9, 0, s)));
    fs.writeFileSync(path.join(dir, 'vars-2026-12-01-09-01-00.json'), '{ "chatType": ');
    const said: string[] = [];
    const worker = new PassWorker({ file: path.join(out, PASS_WORKER_BUNDLE), typescript: false }, (m) =>
      said.push(m),
    );
    const inThread = openHistory(dir);
    await inThread.parseInBackground();
    const index = openHistory(dir);
    try {
      await index.parseInBackground({ reader: worker, chunkSize: 4 });
    } finally {
      await worker.close();
    }
    expect(said).toEqual([]); // it started: nothing fell back
    expect(worker.failed).toBe(false);
    expect(index.listing().snapshots).toEqual(inThread.listing().snapshots);
    expect(index.pendingCount()).toBe(0);
  });
});

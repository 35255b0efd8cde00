/**
 * A FIFO planted in a kit or a home must not hang the render: the engine's reads open
 * non-blocking and refuse what is not a regular file, naming it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderContext } from '../../shared/engine';
import { createNodeFs, toEnginePath } from './node-fs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-fifo-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/**
 * A regression would block this worker inside a synchronous open for good: a helper process
 * opens the FIFOs for writing after 5 s, so such a run ends (and fails on time) instead of hanging.
 */
function releaseLater(fifos: readonly string[]): void {
  const child = spawn('sh', ['-c', `sleep 5; for f in "$@"; do (: > "$f") & done; wait`, 'sh', ...fifos], {
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
}

describe.skipIf(process.platform === 'win32')('node-fs and FIFOs', () => {
  it('readText refuses a FIFO at once, naming it', () => {
    const fifo = path.join(root, 'pipe.md');
    execFileSync('mkfifo', [fifo]);
    releaseLater([fifo]);
    const started = performance.now();
    const r = createNodeFs().readText(toEnginePath(fifo));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r).toEqual({ error: 'ENOTREG', message: `not a regular file (FIFO): ${toEnginePath(fifo)}` });
  });

  it('a render whose override and a section file are FIFOs finishes', () => {
    const pkg = path.join(root, 'pkg');
    const home = path.join(root, 'home');
    fs.mkdirSync(path.join(pkg, 'kits', 'rules'), { recursive: true });
    fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
    execFileSync('mkfifo', [path.join(pkg, 'kits', 'rules', 'a.md')]);
    fs.writeFileSync(
      path.join(pkg, 'kits', 'eck_manifest.json'),
      JSON.stringify({
        sections: [
          {
            id: 'a',
            type: 'file',
            file: '$KITS_RULES/a.md',
            order: 1,
            needsInjection: false,
            when: 'always',
          },
        ],
      }),
    );
    execFileSync('mkfifo', [path.join(home, 'eck', 'eck_manifest.json')]);
    releaseLater([path.join(pkg, 'kits', 'rules', 'a.md'), path.join(home, 'eck', 'eck_manifest.json')]);
    const started = performance.now();
    const report = renderContext(
      { packageRoot: toEnginePath(pkg), home: toEnginePath(home), vars: {} },
      createNodeFs(),
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(report.rendered).toBe(true);
    expect(report.context).toBe('');
    expect(report.sections.map((s) => s.id)).toEqual(['a']);
  });
});

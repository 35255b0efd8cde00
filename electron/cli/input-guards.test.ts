/**
 * What the CLI refuses to read from its arguments: FIFOs, devices, folders,
 * sockets and files over the cap given as `--vars` / `--override` / `--items`; `--home` and
 * `--package-root` that are files; `--manifest` names leading out of kits/; a bad `--now`.
 * Each refusal is one line naming the option and the file, exit 2, and returns at once.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROOT } from '../services/app-paths';
import { INPUT_FILE_LIMIT } from './input-file';
import { runCaptured, type CapturedRun } from './test-support/run-captured';

// FIFOs, /dev/zero and `ulimit` are POSIX; Windows has none of them to be handed.
const posix = process.platform !== 'win32';

let root: string;
let pkg: string;
let home: string;
let fifo: string;

function write(rel: string, text: string): string {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const MANIFEST = JSON.stringify({
  sections: [
    { id: 'one', type: 'file', file: '$KITS/one.md', order: 10, needsInjection: true, when: 'always' },
  ],
});

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-guards-'));
  pkg = path.join(root, 'pkg');
  home = path.join(root, 'home');
  write('pkg/kits/eck_manifest.json', MANIFEST);
  write('pkg/kits/eck_message_manifest.json', MANIFEST);
  write('pkg/kits/sub/eck_nested.json', MANIFEST);
  write('pkg/kits/one.md', 'one {{content}}\n');
  write('home/eck/.keep', '');
  write('vars.json', '{}');
  write('items.json', JSON.stringify([{ content: 'hi' }]));
  // A good manifest outside kits/: were the check gone, it would render (exit 0), not fail.
  write('outside/eck_manifest.json', MANIFEST);
  if (posix) {
    fifo = path.join(root, 'fifo');
    execFileSync('mkfifo', [fifo]);
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const scenario = (...more: string[]): string[] => ['--package-root', pkg, '--home', home, ...more];

/**
 * Runs the CLI in-process with a FIFO argument. Were the open to block (the bug), it would
 * block this very thread for good, so a child opens the FIFO for writing after 5 s, which
 * releases it: the test then fails on its exit code and time instead of hanging the run.
 */
async function runWithFifo(...argv: string[]): Promise<{ run: CapturedRun; ms: number }> {
  return runReleasing(fifo, argv);
}

async function runReleasing(
  pipe: string,
  argv: readonly string[],
): Promise<{ run: CapturedRun; ms: number }> {
  const rescuer = spawn('sh', ['-c', 'sleep 5; exec 3>"$0"', pipe], { stdio: 'ignore' });
  const start = performance.now();
  try {
    const run = await runCaptured(...argv);
    return { run, ms: performance.now() - start };
  } finally {
    rescuer.kill('SIGKILL');
  }
}

describe.skipIf(!posix)('a FIFO as an input file is refused without blocking', () => {
  it('render --vars <FIFO>: exit 2 at once, naming the file', async () => {
    const { run, ms } = await runWithFifo('render', ...scenario('--vars', fifo));
    expect(run.err).toBe(`eck render: --vars ${fifo}: not a regular file (FIFO)\n`);
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(4000);
  }, 20000);

  it('message --items <FIFO>: exit 2 at once, naming the file', async () => {
    const { run, ms } = await runWithFifo('message', ...scenario('--items', fifo));
    expect(run.err).toBe(`eck message: --items ${fifo}: not a regular file (FIFO)\n`);
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(4000);
  }, 20000);

  it('render --override <FIFO>: exit 2 at once', async () => {
    const { run, ms } = await runWithFifo('render', ...scenario('--override', fifo));
    expect(run.err).toBe(`eck render: --override ${fifo}: not a regular file (FIFO)\n`);
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(4000);
  }, 20000);
});

describe.skipIf(!posix)('devices, folders and sockets as input files', () => {
  // /dev/null is a character device that ends at once: the same refusal as /dev/zero, and a
  // regression here fails quickly (an empty read is bad JSON, exit 1) rather than by memory.
  it.each([
    ['render', 'vars'],
    ['render', 'override'],
    ['lint', 'vars'],
    ['lint', 'override'],
    ['message', 'items'],
  ])('%s --%s /dev/null: a character device, exit 2', async (command, option) => {
    const r = await runCaptured(command, ...scenario(`--${option}`, '/dev/null'));
    expect(r.err).toBe(`eck ${command}: --${option} /dev/null: not a regular file (character device)\n`);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });

  it('--override <a folder>: exit 2 naming it', async () => {
    const r = await runCaptured('lint', ...scenario('--override', root));
    expect(r.err).toBe(`eck lint: --override ${root}: not a regular file (directory)\n`);
    expect(r.code).toBe(2);
  });

  it('--items <a folder>: exit 2 naming it', async () => {
    const r = await runCaptured('message', ...scenario('--items', root));
    expect(r.err).toBe(`eck message: --items ${root}: not a regular file (directory)\n`);
    expect(r.code).toBe(2);
  });

  it('--vars <a unix socket>: exit 2 naming it', async () => {
    const sock = path.join(root, 'sock');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      const r = await runCaptured('render', ...scenario('--vars', sock));
      expect(r.err).toBe(`eck render: --vars ${sock}: not a regular file (socket)\n`);
      expect(r.code).toBe(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a link to a FIFO is refused like the FIFO', async () => {
    const link = path.join(root, 'fifo-link.json');
    fs.symlinkSync(fifo, link);
    const { run, ms } = await runWithFifo('render', ...scenario('--vars', link));
    expect(run.err).toBe(`eck render: --vars ${link}: not a regular file (FIFO)\n`);
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(4000);
  }, 20000);
});

describe.skipIf(!posix)('/dev/zero, spawned under a memory limit', () => {
  // Spawned, not in-process: were the guard gone, reading /dev/zero would fill this test
  // worker's memory (8 GB in 12 s) on a shared machine. `ulimit -d` caps the
  // child's data at 1.5 GB and the timeout bounds it, so a regression fails instead.
  const tsx = path.join(APP_ROOT, 'node_modules', '.bin', 'tsx');
  const eck = (...argv: string[]) =>
    spawnSync(
      'sh',
      [
        '-c',
        'ulimit -d 1500000; exec "$@"',
        'sh',
        tsx,
        path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'),
        ...argv,
      ],
      { encoding: 'utf8', cwd: APP_ROOT, timeout: 30000, killSignal: 'SIGKILL' },
    );

  it.each([
    ['render', 'vars'],
    ['render', 'override'],
    ['lint', 'vars'],
    ['lint', 'override'],
  ])(
    '%s --%s /dev/zero: exit 2 naming it, no output',
    (command, option) => {
      const r = eck(command, ...scenario(`--${option}`, '/dev/zero'));
      expect(r.stderr).toBe(`eck ${command}: --${option} /dev/zero: not a regular file (character device)\n`);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
    },
    40000,
  );
});

describe('the size cap', () => {
  it('a sparse file one byte over 16 MiB is refused before it is read, exit 2', async () => {
    const big = path.join(root, 'big.json');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, INPUT_FILE_LIMIT + 1);
    const r = await runCaptured('render', ...scenario('--vars', big));
    expect(r.err).toBe(`eck render: --vars ${big}: 16.1 MiB, over the 16 MiB limit\n`);
    expect(r.code).toBe(2);
    const items = await runCaptured('message', ...scenario('--items', big));
    expect(items.err).toBe(`eck message: --items ${big}: 16.1 MiB, over the 16 MiB limit\n`);
    expect(items.code).toBe(2);
  });

  it('a 20 MiB override: the size in MiB', async () => {
    const big = path.join(root, 'big-override.json');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 20 * 1024 * 1024);
    const r = await runCaptured('lint', ...scenario('--override', big));
    expect(r.err).toBe(`eck lint: --override ${big}: 20.0 MiB, over the 16 MiB limit\n`);
    expect(r.code).toBe(2);
  });

  it('a file of exactly 16 MiB is read (then judged as JSON: NUL bytes are not, exit 1)', async () => {
    const atCap = path.join(root, 'at-cap.json');
    fs.writeFileSync(atCap, '');
    fs.truncateSync(atCap, INPUT_FILE_LIMIT);
    const r = await runCaptured('render', ...scenario('--vars', atCap));
    expect(r.err).toMatch(new RegExp(`^eck render: cannot read vars: ${escape(atCap)}:1:1: `));
    expect(r.code).toBe(1);
  });

  it('a real vars file is still read', async () => {
    const r = await runCaptured('render', ...scenario('--vars', path.join(root, 'vars.json')));
    expect(r.code).toBe(0);
    expect(r.out).toContain('$KITS/one.md');
  });
});

describe('--home and --package-root must be folders', () => {
  it.each(['render', 'lint', 'manifest', 'message'])(
    '%s --home <a file>: exit 2 naming it',
    async (command) => {
      const file = path.join(root, 'vars.json');
      const r = await runCaptured(command, '--package-root', pkg, '--home', file);
      expect(r.err).toBe(`eck ${command}: --home ${file} is not a folder\n`);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
    },
  );

  it('render --package-root <a file>: exit 2 naming it', async () => {
    const file = path.join(root, 'vars.json');
    const r = await runCaptured('render', '--package-root', file, '--home', home);
    expect(r.err).toBe(`eck render: --package-root ${file} is not a folder\n`);
    expect(r.code).toBe(2);
  });

  it('claude-md --home <a file>: exit 2 naming it', async () => {
    const file = path.join(root, 'vars.json');
    const r = await runCaptured('claude-md', '--cwd', root, '--home', file);
    expect(r.err).toBe(`eck claude-md: --home ${file} is not a folder\n`);
    expect(r.code).toBe(2);
  });
});

describe('--manifest names a file inside kits/', () => {
  const kits = (): string => path.join(pkg, 'kits');

  it.each([
    ['../../etc/passwd'],
    ['../../outside/eck_manifest.json'],
    ['sub/../../../outside/eck_manifest.json'],
  ])('--manifest %s: exit 2 naming it, nothing read', async (name) => {
    const r = await runCaptured('render', ...scenario('--manifest', name));
    expect(r.err).toBe(
      `eck render: --manifest ${name}: not a file inside ${kits()}${path.sep} (a manifest is named relative to kits/)\n`,
    );
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });

  it('an absolute --manifest is refused, even one inside kits/', async () => {
    const abs = path.join(kits(), 'eck_manifest.json');
    const r = await runCaptured('lint', ...scenario('--manifest', abs));
    expect(r.err).toMatch(/^eck lint: --manifest .+: not a file inside /);
    expect(r.code).toBe(2);
  });

  it('a link in kits/ that leads out is refused, naming where it leads', async () => {
    const link = path.join(kits(), 'eck_evil.json');
    const target = path.join(root, 'outside', 'eck_manifest.json');
    fs.symlinkSync(target, link);
    try {
      const r = await runCaptured('render', ...scenario('--manifest', 'eck_evil.json'));
      expect(r.err).toContain(`--manifest eck_evil.json: not a file inside ${kits()}${path.sep}`);
      expect(r.err).toContain(`it is a link to ${fs.realpathSync(target)}`);
      expect(r.code).toBe(2);
      // lint walks the kit's other eck_*.json without --manifest: the forced one is what is checked.
      const m = await runCaptured('manifest', ...scenario('--manifest', 'eck_evil.json'));
      expect(m.code).toBe(2);
    } finally {
      fs.unlinkSync(link);
    }
  });

  it('a folder of kits/ that is a link out is refused too', async () => {
    const link = path.join(kits(), 'elsewhere');
    fs.symlinkSync(path.join(root, 'outside'), link);
    try {
      const r = await runCaptured('render', ...scenario('--manifest', 'elsewhere/eck_manifest.json'));
      expect(r.err).toContain('--manifest elsewhere/eck_manifest.json: not a file inside');
      expect(r.code).toBe(2);
    } finally {
      fs.unlinkSync(link);
    }
  });

  it('names inside kits/ still work: a plain one, a nested one, and a link within kits/', async () => {
    const plain = await runCaptured(
      'render',
      ...scenario('--manifest', 'eck_message_manifest.json', '--json'),
    );
    expect(plain.code).toBe(0);
    expect((JSON.parse(plain.out) as { manifestFile: string }).manifestFile).toBe(
      'eck_message_manifest.json',
    );
    const nested = await runCaptured('render', ...scenario('--manifest', 'sub/eck_nested.json'));
    expect(nested.code).toBe(0);
    const link = path.join(kits(), 'eck_alias.json');
    fs.symlinkSync(path.join(kits(), 'eck_manifest.json'), link);
    try {
      expect((await runCaptured('render', ...scenario('--manifest', 'eck_alias.json'))).code).toBe(0);
    } finally {
      fs.unlinkSync(link);
    }
  });

  it('a name inside kits/ that does not exist: the engine reports it missing, exit 1', async () => {
    const r = await runCaptured('render', ...scenario('--manifest', 'eck_nope.json'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('eck_nope.json');
  });

  it.skipIf(!posix)(
    'a FIFO in kits/ named by --manifest is refused, not read',
    { timeout: 20000 },
    async () => {
      const inKits = path.join(kits(), 'eck_fifo.json');
      execFileSync('mkfifo', [inKits]);
      try {
        const { run: r, ms } = await runReleasing(inKits, [
          'render',
          ...scenario('--manifest', 'eck_fifo.json'),
        ]);
        expect(r.err).toBe('eck render: --manifest eck_fifo.json: not a regular file (FIFO)\n');
        expect(r.code).toBe(2);
        expect(ms).toBeLessThan(4000);
      } finally {
        fs.unlinkSync(inKits);
      }
    },
  );
});

describe('message --now', () => {
  const items = (): string[] => ['--items', path.join(root, 'items.json')];

  it.each(['bad', '1', '2026-02-30', '2026-13-01', '2026-12-03T25:00:00Z', '2026-12-03 10:00'])(
    '--now %s: exit 2 naming the value, before anything about the batch',
    async (value) => {
      // No --items and no "items" in the vars: the batch is wrong too, but the date is named.
      const r = await runCaptured('message', ...scenario('--now', value));
      expect(r.err).toBe(
        `eck message: --now ${value}: not a date; expected ISO 8601 like 2026-12-03T10:00:00Z (or 2026-12-03, 2026-12-03T10:00+08:00)\n`,
      );
      expect(r.code).toBe(2);
    },
  );

  it.each(['2026-12-03T10:00:00Z', '2026-12-03', '2026-12-03T10:00+08:00', '2024-02-29T23:59:59.5Z'])(
    '--now %s: accepted',
    async (value) => {
      const r = await runCaptured('message', ...scenario('--now', value, ...items()));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain('one hi');
    },
  );
});

describe('--help says the limits', () => {
  it.each(['render', 'lint', 'message'])(
    '%s --help names the 16 MiB cap and the kinds refused',
    async (command) => {
      const r = await runCaptured(command, '--help');
      expect(r.out).toContain('regular files of at most 16 MiB');
      expect(r.out).toContain('FIFO');
      expect(r.out).toContain('must stay inside');
    },
  );
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

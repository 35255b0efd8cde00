/**
 * Claude Code Verify against a stand-in `claude`: identical on a plain tree, a planted
 * difference found and named, a hang stopped on time, the user's home and ~/.claude untouched
 * (the stand-in writes its transcript and counters where the real CLI does: its config folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWithSettingsDir } from '../test-support/with-settings-dir';
import { findClaude } from './find-claude';

const FAKE = path.join(import.meta.dirname, '..', '__fixtures__', 'fake-claude', 'claude');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-verify-claude-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let n = 0;
function tree(plant?: (source: string) => string) {
  const root = path.join(work, `case-${++n}`);
  const home = path.join(root, 'home');
  const proj = path.join(root, 'proj');
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.mkdirSync(path.join(proj, 'src'), { recursive: true });
  fs.writeFileSync(path.join(home, '.claude', 'CLAUDE.md'), 'Be kind.\n');
  fs.writeFileSync(path.join(home, '.claude.json'), '{"projects":{}}');
  fs.writeFileSync(path.join(proj, 'CLAUDE.md'), 'Use tabs.\n');
  fs.writeFileSync(path.join(proj, 'src', 'CLAUDE.md'), 'Src rules.\n');
  fs.writeFileSync(path.join(proj, 'src', 'a.ts'), 'x\n');
  const claude = path.join(root, 'claude');
  const source = fs.readFileSync(FAKE, 'utf8');
  fs.writeFileSync(claude, plant ? plant(source) : source, { mode: 0o755 });
  return { root, home, proj, claude, managed: path.join(root, 'no-managed') };
}

function homeFiles(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(home, { recursive: true }) as string[]) {
    const p = path.join(home, rel);
    if (fs.statSync(p).isFile()) out[rel] = fs.readFileSync(p, 'utf8');
  }
  return out;
}

function verify(t: ReturnType<typeof tree>, ...extra: string[]) {
  return runWithSettingsDir(
    path.join(t.root, 'settings'),
    'claude-md',
    '--cwd',
    t.proj,
    '--home',
    t.home,
    '--managed',
    t.managed,
    '--verify',
    '--claude',
    t.claude,
    ...extra,
  );
}

describe('eck claude-md --verify', () => {
  it('says identical for the start block and the attachments, and touches nothing of the home', async () => {
    const t = tree();
    const before = homeFiles(t.home);
    const r = await verify(t, '--target', 'src/a.ts');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'sends the same memory: the start block and the 1 attachments after the Read are identical',
    );
    expect(r.out).toContain('Claude Code 2.1.197');
    expect(r.out).toContain(
      `the real CLI reads the managed level from /etc/claude-code, the view from ${t.managed}`,
    );
    // The stand-in wrote a transcript and counters: into the scratch config folder, now gone.
    expect(homeFiles(t.home)).toEqual(before);
    expect(r.leftScratch).toEqual([]);
  });

  it('finds a planted difference in the start block: exit 3 and the line', async () => {
    const t = tree((s) => s.replace('${project.trimEnd()}', '${project.trimEnd()} (changed)'));
    const r = await verify(t);
    expect(r.code).toBe(3);
    expect(r.err).toContain('sends different memory: the start block differs at line 9');
    expect(r.err).toContain('  inspector: Use tabs.\n  installed: Use tabs. (changed)\n');
  });

  it('finds a difference in what a Read attaches', async () => {
    const t = tree((s) => s.replace('if (memory !== null && dir !== process.cwd())', 'if (false)'));
    const r = await verify(t, '--target', 'src/a.ts', '--json');
    expect(r.code).toBe(3);
    const o = JSON.parse(r.out) as {
      attachments: { ours: unknown[]; theirs: unknown[]; firstDifferent: number };
    };
    expect(o.attachments).toMatchObject({ firstDifferent: 0, theirs: [] });
    expect(o.attachments.ours).toHaveLength(1);
  });

  it('stops a claude that hangs, on time, and cleans up', async () => {
    const t = tree((s) =>
      s.replace(
        "if (process.argv.includes('--version')) {",
        "if (!process.argv.includes('--version')) setInterval(() => {}, 1000);\nif (process.argv.includes('--version')) {",
      ),
    );
    const started = performance.now();
    const r = await verify(t, '--timeout', '1');
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(1);
    expect(r.err).toContain('could not be run: Claude Code did not finish within 1 s and was stopped');
    expect(r.leftScratch).toEqual([]);
  });

  it('where no claude is found, exits 2 saying where it looked', async () => {
    const t = tree();
    fs.rmSync(t.claude);
    const r = await verify(t);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`no Claude Code found; looked at ${t.claude}`);
  });
});

describe('findClaude', () => {
  it('takes PATH first, then the installers’ places; skips what is not an executable file', () => {
    const root = path.join(work, 'find');
    const bin = path.join(root, 'bin');
    const home = path.join(root, 'home');
    fs.mkdirSync(bin, { recursive: true });
    fs.mkdirSync(path.join(home, '.local', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(bin, 'claude'), 'not executable', { mode: 0o644 });
    fs.writeFileSync(path.join(home, '.local', 'bin', 'claude'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findClaude(undefined, { PATH: bin }, home)).toEqual({
      found: true,
      file: path.join(home, '.local', 'bin', 'claude'),
    });
    fs.chmodSync(path.join(bin, 'claude'), 0o755);
    expect(findClaude(undefined, { PATH: bin }, home)).toEqual({
      found: true,
      file: path.join(bin, 'claude'),
    });
  });
});

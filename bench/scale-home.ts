/**
 * A home with a big history for the scale bench: the demo home's `eck/` and
 * `agents/`, and a `data/eck-debug/` of N snapshots × 4 files that are hard links to four
 * template files, so 250,000 snapshots (1M directory entries) take no extra disk beyond the
 * directory itself. One render every 13 s, every 10th sharing its second with the one before
 * (a `-2` key), as a busy home's folder looks.
 *
 * `npx tsx bench/scale-home.ts DIR [--snapshots N]` makes one by hand (default 250,000).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchDebugTexts } from './debug-file-texts';
import { debugFileName, formatSnapshotKey, formatTimestamp } from '../shared/debug-files/names';
import { APP_ROOT } from '../electron/services/app-paths';

const KINDS = ['vars', 'context', 'fragments', 'manifest'] as const;

/** What was made. */
export interface ScaleHome {
  readonly home: string;
  readonly debugDir: string;
  readonly snapshots: number;
  readonly files: number;
  readonly makeMs: number;
}

/**
 * Links per template file: ext4 allows 65,000 links to one inode (EMLINK beyond), so a fresh
 * copy of the templates is written every this many snapshots (a few KB each).
 */
const LINKS_PER_TEMPLATE = 60_000;

/** Writes the four template files beside the home (same file system, so links work). */
function writeTemplates(dir: string): Record<(typeof KINDS)[number], string> {
  const texts = benchDebugTexts();
  fs.mkdirSync(dir, { recursive: true });
  const out = {} as Record<(typeof KINDS)[number], string>;
  for (const kind of KINDS) {
    const file = path.join(dir, `template-${kind}`);
    fs.writeFileSync(file, texts[kind]);
    out[kind] = file;
  }
  return out;
}

/**
 * Makes `root/home` (the demo home's manifests and agents) with `snapshots` snapshots in its
 * eck-debug, linked to templates in `root/templates`. `root` must not hold a home yet.
 */
export function makeScaleHome(root: string, snapshots: number): ScaleHome {
  const t0 = performance.now();
  const home = path.join(root, 'home');
  const demo = path.join(APP_ROOT, 'kits', 'demo-home');
  for (const part of ['eck', 'agents'])
    fs.cpSync(path.join(demo, part), path.join(home, part), { recursive: true });
  const debugDir = path.join(home, 'data', 'eck-debug');
  fs.mkdirSync(debugDir, { recursive: true });
  let templates = writeTemplates(path.join(root, 'templates', '0'));
  const start = new Date(2026, 0, 1, 0, 0, 0).getTime();
  let second = 0;
  for (let i = 0; i < snapshots; i++) {
    if (i > 0 && i % LINKS_PER_TEMPLATE === 0)
      templates = writeTemplates(path.join(root, 'templates', String(i / LINKS_PER_TEMPLATE)));
    const sameSecond = i % 10 === 9;
    if (!sameSecond) second += 13;
    const key = formatSnapshotKey(formatTimestamp(new Date(start + second * 1000)), sameSecond ? 2 : null);
    for (const kind of KINDS) fs.linkSync(templates[kind], path.join(debugDir, debugFileName(kind, key)));
  }
  return { home, debugDir, snapshots, files: snapshots * KINDS.length, makeMs: performance.now() - t0 };
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const at = args.indexOf('--snapshots');
  const n = at >= 0 ? Number(args[at + 1]) : 250_000;
  if (dir === undefined || !Number.isInteger(n) || n < 0) {
    process.stderr.write('usage: tsx bench/scale-home.ts DIR [--snapshots N]\n');
    process.exit(2);
  }
  const made = makeScaleHome(path.resolve(dir), n);
  process.stdout.write(
    `${made.home}: ${made.snapshots} snapshots (${made.files} links) in ${Math.round(made.makeMs)} ms\n`,
  );
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  main();

/**
 * A package root: a copy of the app's `kits/` plus `kits/big/` holding `files` hard links to
 * one small file (a 100k-file kit folder once cost the watcher 9.4 s). Returns it.
 */
export function makeBigKit(root: string, files: number): string {
  const packageRoot = path.join(root, 'big-kit');
  fs.cpSync(path.join(APP_ROOT, 'kits'), path.join(packageRoot, 'kits'), {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}data${path.sep}eck-debug${path.sep}`),
  });
  const big = path.join(packageRoot, 'kits', 'big');
  fs.mkdirSync(big);
  let template = '';
  for (let i = 0; i < files; i++) {
    if (i % LINKS_PER_TEMPLATE === 0) {
      template = path.join(root, `big-template-${i}`);
      fs.writeFileSync(template, 'a kit file nobody renders\n');
    }
    fs.linkSync(template, path.join(big, `f-${i}.md`));
  }
  return packageRoot;
}

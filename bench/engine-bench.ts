/**
 * Engine benchmarks: the default kit, a 1,000-section manifest, a folder of
 * 100,000 files under maxFiles 20, and 10 MB of loaded files — each against a baseline of
 * plain `fs` work on the same files, measured in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RenderInput } from '../shared/engine';
import { renderContext } from '../shared/engine';
import { createNodeFs, toEnginePath } from '../electron/services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../electron/services/app-paths';
import { presetScenario } from '../shared/scenarios/presets';
import { medianMs, round, type BenchResult } from './measure';
import { rulesFolderSection } from '../shared/testing/rules-section';

function readAll(files: readonly string[]): void {
  for (const f of files) fs.readFileSync(f, 'utf8');
}

function result(
  name: string,
  ms: number,
  baselineMs: number,
  baseline: string,
  target?: { text: string; ok: boolean },
): BenchResult {
  return {
    name,
    medianMs: round(ms),
    baselineMs: round(baselineMs),
    ratio: round(ms / baselineMs),
    baseline,
    ...(target ? { target: target.text, meetsTarget: target.ok } : {}),
  };
}

/** A scratch package root + home with a manifest of the given sections. */
function scratchKit(root: string, sections: readonly object[], top: object = {}): RenderInput {
  fs.mkdirSync(path.join(root, 'pkg', 'kits'), { recursive: true });
  fs.mkdirSync(path.join(root, 'home'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'pkg', 'kits', 'eck_manifest.json'),
    JSON.stringify({ $schema_version: 1, ...top, sections }),
  );
  return {
    packageRoot: toEnginePath(path.join(root, 'pkg')),
    home: toEnginePath(path.join(root, 'home')),
    vars: {},
  };
}

/** Runs every engine bench. */
export function benchEngine(): BenchResult[] {
  const nodeFs = createNodeFs();
  const out: BenchResult[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bench-'));
  try {
    // 1. The default kit in the private-chat-with-owner scenario (every section loads).
    const kitInput: RenderInput = {
      packageRoot: toEnginePath(APP_ROOT),
      home: toEnginePath(DEMO_HOME),
      vars: presetScenario('private-owner').vars,
    };
    const kitReport = renderContext(kitInput, nodeFs);
    const kitFiles = kitReport.sections.flatMap((s) => s.files.map((f) => f.path));
    const kitMs = medianMs(() => renderContext(kitInput, nodeFs), 300, 30);
    const kitBase = medianMs(() => readAll(kitFiles), 300, 30);
    out.push({
      ...result('default-kit-render', kitMs, kitBase, `readFileSync of the same ${kitFiles.length} files`, {
        text: 'under 2 ms',
        ok: kitMs < 2,
      }),
      files: kitFiles.length,
      bytes: kitReport.totals.bytes,
    });

    // 2. A 1,000-section manifest of small file sections.
    const many = path.join(tmp, 'many');
    fs.mkdirSync(path.join(many, 'pkg', 'kits', 'docs'), { recursive: true });
    const manyFiles: string[] = [];
    const sections = Array.from({ length: 1000 }, (_, i) => {
      const file = path.join(many, 'pkg', 'kits', 'docs', `s${i}.md`);
      fs.writeFileSync(file, `# section ${i}\n\n${'内容 '.repeat(20)}\n`);
      manyFiles.push(file);
      return {
        id: `s${i}`,
        type: 'file',
        file: `$KITS_DOCS/s${i}.md`,
        order: i,
        needsInjection: i % 2 === 0,
        when: 'always',
      };
    });
    const manyInput = scratchKit(many, sections, { totalMaxFiles: 5000, totalMaxBytes: 100_000_000 });
    const manyMs = medianMs(() => renderContext(manyInput, nodeFs), 30, 3);
    const manyBase = medianMs(() => readAll(manyFiles), 30, 3);
    out.push(result('manifest-1000-sections', manyMs, manyBase, 'readFileSync of the same 1,000 files'));

    // 3. A folder of 100,000 files under maxFiles 20: one listing plus the 20 loaded files.
    const big = path.join(tmp, 'big');
    const bigDir = path.join(big, 'pkg', 'kits', 'rules');
    fs.mkdirSync(bigDir, { recursive: true });
    for (let i = 0; i < 100_000; i++)
      fs.writeFileSync(path.join(bigDir, `${String(i).padStart(6, '0')}.md`), 'x\n');
    const bigInput = scratchKit(big, [rulesFolderSection({ order: 1, maxFiles: 20 })]);
    const bigMs = medianMs(() => renderContext(bigInput, nodeFs), 15, 2);
    const bigBase = medianMs(() => fs.readdirSync(bigDir, { withFileTypes: true }), 15, 2);
    out.push(
      result(
        'folder-100000-files-maxFiles-20',
        bigMs,
        bigBase,
        'one readdirSync(withFileTypes) of the folder',
        { text: 'within 2x of one listing', ok: bigMs / bigBase <= 2 },
      ),
    );

    // 4. 10 MB of loaded files (ten 1 MB files in one folder).
    const mb = path.join(tmp, 'mb');
    const mbDir = path.join(mb, 'pkg', 'kits', 'rules');
    fs.mkdirSync(mbDir, { recursive: true });
    const mbFiles: string[] = [];
    for (let i = 0; i < 10; i++) {
      const f = path.join(mbDir, `${i}.md`);
      fs.writeFileSync(f, `${'0123456789abcdef'.repeat(64)}\n`.repeat(1024).slice(0, 1024 * 1024));
      mbFiles.push(f);
    }
    const mbInput = scratchKit(mb, [rulesFolderSection({ order: 1, maxBytes: 20 * 1024 * 1024 })], {
      totalMaxBytes: 20 * 1024 * 1024,
    });
    const mbMs = medianMs(() => renderContext(mbInput, nodeFs), 15, 2);
    const mbBase = medianMs(() => readAll(mbFiles), 15, 2);
    out.push(
      result('loaded-10MB', mbMs, mbBase, 'readFileSync of the same 10 x 1 MB files', {
        text: 'within 2x of reading it',
        ok: mbMs / mbBase <= 2,
      }),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

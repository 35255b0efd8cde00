/**
 * Opt-in check (not part of `npm test`): runs the real Claude Code CLI through the oracle
 * (../shared/tools/claude-code-oracle) and our assembly on the same folder trees — the
 * hand-made fixtures of scripts/claude-md-fixtures.ts plus seeded random trees — and prints how
 * many agree byte for byte, at start and after the Read.
 *
 *   CLAUDE_CODE_BIN=…/claude npm run compare:claude -- [--trees N] [--seed S] [--keep] [--only NAME]
 *
 * Needs root (the oracle runs Claude Code in private namespaces) and the native binary of npm
 * `@anthropic-ai/claude-code@2.1.197` (see the oracle's README). Exit 0 all identical, 1 some
 * differ (each difference is written to the report folder), 2 cannot run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleClaudeMd } from '../shared/claude-md/assemble';
import { createNodeClaudeFs } from '../electron/claude-md/node-claude-fs';
import { FIXTURES, type TreeSpec, writeTree } from './claude-md-fixtures';
import { randomTree } from './claude-md-random-trees';

interface OracleResult {
  captured: boolean;
  start: string | null;
  attachedOnRead: { path: string; text: string }[] | null;
  stderr: string;
}
type RunRealClaude = (o: Record<string, unknown>) => Promise<OracleResult>;

const ORACLE = path.resolve(
  import.meta.dirname,
  '../../shared/tools/claude-code-oracle/claude-code-oracle.mjs',
);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const bin = process.env.CLAUDE_CODE_BIN;
  if (!bin || process.getuid?.() !== 0) {
    console.error('compare-claude-md: needs root and CLAUDE_CODE_BIN (see the oracle README)');
    return 2;
  }
  if (!fs.existsSync(ORACLE)) {
    console.error(`compare-claude-md: no oracle at ${ORACLE}`);
    return 2;
  }
  const { runRealClaude } = (await import(ORACLE)) as { runRealClaude: RunRealClaude };
  const count = Number(option('trees') ?? 300);
  const seed = Number(option('seed') ?? 1);
  const only = option('only');
  const keep = process.argv.includes('--keep');
  const specs: TreeSpec[] = [...FIXTURES];
  for (let i = 0; i < count; i++) specs.push(randomTree(seed + i));
  const chosen = only ? specs.filter((s) => s.name === only) : specs;

  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'compare-claude-md-')));
  const reportDir = path.join(root, 'report');
  fs.mkdirSync(reportDir);
  const nodeFs = createNodeClaudeFs();
  let sameStart = 0;
  let sameRead = 0;
  let same = 0;
  let failed = 0;
  let withStart = 0;
  let withAttachments = 0;
  let attachments = 0;
  const differing: string[] = [];
  for (const spec of chosen) {
    const dir = path.join(root, spec.name);
    const tree = writeTree(dir, spec);
    const real = await runRealClaude({
      cwd: tree.cwd,
      home: tree.home,
      managed: tree.managed,
      target: tree.target,
      claude: bin,
    });
    if (!real.captured) {
      failed++;
      console.error(
        `${spec.name}: oracle captured nothing: ${real.stderr.trim().split('\n').slice(-2).join(' | ')}`,
      );
      continue;
    }
    const ours = assembleClaudeMd(
      {
        cwd: tree.cwd,
        home: tree.home,
        managedDir: tree.managed ?? path.join(dir, 'no-managed'),
        target: tree.target,
        // Approval, claudeMdExcludes and the settings' env are read from the tree, as Claude
        // Code reads them; only --add-dir (the oracle's, for a target outside cwd) is given.
        additionalDirectories: tree.additionalDirectories,
      },
      nodeFs,
    );
    if (real.start) withStart++;
    if (real.attachedOnRead?.length) withAttachments++;
    attachments += real.attachedOnRead?.length ?? 0;
    const okStart = ours.context === (real.start ?? '');
    const realRead = JSON.stringify(real.attachedOnRead ?? null);
    const okRead = JSON.stringify(ours.attachedOnRead) === realRead;
    if (okStart) sameStart++;
    if (okRead) sameRead++;
    if (okStart && okRead) same++;
    else {
      differing.push(spec.name);
      const out = {
        tree: spec,
        start: okStart ? 'same' : { real: real.start, ours: ours.context },
        attachedOnRead: okRead ? 'same' : { real: real.attachedOnRead, ours: ours.attachedOnRead },
      };
      fs.writeFileSync(path.join(reportDir, `${spec.name}.json`), JSON.stringify(out, null, 2));
    }
    if (!keep && okStart && okRead) fs.rmSync(dir, { recursive: true, force: true });
  }
  const total = chosen.length - failed;
  console.log(
    `Claude Code oracle vs eck claude-md: ${chosen.length} trees (${FIXTURES.length} fixtures, seed ${seed})`,
  );
  console.log(`  start block identical:      ${sameStart}/${total}`);
  console.log(`  attachments identical:      ${sameRead}/${total}`);
  console.log(`  both identical:             ${same}/${total}`);
  console.log(
    `  (real CLI: ${withStart} trees with a start block, ${withAttachments} with attachments, ${attachments} attachments)`,
  );
  if (failed) console.log(`  oracle failed:              ${failed}`);
  if (differing.length) console.log(`  differing: ${differing.join(', ')}\n  details in ${reportDir}`);
  else if (!keep) fs.rmSync(root, { recursive: true, force: true });
  return differing.length || failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`compare-claude-md: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(2);
  },
);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaudeMdReport } from '../../shared/claude-md/types';
import { MEMORY_INSTRUCTION_PROMPT } from '../../shared/claude-md/final-text';
import { toEnginePath } from '../services/node-fs';
import { formatClaudeMdText, runClaudeMdCommand } from './claude-md-command';

let root: string;
let project: string;
let home: string;
let managed: string;

function write(rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runClaudeMdCommand(argv, { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}

const base = (): string[] => ['--cwd', project, '--home', home, '--managed', managed];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-claude-md-'));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  managed = path.join(root, 'managed');
  write('home/.claude/CLAUDE.md', 'Prefer short answers.\n');
  write('project/CLAUDE.md', '# Project\n\n<!-- maintainers only -->\nSee @docs/a.md and @docs/link.md\n');
  write('project/docs/a.md', 'A doc.\n');
  write('project/docs/real.md', 'Real, with a way back: @docs/real.md\n');
  fs.symlinkSync('real.md', path.join(project, 'docs/link.md'));
  // A rules folder that links to its own parent: listed once, no loop.
  write('project/.claude/rules/testing.md', '---\npaths: "**/*.test.ts"\n---\nTest rule.\n');
  fs.symlinkSync('..', path.join(project, '.claude/rules/loop'));
  write('project/CLAUDE.local.md', 'x'.repeat(40001));
  write('project/src/x.test.ts', 'test(1)\n');
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('eck claude-md', () => {
  it('prints the assembled text on stdout and warnings on stderr', async () => {
    const { code, out, err } = await run(...base());
    expect(code).toBe(0);
    const p = toEnginePath(project);
    expect(
      out.startsWith(`${MEMORY_INSTRUCTION_PROMPT}\n\nContents of ${toEnginePath(home)}/.claude/CLAUDE.md`),
    ).toBe(true);
    expect(out).toContain(
      `Contents of ${p}/CLAUDE.md (project instructions, checked into the codebase):\n\n# Project\n\nSee @docs/a.md`,
    );
    expect(out).not.toContain('maintainers only');
    expect(out).not.toContain('Test rule.');
    expect(err).toMatch(/^warning \[over-40k\] CLAUDE\.local\.md is 40001 characters/m);
    expect(out).not.toContain('over-40k');
  });

  it('reports every file with --json, a real symlink cycle included', async () => {
    const { code, out } = await run(...base(), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as ClaudeMdReport;
    const p = toEnginePath(project);
    expect(report.files.map((f) => [f.display, f.status])).toEqual([
      ['~/.claude/CLAUDE.md', 'loaded'],
      ['CLAUDE.md', 'loaded'],
      ['docs/a.md', 'loaded'],
      ['docs/link.md', 'loaded'],
      ['docs/docs/real.md', 'missing'],
      ['.claude/rules/testing.md', 'deferred'],
      ['CLAUDE.local.md', 'loaded'],
    ]);
    expect(report.files[3]).toMatchObject({ realPath: `${p}/docs/real.md`, parent: `${p}/CLAUDE.md` });
  });

  it('marks the resolved path of a symlink as processed', async () => {
    write('project/docs/real.md', 'Real, back by its real name: @real.md\n');
    const { out } = await run(...base(), '--json');
    const report = JSON.parse(out) as ClaudeMdReport;
    expect(report.files.find((f) => f.display === 'docs/real.md')?.status).toBe('cycle');
  });

  it('takes --target relative to --cwd and --setting-sources like Claude Code', async () => {
    const { out } = await run(
      ...base(),
      '--target',
      'src/x.test.ts',
      '--setting-sources',
      'project',
      '--json',
    );
    const report = JSON.parse(out) as ClaudeMdReport;
    const statuses = Object.fromEntries(report.files.map((f) => [`${f.phase} ${f.display}`, f.status]));
    expect(statuses['start .claude/rules/testing.md']).toBe('deferred');
    expect(statuses['read .claude/rules/testing.md']).toBe('conditional-matched');
    expect(statuses['start ~/.claude/CLAUDE.md']).toBe('excluded-by-setting');
    expect(statuses['start CLAUDE.local.md']).toBe('excluded-by-setting');
    // A conditional rule is never in the start block: the Read attaches it.
    expect(report.context).not.toContain('Test rule.');
    const rule = `${toEnginePath(project)}/.claude/rules/testing.md`;
    expect(report.attachedOnRead).toEqual([{ path: rule, text: `Contents of ${rule}:\n\nTest rule.\n` }]);
  });

  it('prints the attachments of the Read after the start block, under a line naming the Read', async () => {
    const { code, out } = await run(...base(), '--target', 'src/x.test.ts');
    expect(code).toBe(0);
    const p = toEnginePath(project);
    const tail = `\n=== attached after Read(${p}/src/x.test.ts): 1 ===\nContents of ${p}/.claude/rules/testing.md:\n\nTest rule.\n\n---\n`;
    expect(out.endsWith(tail)).toBe(true);
    expect(out.indexOf('Test rule.')).toBeGreaterThan(out.indexOf('=== attached after Read'));
  });

  it('prints its usage with --help and exits 0', async () => {
    const { code, out, err } = await run('--help');
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^usage: eck claude-md --cwd DIR/);
    expect(out).toContain('Claude Code 2.1.197');
    expect(out).toContain('feature flags');
  });

  it('exits 1 with one line when the working directory is missing', async () => {
    const { code, err, out } = await run(
      '--cwd',
      path.join(root, 'nope'),
      '--home',
      home,
      '--managed',
      managed,
    );
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('does not exist');
  });

  it.each([
    [[], '--cwd is required'],
    [['--cwd'], '--cwd needs a value'],
    [['--cwd', '.', '--bogus'], 'unknown option --bogus'],
    [['--cwd', '.', 'extra'], 'unexpected argument extra'],
    [
      ['--cwd', '.', '--setting-sources', 'user,policy'],
      'unknown setting source "policy" (use user, project, local)',
    ],
  ])('exits 2 on a usage error: %j', async (argv, message) => {
    const { code, err } = await run(...argv);
    expect(code).toBe(2);
    expect(err).toBe(`eck claude-md: ${message}\n`);
  });
});

/** The e2e fixture project (its README says what it holds) and the options that open it. */
const FIXTURE = path.resolve(__dirname, '../../e2e/fixtures/claude-md-project');
const FIXTURE_ARGS = [
  '--cwd',
  `${FIXTURE}/project`,
  '--home',
  `${FIXTURE}/home`,
  '--managed',
  `${FIXTURE}/managed`,
];

describe('the e2e fixture project (e2e/fixtures/claude-md-project/README.md)', () => {
  const args = FIXTURE_ARGS;

  /** Rows inside the fixture only: folders above it are whatever the checkout sits in. */
  async function table(...extra: string[]): Promise<string[]> {
    const { code, out } = await run(...args, ...extra, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as ClaudeMdReport;
    const f = toEnginePath(FIXTURE);
    return report.files
      .filter((row) => row.path.startsWith(`${f}/`))
      .map((row) => `${row.level} ${row.status} ${row.reason} ${row.path.slice(f.length + 1)}`);
  }

  const session = [
    'managed loaded session_start managed/CLAUDE.md',
    'user loaded session_start home/.claude/CLAUDE.md',
    'user loaded include home/.claude/snippets/tone.md',
    'user loaded session_start home/.claude/rules/commits.md',
    'project loaded session_start project/CLAUDE.md',
    'project loaded include project/docs/conventions.md',
    'project non-text include project/docs/diagram.png',
    'project external-not-approved include shared-notes.md',
    'project loaded session_start project/.claude/CLAUDE.md',
    'project deferred path_glob_match project/.claude/rules/frontend/styles.md',
    'project loaded session_start project/.claude/rules/general.md',
    'project deferred path_glob_match project/.claude/rules/testing.md',
    'local loaded session_start project/CLAUDE.local.md',
  ];

  /**
   * Rules folders list in the file system's own order (as Claude Code walks them), which
   * differs between checkouts: the rows of one rules folder are compared as a set, in place.
   */
  function settle(rows: readonly string[]): string[] {
    const out: string[] = [];
    let group: string[] = [];
    const flush = () => {
      out.push(...group.sort());
      group = [];
    };
    for (const row of rows) {
      if (/ project\/\.claude\/rules\//.test(row)) group.push(row);
      else {
        flush();
        out.push(row);
      }
    }
    flush();
    return out;
  }

  it('loads the documented files at session start', async () => {
    expect(settle(await table())).toEqual(settle(session));
  });

  it('attaches the nested folder and the matched rule after a Read of the target', async () => {
    expect(settle(await table('--target', 'packages/app/src/App.tsx'))).toEqual(
      settle([
        ...session,
        'project loaded nested_traversal project/packages/app/CLAUDE.md',
        'project conditional-matched path_glob_match project/packages/app/.claude/rules/react.md',
        'project conditional-not-matched path_glob_match project/.claude/rules/frontend/styles.md',
        'project conditional-not-matched path_glob_match project/.claude/rules/testing.md',
      ]),
    );
  });
});

describe('the e2e fixture text (expected-context-with-target.txt, as the real Claude Code 2.1.197 sends it)', () => {
  it('prints exactly the golden text, fixture path as <FIXTURE>', async () => {
    const fixture = FIXTURE;
    const f = toEnginePath(fixture);
    const { out: json } = await run(...FIXTURE_ARGS, '--target', 'packages/app/src/App.tsx', '--json');
    const report = JSON.parse(json) as ClaudeMdReport;
    // Blocks of files above the fixture (a CLAUDE.md in the checkout's parents) are not the fixture's.
    let text = report.context;
    for (const row of [...report.files].reverse()) {
      if (row.span && !row.path.startsWith(`${f}/`))
        text = text.slice(0, row.span.start - 2) + text.slice(row.span.end);
    }
    // The golden is the oracle's text output on the fixture: start block, then the Read's attachments.
    text += formatClaudeMdText(report).slice(report.context.length);
    const golden = fs.readFileSync(path.join(fixture, 'expected-context-with-target.txt'), 'utf8');
    expect(text.split(f).join('<FIXTURE>')).toBe(golden);
  });
});

describe('eck claude-md reads the settings Claude Code reads', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-claude-md-settings-'));
    const put = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    put('p/CLAUDE.md', 'project @../ext.md\n');
    put('ext.md', 'external\n');
    put('extra/CLAUDE.md', 'extra folder\n');
    put(
      'p/.claude/settings.json',
      JSON.stringify({ env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: '1' } }),
    );
    put(
      'h/.claude.json',
      JSON.stringify({
        projects: { [toEnginePath(path.join(dir, 'p'))]: { hasClaudeMdExternalIncludesApproved: true } },
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the approval from ~/.claude.json and the --add-dir memory switch from the settings env', async () => {
    const extra = path.join(dir, 'extra');
    const r = await run(
      '--cwd',
      path.join(dir, 'p'),
      '--home',
      path.join(dir, 'h'),
      '--managed',
      path.join(dir, 'none'),
      '--add-dir',
      extra,
      '--json',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as ClaudeMdReport;
    const sent = [...report.context.matchAll(/^Contents of (.+?) \(/gm)].map((m) => m[1]);
    expect(sent).toEqual([
      toEnginePath(path.join(dir, 'p', 'CLAUDE.md')),
      toEnginePath(path.join(dir, 'ext.md')),
      toEnginePath(path.join(extra, 'CLAUDE.md')),
    ]);
    expect(report.settings.externalIncludesApproved.value).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { assembleClaudeMd } from './assemble';
import type { ClaudeMdInput, ClaudeMdReport } from './types';
import { MEMORY_INSTRUCTION_PROMPT } from './final-text';
import { createMemoryFs } from '../base/memory-fs';
import { claudeMdWatchPaths } from './watch-paths';
import type { MemoryTree } from '../base/memory-fs';

const HOME = '/home/u';
const MANAGED = '/etc/claude-code';
const PROJECT = ' (project instructions, checked into the codebase)';
const LOCAL = " (user's private project instructions, not checked in)";
const GLOBAL = " (user's private global instructions for all projects)";
const POLICY = ' (organization-managed policy instructions)';

function run(tree: MemoryTree, input: Partial<ClaudeMdInput> = {}): ClaudeMdReport {
  return assembleClaudeMd({ cwd: '/repo', home: HOME, managedDir: MANAGED, ...input }, createMemoryFs(tree));
}

/** `path status` per file, the shape most tests compare. */
function rows(report: ClaudeMdReport): string[] {
  return report.files.map((f) => `${f.path} ${f.status}`);
}

function file(report: ClaudeMdReport, path: string) {
  const found = report.files.find((f) => f.path === path);
  if (!found) throw new Error(`no row for ${path}: ${rows(report).join('; ')}`);
  return found;
}

describe('levels and order (§19.1)', () => {
  const tree: MemoryTree = {
    [`${MANAGED}/CLAUDE.md`]: 'managed',
    [`${MANAGED}/.claude/rules/policy.md`]: 'policy',
    [`${HOME}/.claude/CLAUDE.md`]: 'user',
    [`${HOME}/.claude/rules/style.md`]: 'user rule',
    '/repo/CLAUDE.md': 'root',
    '/repo/.claude/CLAUDE.md': 'dot root',
    '/repo/.claude/rules/r.md': 'root rule',
    '/repo/CLAUDE.local.md': 'root local',
    '/repo/pkg/CLAUDE.md': 'pkg',
    '/repo/pkg/CLAUDE.local.md': 'pkg local',
    '/repo/pkg/other/CLAUDE.md': 'not on the way',
  };

  it('loads Managed, User, then each folder from the root down to cwd, Local after its folder', () => {
    const report = run(tree, { cwd: '/repo/pkg' });
    expect(report.files.map((f) => [f.path, f.level, f.reason])).toEqual([
      [`${MANAGED}/CLAUDE.md`, 'managed', 'session_start'],
      [`${MANAGED}/.claude/rules/policy.md`, 'managed', 'session_start'],
      [`${HOME}/.claude/CLAUDE.md`, 'user', 'session_start'],
      [`${HOME}/.claude/rules/style.md`, 'user', 'session_start'],
      ['/repo/CLAUDE.md', 'project', 'session_start'],
      ['/repo/.claude/CLAUDE.md', 'project', 'session_start'],
      ['/repo/.claude/rules/r.md', 'project', 'session_start'],
      ['/repo/CLAUDE.local.md', 'local', 'session_start'],
      ['/repo/pkg/CLAUDE.md', 'project', 'session_start'],
      ['/repo/pkg/CLAUDE.local.md', 'local', 'session_start'],
    ]);
    expect(report.files.every((f) => f.status === 'loaded')).toBe(true);
  });

  it('builds the text exactly: prompt, then one block per file with its type description', () => {
    const report = run(
      {
        [`${MANAGED}/CLAUDE.md`]: 'M\n',
        [`${HOME}/.claude/CLAUDE.md`]: '\n U \n',
        '/repo/CLAUDE.md': 'P',
        '/repo/CLAUDE.local.md': 'L',
      },
      {},
    );
    expect(report.context).toBe(
      `${MEMORY_INSTRUCTION_PROMPT}\n\n` +
        `Contents of ${MANAGED}/CLAUDE.md${POLICY}:\n\nM\n\n` +
        `Contents of ${HOME}/.claude/CLAUDE.md${GLOBAL}:\n\nU\n\n` +
        `Contents of /repo/CLAUDE.md${PROJECT}:\n\nP\n\n` +
        `Contents of /repo/CLAUDE.local.md${LOCAL}:\n\nL`,
    );
    const local = file(report, '/repo/CLAUDE.local.md');
    expect(report.context.slice(local.span!.start, local.span!.end)).toBe(
      `Contents of /repo/CLAUDE.local.md${LOCAL}:\n\nL`,
    );
    expect(report.context.slice(local.contentSpan!.start, local.contentSpan!.end)).toBe('L');
    expect(report.totals).toEqual({ loaded: 4, chars: 9, bytes: 9, overWarning: 0 });
  });

  it('gives the empty string when nothing loads, and lists what it looked for', () => {
    const report = run({ '/repo/README.md': 'x' });
    expect(report.context).toBe('');
    expect(report.files).toEqual([]);
    expect(report.searched).toContain('/repo/CLAUDE.md');
    expect(report.searched).toContain(`${HOME}/.claude/rules`);
  });

  it('lists a file that is empty after processing as empty, without a block', () => {
    const report = run({ '/repo/CLAUDE.md': '<!-- only a comment -->\n', '/repo/CLAUDE.local.md': 'L' });
    expect(file(report, '/repo/CLAUDE.md')).toMatchObject({ status: 'empty', chars: 0, span: null });
    expect(report.context).toBe(
      `${MEMORY_INSTRUCTION_PROMPT}\n\nContents of /repo/CLAUDE.local.md${LOCAL}:\n\nL`,
    );
  });

  it('walks a rules folder depth-first in the order the folder lists (no sort), .md only', () => {
    const report = run({
      '/repo/.claude/rules/c.md': 'c',
      '/repo/.claude/rules/b/x.md': 'bx',
      '/repo/.claude/rules/a.md': 'a',
      '/repo/.claude/rules/B.md': 'B',
      '/repo/.claude/rules/notes.txt': 'skip',
    });
    // The memory file system lists entries in the order the tree gives them.
    expect(report.files.map((f) => f.display)).toEqual([
      '.claude/rules/c.md',
      '.claude/rules/b/x.md',
      '.claude/rules/a.md',
      '.claude/rules/B.md',
    ]);
  });

  it('does not loop on a rules folder that links back to itself', () => {
    const report = run({ '/repo/.claude/rules/a.md': 'a', '/repo/.claude/rules/loop': { symlink: '..' } });
    expect(rows(report)).toEqual(['/repo/.claude/rules/a.md loaded']);
  });

  it('walks through a nested worktree: both trees load, the shared .claude/CLAUDE.md once', () => {
    const wt = '/repo/.claude/worktrees/feature';
    const report = run(
      {
        '/repo/CLAUDE.md': 'main',
        '/repo/.claude/CLAUDE.md': 'main dot',
        '/repo/CLAUDE.local.md': 'main local',
        [`${wt}/CLAUDE.md`]: 'worktree',
      },
      { cwd: wt },
    );
    expect(rows(report)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/.claude/CLAUDE.md loaded',
      '/repo/CLAUDE.local.md loaded',
      '/repo/.claude/CLAUDE.md cycle',
      `${wt}/CLAUDE.md loaded`,
    ]);
    expect(report.context.match(/Contents of \/repo\/\.claude\/CLAUDE\.md/g)).toHaveLength(1);
  });

  it('reports a missing working directory', () => {
    const report = run({}, { cwd: '/nope' });
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ level: 'error', code: 'cwd-missing' }),
    );
  });
});

describe('setting sources (§19.1 可控的配置源开关)', () => {
  const tree: MemoryTree = {
    [`${MANAGED}/CLAUDE.md`]: 'managed',
    [`${HOME}/.claude/CLAUDE.md`]: 'user',
    [`${HOME}/.claude/rules/u.md`]: 'user rule',
    '/repo/CLAUDE.md': 'project',
    '/repo/.claude/rules/p.md': 'project rule',
    '/repo/CLAUDE.local.md': 'local',
  };

  it('switches User off and keeps Managed', () => {
    const report = run(tree, { settingSources: { user: false } });
    expect(rows(report)).toEqual([
      `${MANAGED}/CLAUDE.md loaded`,
      `${HOME}/.claude/CLAUDE.md excluded-by-setting`,
      `${HOME}/.claude/rules/u.md excluded-by-setting`,
      '/repo/CLAUDE.md loaded',
      '/repo/.claude/rules/p.md loaded',
      '/repo/CLAUDE.local.md loaded',
    ]);
    expect(report.context).not.toContain('Contents of /home/u');
    expect(file(report, `${HOME}/.claude/CLAUDE.md`).detail).toContain('userSettings');
  });

  it('switches Project and Local off separately', () => {
    expect(rows(run(tree, { settingSources: { project: false } })).slice(3)).toEqual([
      '/repo/CLAUDE.md excluded-by-setting',
      '/repo/.claude/rules/p.md excluded-by-setting',
      '/repo/CLAUDE.local.md loaded',
    ]);
    expect(rows(run(tree, { settingSources: { local: false } })).slice(3)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/.claude/rules/p.md loaded',
      '/repo/CLAUDE.local.md excluded-by-setting',
    ]);
  });

  it('with every source off, only Managed is in the text (the SDK default)', () => {
    const report = run(tree, { settingSources: { user: false, project: false, local: false } });
    expect(report.totals.loaded).toBe(1);
    expect(report.context).toContain(`Contents of ${MANAGED}/CLAUDE.md`);
  });
});

describe('@include (§19.2)', () => {
  it('follows includes depth-first before the next file, with parent, depth and level', () => {
    const report = run({
      '/repo/CLAUDE.md': '@a.md\n@b.md',
      '/repo/a.md': '@a2.md',
      '/repo/a2.md': 'a2',
      '/repo/b.md': 'b',
      '/repo/CLAUDE.local.md': '@c.md',
      '/repo/c.md': 'c',
    });
    expect(report.files.map((f) => [f.display, f.reason, f.parent, f.depth, f.level])).toEqual([
      ['CLAUDE.md', 'session_start', null, 0, 'project'],
      ['a.md', 'include', '/repo/CLAUDE.md', 1, 'project'],
      ['a2.md', 'include', '/repo/a.md', 2, 'project'],
      ['b.md', 'include', '/repo/CLAUDE.md', 1, 'project'],
      ['CLAUDE.local.md', 'session_start', null, 0, 'local'],
      ['c.md', 'include', '/repo/CLAUDE.local.md', 1, 'local'],
    ]);
    expect(report.context).toContain(`Contents of /repo/c.md${LOCAL}:\n\nc`);
  });

  it('stops a chain of six at depth 5, and loads that file where it is reached shallower', () => {
    const tree: MemoryTree = {
      '/repo/CLAUDE.md': '@d1.md',
      '/repo/d1.md': '@d2.md',
      '/repo/d2.md': '@d3.md',
      '/repo/d3.md': '@d4.md',
      '/repo/d4.md': '@d5.md',
      '/repo/d5.md': 'deepest',
    };
    const report = run(tree);
    expect(rows(report)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/d1.md loaded',
      '/repo/d2.md loaded',
      '/repo/d3.md loaded',
      '/repo/d4.md loaded',
      '/repo/d5.md too-deep',
    ]);
    expect(file(report, '/repo/d5.md')).toMatchObject({ depth: 5, parent: '/repo/d4.md' });
    expect(report.context).not.toContain('deepest');
    const again = run({ ...tree, '/repo/CLAUDE.local.md': '@d5.md' });
    expect(rows(again).slice(-2)).toEqual(['/repo/CLAUDE.local.md loaded', '/repo/d5.md loaded']);
  });

  it('skips cycles, including one through a symlink', () => {
    const report = run({
      '/repo/CLAUDE.md': '@a.md\n@link.md',
      '/repo/a.md': '@CLAUDE.md',
      // link.md → docs/real.md; its includes resolve from the real file's folder (docs/).
      '/repo/link.md': { symlink: 'docs/real.md' },
      '/repo/docs/real.md': 'real @./real.md',
    });
    expect(rows(report)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/a.md loaded',
      '/repo/CLAUDE.md cycle',
      '/repo/link.md loaded',
      '/repo/docs/real.md cycle',
    ]);
    expect(file(report, '/repo/link.md').realPath).toBe('/repo/docs/real.md');
  });

  it('skips an external include unless approved; User-level files may always include outside', () => {
    const tree: MemoryTree = {
      [`${HOME}/.claude/CLAUDE.md`]: '@~/snippets/common.md',
      [`${HOME}/snippets/common.md`]: 'common',
      [`${MANAGED}/CLAUDE.md`]: '@policy-extra.md',
      [`${MANAGED}/policy-extra.md`]: 'extra',
      '/repo/CLAUDE.md': '@/shared/team.md\n@inside.md',
      '/repo/inside.md': 'inside',
      '/shared/team.md': 'team',
    };
    const report = run(tree);
    expect(file(report, `${HOME}/snippets/common.md`).status).toBe('loaded');
    expect(file(report, `${MANAGED}/policy-extra.md`).status).toBe('external-not-approved');
    expect(file(report, '/shared/team.md').status).toBe('external-not-approved');
    expect(file(report, '/repo/inside.md').status).toBe('loaded');
    expect(report.diagnostics.filter((d) => d.code === 'external-include-not-approved')).toHaveLength(2);
    const approved = run(tree, { approveExternalIncludes: true });
    expect(file(approved, '/shared/team.md').status).toBe('loaded');
    expect(file(approved, `${MANAGED}/policy-extra.md`).status).toBe('loaded');
  });

  it('counts an include from a folder above cwd as external (outside the original cwd)', () => {
    const report = run(
      { '/repo/CLAUDE.md': '@docs/x.md', '/repo/docs/x.md': 'x', '/repo/pkg/a': '' },
      { cwd: '/repo/pkg' },
    );
    expect(file(report, '/repo/docs/x.md').status).toBe('external-not-approved');
  });

  it('ignores includes in code spans, code blocks and comments; drops #fragments; unescapes "\\ "', () => {
    const report = run({
      '/repo/CLAUDE.md': [
        'Use `@span.md`.',
        '```',
        '@fenced.md',
        '```',
        '<!-- @commented.md -->',
        '',
        '@guide.md#setup',
        '@my\\ notes.md',
      ].join('\n'),
      '/repo/guide.md': 'guide',
      '/repo/my notes.md': 'notes',
      '/repo/span.md': 'no',
      '/repo/fenced.md': 'no',
      '/repo/commented.md': 'no',
    });
    expect(rows(report)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/guide.md loaded',
      '/repo/my notes.md loaded',
    ]);
    expect(file(report, '/repo/guide.md').directive).toBe('@guide.md#setup');
  });

  it('skips non-text extensions (compared lower-cased); no extension counts as text; missing is reported', () => {
    const report = run({
      '/repo/CLAUDE.md': '@logo.PNG @data.JSON @Makefile @gone.md',
      '/repo/logo.PNG': 'binary',
      '/repo/data.JSON': '{}',
      '/repo/Makefile': 'all:',
    });
    expect(rows(report)).toEqual([
      '/repo/CLAUDE.md loaded',
      '/repo/logo.PNG non-text',
      '/repo/data.JSON loaded',
      '/repo/Makefile loaded',
      '/repo/gone.md missing',
    ]);
    expect(report.diagnostics.map((d) => d.code)).toEqual(['include-non-text', 'include-missing']);
  });

  it('shows a file once even when reached twice (home inside the walk)', () => {
    const report = run({ '/home/u/.claude/CLAUDE.md': 'user' }, { cwd: '/home/u/proj', home: '/home/u' });
    expect(rows(report)).toEqual(['/home/u/.claude/CLAUDE.md loaded', '/home/u/.claude/CLAUDE.md cycle']);
    expect(report.files[1]!.level).toBe('project');
  });
});

describe('conditional rules (§19.3)', () => {
  const tree: MemoryTree = {
    '/repo/.claude/rules/always.md': 'always',
    '/repo/.claude/rules/ts.md': '---\npaths: src/**/*.{ts,tsx}\n---\nTS rule',
    '/repo/.claude/rules/z.md': 'last',
    [`${HOME}/.claude/rules/tests.md`]: '---\npaths:\n  - "**/*.test.ts"\n---\nTests',
    // The targets the tests read (a Read of a missing file fails and attaches nothing).
    '/repo/src/ui/App.tsx': '',
    '/repo/src/a.js': '',
    '/repo/lib/x.test.ts': '',
    '/elsewhere/src/a.ts': '',
  };

  it('never sends a conditional rule at start: it is deferred to a Read', () => {
    const report = run(tree);
    expect(file(report, '/repo/.claude/rules/ts.md')).toMatchObject({
      phase: 'start',
      status: 'deferred',
      reason: 'path_glob_match',
      globs: ['src/**/*.ts', 'src/**/*.tsx'],
      span: null,
    });
    expect(report.context).not.toContain('TS rule');
    expect(report.attachedOnRead).toBeNull();
  });

  it('attaches a rule whose brace-expanded glob matches after the Read, not in the start block', () => {
    const report = run(tree, { target: 'src/ui/App.tsx' });
    expect(report.context).not.toContain('TS rule');
    expect(report.attachedOnRead).toEqual([
      { path: '/repo/.claude/rules/ts.md', text: 'Contents of /repo/.claude/rules/ts.md:\n\nTS rule' },
    ]);
    expect(report.files.filter((f) => f.phase === 'read').map((f) => `${f.path} ${f.status}`)).toEqual([
      `${HOME}/.claude/rules/tests.md conditional-not-matched`,
      '/repo/.claude/rules/ts.md conditional-matched',
    ]);
    const read = report.files.find((f) => f.phase === 'read' && f.path === '/repo/.claude/rules/ts.md');
    expect(read).toMatchObject({
      reason: 'path_glob_match',
      testedPath: 'src/ui/App.tsx',
      globBase: '/repo',
      attachment: 0,
    });
  });

  it('does not match another extension, nor a target outside the base folder', () => {
    const readRow = (r: ClaudeMdReport) =>
      r.files.find((f) => f.phase === 'read' && f.path === '/repo/.claude/rules/ts.md');
    expect(readRow(run(tree, { target: '/repo/src/a.js' }))?.status).toBe('conditional-not-matched');
    const outside = run(tree, { target: '/elsewhere/src/a.ts' });
    expect(readRow(outside)?.detail).toContain('outside');
    expect(outside.attachedOnRead).toEqual([]);
  });

  it('matches User rules against paths relative to cwd', () => {
    const report = run(tree, { target: '/repo/lib/x.test.ts' });
    expect(
      report.files.find((f) => f.phase === 'read' && f.path === `${HOME}/.claude/rules/tests.md`),
    ).toMatchObject({
      status: 'conditional-matched',
      globBase: '/repo',
    });
    expect(report.attachedOnRead?.map((a) => a.path)).toEqual([`${HOME}/.claude/rules/tests.md`]);
  });

  it('treats a frontmatter that fails to parse as having no paths, with a warning', () => {
    const report = run({ '/repo/.claude/rules/bad.md': '---\npaths:\n  - **/*.ts\n---\nBad' });
    expect(file(report, '/repo/.claude/rules/bad.md').status).toBe('loaded');
    expect(report.diagnostics[0]).toMatchObject({ code: 'frontmatter-parse-error', level: 'warning' });
  });

  it('ignores paths outside rules folders but still removes the frontmatter', () => {
    const report = run({ '/repo/CLAUDE.md': '---\npaths: nothing/**\n---\nBody' });
    expect(report.attachedOnRead).toBeNull();
    expect(file(report, '/repo/CLAUDE.md')).toMatchObject({
      status: 'loaded',
      globs: null,
      differsFromDisk: true,
    });
    expect(report.context.endsWith(':\n\nBody')).toBe(true);
  });

  it('walks from cwd toward a target below it (nested_traversal)', () => {
    const report = run(
      {
        '/repo/CLAUDE.md': 'root',
        '/repo/pkg/CLAUDE.md': 'pkg',
        '/repo/pkg/src/.claude/rules/r.md': '---\npaths: deep/*.ts\n---\nnested rule',
        '/repo/pkg/src/deep/x.ts': '',
      },
      { target: 'pkg/src/deep/x.ts' },
    );
    expect(report.files.map((f) => [f.display, f.status, f.reason])).toEqual([
      ['CLAUDE.md', 'loaded', 'session_start'],
      ['pkg/CLAUDE.md', 'loaded', 'nested_traversal'],
      ['pkg/src/.claude/rules/r.md', 'conditional-matched', 'path_glob_match'],
    ]);
  });
});

describe('content processing (§19.4, §19.6)', () => {
  it('strips closed comments leaving the rest of the line, keeps an unclosed one', () => {
    const report = run({
      '/repo/CLAUDE.md': '<!-- note --> Use bun\n\nKeep\n\n<!-- never closed\nTail\n',
    });
    expect(report.context.endsWith(':\n\nUse bun\n\nKeep\n\n<!-- never closed\nTail')).toBe(true);
    expect(file(report, '/repo/CLAUDE.md').differsFromDisk).toBe(true);
  });

  it('warns over 40,000 characters but still loads', () => {
    const report = run({ '/repo/CLAUDE.md': 'x'.repeat(40001), '/repo/CLAUDE.local.md': 'y'.repeat(40000) });
    expect(file(report, '/repo/CLAUDE.md')).toMatchObject({
      status: 'loaded',
      warning: 'over-40k',
      chars: 40001,
    });
    expect(file(report, '/repo/CLAUDE.local.md').warning).toBeNull();
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'over-40k', file: '/repo/CLAUDE.md' }),
    ]);
    expect(report.totals.overWarning).toBe(1);
    expect(report.context).not.toContain('40,000');
  });

  it('keeps a file without comments byte for byte (CRLF stays) apart from the trim', () => {
    const report = run({ '/repo/CLAUDE.md': 'a\r\nb\r\n' });
    expect(report.context.endsWith(':\n\na\r\nb')).toBe(true);
    expect(file(report, '/repo/CLAUDE.md')).toMatchObject({ differsFromDisk: false, bytes: 6 });
  });
});

describe('inputs and watching', () => {
  it('fills defaults per setting source, even when one is given as undefined', () => {
    const report = run(
      { [`${HOME}/.claude/CLAUDE.md`]: 'u' },
      { settingSources: { user: undefined, local: false } },
    );
    expect(report.input.settingSources).toEqual({ user: true, project: true, local: false });
    expect(rows(report)).toEqual([`${HOME}/.claude/CLAUDE.md loaded`]);
  });

  it('lists the files reached and the candidates looked for, so a watcher sees a new CLAUDE.md', () => {
    const report = run({
      '/repo/CLAUDE.md': '@link.md',
      '/repo/link.md': { symlink: 'real.md' },
      '/repo/real.md': 'r',
    });
    const paths = claudeMdWatchPaths(report);
    expect(paths).toEqual(expect.arrayContaining(['/repo/CLAUDE.md', '/repo/link.md', '/repo/real.md']));
    expect(paths).toContain('/repo/CLAUDE.local.md');
    expect(paths).toContain('/repo/.claude/rules');
  });
});

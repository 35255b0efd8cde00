/**
 * The points where Claude Code 2.1.197 (checked with the oracle) and the chapter
 * disagree, each pinned on a small in-memory tree.
 */
import { describe, expect, it } from 'vitest';
import { assembleClaudeMd } from './assemble';
import { MEMORY_INSTRUCTION_PROMPT } from './final-text';
import { createMemoryFs } from '../base/memory-fs';
import type { MemoryTree } from '../base/memory-fs';
import type { ClaudeMdInput, ClaudeMdReport } from './types';
import { claudeMdWatchPaths } from './watch-paths';

const HOME = '/home/u';
const MANAGED = '/etc/claude-code';
const PROJECT = ' (project instructions, checked into the codebase)';

function run(tree: MemoryTree, input: Partial<ClaudeMdInput> = {}): ClaudeMdReport {
  return assembleClaudeMd({ cwd: '/repo', home: HOME, managedDir: MANAGED, ...input }, createMemoryFs(tree));
}

/** The paths of the blocks in the start block, in order. */
function startPaths(report: ClaudeMdReport): string[] {
  return [...report.context.matchAll(/^Contents of (.+?) \(/gm)].map((m) => m[1]!);
}

const attachedPaths = (report: ClaudeMdReport) => (report.attachedOnRead ?? []).map((a) => a.path);

describe('start block', () => {
  it('describes Managed files as organization-managed policy', () => {
    const report = run({ [`${MANAGED}/CLAUDE.md`]: 'policy' });
    expect(report.context).toBe(
      `${MEMORY_INSTRUCTION_PROMPT}\n\nContents of ${MANAGED}/CLAUDE.md (organization-managed policy instructions):\n\npolicy`,
    );
  });

  it('sends the managed settings claudeMd as <managed-settings>, after the managed CLAUDE.md, before its rules', () => {
    const report = run({
      [`${MANAGED}/CLAUDE.md`]: 'file',
      [`${MANAGED}/managed-settings.json`]: JSON.stringify({ claudeMd: 'base @./x.md' }),
      [`${MANAGED}/managed-settings.d/20-b.json`]: JSON.stringify({ claudeMd: 'drop-in wins' }),
      [`${MANAGED}/managed-settings.d/10-a.json`]: JSON.stringify({ claudeMd: 'overridden' }),
      [`${MANAGED}/.claude/rules/r.md`]: 'rule',
    });
    expect(startPaths(report)).toEqual([
      `${MANAGED}/CLAUDE.md`,
      '<managed-settings>',
      `${MANAGED}/.claude/rules/r.md`,
    ]);
    // Its text is sent as is: includes in it are not followed.
    expect(report.context).toContain(
      'Contents of <managed-settings> (organization-managed policy instructions):\n\ndrop-in wins',
    );
  });

  it('loads a symlinked rule once when its real file was already loaded through an include', () => {
    const report = run({
      '/repo/CLAUDE.md': '@./shared/style.md',
      '/repo/shared/style.md': 'style',
      '/repo/.claude/rules/style.md': { symlink: '../../shared/style.md' },
    });
    expect(startPaths(report)).toEqual(['/repo/CLAUDE.md', '/repo/shared/style.md']);
    expect(report.context.match(/^style$/gm)).toHaveLength(1);
    expect(report.files.find((f) => f.status === 'cycle')?.path).toBe('/repo/shared/style.md');
  });

  it('names a symlinked rule by its real path and resolves its includes from there', () => {
    const report = run({
      '/repo/.claude/rules/link.md': { symlink: '../../docs/rule.md' },
      '/repo/docs/rule.md': 'rule @./next.md',
      '/repo/docs/next.md': 'next',
    });
    expect(startPaths(report)).toEqual(['/repo/docs/rule.md', '/repo/docs/next.md']);
  });

  it('drops an empty or frontmatter-only file before following its includes', () => {
    const report = run({
      '/repo/CLAUDE.md': '<!-- @./inc.md -->\n',
      '/repo/.claude/CLAUDE.md': '---\ntitle: only frontmatter\n---\n',
      '/repo/inc.md': 'inc',
      '/repo/CLAUDE.local.md': '@./inc.md',
    });
    expect(report.files.map((f) => `${f.display} ${f.status}`)).toEqual([
      'CLAUDE.md empty',
      '.claude/CLAUDE.md empty',
      'CLAUDE.local.md loaded',
      'inc.md loaded',
    ]);
  });

  it('skips a file over 4 MiB, as Claude Code does not read it', () => {
    const report = run({
      '/repo/CLAUDE.md': 'x'.repeat(4 * 1024 * 1024 + 1),
      '/repo/CLAUDE.local.md': 'small',
    });
    expect(report.files[0]).toMatchObject({ path: '/repo/CLAUDE.md', status: 'missing' });
    expect(report.files[0]!.detail).toContain('4 MiB');
    expect(startPaths(report)).toEqual(['/repo/CLAUDE.local.md']);
  });

  it("includes only the CLI's text extensions: .markdown and .mdx are not among them", () => {
    const report = run({
      '/repo/CLAUDE.md': '@./a.markdown @./b.mdx @./c.latex',
      '/repo/a.markdown': 'a',
      '/repo/b.mdx': 'b',
      '/repo/c.latex': 'c',
    });
    expect(report.files.map((f) => `${f.display} ${f.status}`)).toEqual([
      'CLAUDE.md loaded',
      'a.markdown non-text',
      'b.mdx non-text',
      'c.latex loaded',
    ]);
  });

  it('never walks the filesystem root itself', () => {
    const report = run({ '/CLAUDE.md': 'root of the disk', '/repo/CLAUDE.md': 'repo' });
    expect(startPaths(report)).toEqual(['/repo/CLAUDE.md']);
  });

  it('keeps folders below cwd out of the start block', () => {
    const report = run({ '/repo/CLAUDE.md': 'top', '/repo/pkg/CLAUDE.md': 'below', '/repo/pkg/x.ts': '' });
    expect(startPaths(report)).toEqual(['/repo/CLAUDE.md']);
    expect(report.files.map((f) => f.path)).not.toContain('/repo/pkg/CLAUDE.md');
  });

  it('reads a trailing /** as the folder and a list of only ** as unconditional', () => {
    const report = run(
      {
        '/repo/.claude/rules/all.md': '---\npaths: ["**", "**"]\n---\nall',
        '/repo/.claude/rules/dir.md': '---\npaths: src/**\n---\ndir',
        '/repo/src/a/b.ts': '',
      },
      { target: 'src/a/b.ts' },
    );
    expect(startPaths(report)).toEqual(['/repo/.claude/rules/all.md']);
    const dir = report.files.find((f) => f.phase === 'read' && f.path === '/repo/.claude/rules/dir.md');
    expect(dir).toMatchObject({ globs: ['src'], status: 'conditional-matched' });
  });

  it('sends the includes of a conditional rule that have no paths at start (the filter runs on the flat list)', () => {
    const report = run({
      '/repo/.claude/rules/c.md': '---\npaths: src/**\n---\ncond @./plain.md',
      '/repo/.claude/rules/plain.md': 'plain',
    });
    expect(startPaths(report)).toEqual(['/repo/.claude/rules/plain.md']);
  });

  it('loads additional directories only when CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD is set', () => {
    const tree = { '/extra/CLAUDE.md': 'extra', '/extra/CLAUDE.local.md': 'extra local' };
    expect(startPaths(run(tree, { additionalDirectories: ['/extra'] }))).toEqual([]);
    const on = run(tree, { additionalDirectories: ['/extra'], additionalDirectoriesClaudeMd: true });
    expect(startPaths(on)).toEqual(['/extra/CLAUDE.md', '/extra/CLAUDE.local.md']);
    expect(on.context).toContain(`Contents of /extra/CLAUDE.md${PROJECT}`);
  });

  it('compares the working directory case-insensitively for the external-include test', () => {
    const report = run({ '/repo/CLAUDE.md': '@/REPO/x.md', '/REPO/x.md': 'upper' });
    expect(report.files.find((f) => f.path === '/REPO/x.md')?.status).toBe('loaded');
  });
});

describe('attachments after a Read', () => {
  const tree: MemoryTree = {
    [`${MANAGED}/.claude/rules/m.md`]: '---\npaths: a/**\n---\nmanaged conditional\n',
    [`${HOME}/.claude/rules/u.md`]: '---\npaths: "**/*.ts"\n---\nuser conditional\n',
    '/repo/CLAUDE.md': 'top @./a/CLAUDE.md',
    '/repo/.claude/rules/c.md': '---\npaths: a/b/*.ts\n---\ncwd conditional\n',
    '/repo/a/CLAUDE.md': 'a md\n',
    '/repo/a/rules-first-in-tree/.keep': '',
    '/repo/a/.claude/rules/r.md': 'a rule\n',
    '/repo/a/.claude/rules/rc.md': '---\npaths: b/x.ts\n---\na conditional\n',
    '/repo/a/CLAUDE.local.md': 'a local\n',
    '/repo/a/.claude/CLAUDE.md': 'a dot\n',
    '/repo/a/b/CLAUDE.md': 'b md @../../../outside.md\n',
    '/outside.md': 'outside',
    '/repo/a/b/x.ts': '',
  };

  it('attaches one message per file in the CLI order, each "Contents of <path>:" with the content untrimmed', () => {
    const report = run(tree, { target: 'a/b/x.ts' });
    expect(attachedPaths(report)).toEqual([
      `${MANAGED}/.claude/rules/m.md`,
      `${HOME}/.claude/rules/u.md`,
      '/repo/a/CLAUDE.md',
      '/repo/a/.claude/CLAUDE.md',
      '/repo/a/CLAUDE.local.md',
      '/repo/a/.claude/rules/r.md',
      '/repo/a/.claude/rules/rc.md',
      '/repo/a/b/CLAUDE.md',
      '/repo/.claude/rules/c.md',
    ]);
    expect(report.attachedOnRead![2]).toEqual({
      path: '/repo/a/CLAUDE.md',
      text: 'Contents of /repo/a/CLAUDE.md:\n\na md\n',
    });
    // a/CLAUDE.md is in the start block through an include, and attached again: each Read starts afresh.
    expect(startPaths(report)).toEqual(['/repo/CLAUDE.md', '/repo/a/CLAUDE.md']);
  });

  it('never follows an include out of the working directory from a nested file, even when approved', () => {
    const report = run(tree, { target: 'a/b/x.ts', approveExternalIncludes: true });
    expect(attachedPaths(report)).not.toContain('/outside.md');
    expect(report.files.find((f) => f.path === '/outside.md')).toMatchObject({
      phase: 'read',
      status: 'external-not-approved',
    });
  });

  it('switches the nested CLAUDE.md files by setting source, but not the nested rules', () => {
    const report = run(tree, {
      target: 'a/b/x.ts',
      settingSources: { project: false, local: false, user: false },
    });
    expect(attachedPaths(report)).toEqual([
      `${MANAGED}/.claude/rules/m.md`,
      '/repo/a/.claude/rules/r.md',
      '/repo/a/.claude/rules/rc.md',
      '/repo/.claude/rules/c.md',
    ]);
  });

  it('does not attach the file Claude just read to itself', () => {
    const report = run(
      { '/repo/a/CLAUDE.md': 'a', '/repo/a/CLAUDE.local.md': 'local' },
      { target: 'a/CLAUDE.md' },
    );
    expect(attachedPaths(report)).toEqual(['/repo/a/CLAUDE.local.md']);
  });

  it('matches the conditional rules of folders above cwd for a file outside it', () => {
    const report = run(
      { '/outer/.claude/rules/o.md': '---\npaths: other.ts\n---\nouter', '/outer/other.ts': '' },
      { cwd: '/outer/repo', target: '/outer/other.ts' },
    );
    expect(report.attachedOnRead).toEqual([
      { path: '/outer/.claude/rules/o.md', text: 'Contents of /outer/.claude/rules/o.md:\n\nouter' },
    ]);
  });

  it('attaches nothing when the target is not a file: the Read fails', () => {
    const report = run(tree, { target: 'a/b/missing.ts' });
    expect(report.attachedOnRead).toEqual([]);
    expect(report.files.filter((f) => f.phase === 'read')).toEqual([]);
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'target-not-a-file', file: '/repo/a/b/missing.ts' }),
    );
    expect(run(tree, { target: 'a/b' }).attachedOnRead).toEqual([]);
  });

  it('has no attachments without a target, and an empty list when the Read attaches nothing', () => {
    expect(run(tree).attachedOnRead).toBeNull();
    expect(run({ '/repo/x.ts': '' }, { target: 'x.ts' }).attachedOnRead).toEqual([]);
  });

  it('watches what the Read looked for below cwd, so a new file there re-assembles', () => {
    const paths = claudeMdWatchPaths(run(tree, { target: 'a/b/x.ts' }));
    expect(paths).toEqual(
      expect.arrayContaining(['/repo/a/b/CLAUDE.local.md', '/repo/a/b/.claude/rules', '/repo/a/b/CLAUDE.md']),
    );
  });
});

/**
 * The settings Claude Code 2.1.197 reads that change memory (each behaviour
 * checked with the oracle; fixtures fixture-claude-md-excludes, -disable-claude-mds,
 * -approval-git-root, -add-dir-by-project-env of scripts/claude-md-fixtures.ts).
 */
import { describe, expect, it } from 'vitest';
import { assembleClaudeMd } from './assemble';
import { createMemoryFs } from '../base/memory-fs';
import type { MemoryTree } from '../base/memory-fs';
import type { ClaudeMdInput, ClaudeMdReport } from './types';

const HOME = '/home/u';
const MANAGED = '/etc/claude-code';

function run(tree: MemoryTree, input: Partial<ClaudeMdInput> = {}): ClaudeMdReport {
  return assembleClaudeMd({ cwd: '/repo', home: HOME, managedDir: MANAGED, ...input }, createMemoryFs(tree));
}
const startPaths = (r: ClaudeMdReport) =>
  [...r.context.matchAll(/^Contents of (.+?) \(/gm)].map((m) => m[1]!);
const attachedPaths = (r: ClaudeMdReport) => (r.attachedOnRead ?? []).map((a) => a.path);
const statusOf = (r: ClaudeMdReport, path: string) => r.files.find((f) => f.path === path)?.status;

describe('claudeMdExcludes', () => {
  const tree: MemoryTree = {
    [`${MANAGED}/CLAUDE.md`]: 'managed',
    [`${MANAGED}/managed-settings.json`]: JSON.stringify({ claudeMdExcludes: ['/CLAUDE.md'] }),
    [`${HOME}/.claude/settings.json`]: JSON.stringify({
      claudeMdExcludes: [`${MANAGED}/CLAUDE.md`, '**/inc.md'],
    }),
    '/repo/.claude/settings.json': JSON.stringify({ claudeMdExcludes: ['**/rules/c.md'] }),
    '/repo/.claude/settings.local.json': JSON.stringify({
      claudeMdExcludes: ['**/sub/CLAUDE.md', 'CLAUDE.local.md'],
    }),
    '/repo/CLAUDE.md': 'project @./inc.md @./kept.md',
    '/repo/inc.md': 'excluded include',
    '/repo/kept.md': 'kept include',
    '/repo/CLAUDE.local.md': 'a relative pattern matches no absolute path',
    '/repo/.claude/rules/c.md': '---\npaths: sub/*.ts\n---\nexcluded',
    '/repo/.claude/rules/d.md': '---\npaths: sub/*.ts\n---\nattached',
    '/repo/sub/CLAUDE.md': 'excluded on Read',
    '/repo/sub/x.ts': 'x',
  };

  it('adds up the lists of every settings file and drops User, Project and Local files, never Managed', () => {
    const report = run(tree, { target: 'sub/x.ts' });
    expect(startPaths(report)).toEqual([
      `${MANAGED}/CLAUDE.md`,
      '/repo/CLAUDE.md',
      '/repo/kept.md',
      '/repo/CLAUDE.local.md',
    ]);
    expect(statusOf(report, '/repo/inc.md')).toBe('excluded-by-pattern');
    expect(report.files.find((f) => f.path === '/repo/inc.md')?.detail).toContain('**/inc.md');
    expect(attachedPaths(report)).toEqual(['/repo/.claude/rules/d.md']);
    expect(report.settings.excludes.map((e) => e.source)).toEqual([
      'user',
      'user',
      'project',
      'local',
      'local',
      'managed',
    ]);
  });

  it('reads a settings file only when its source is on', () => {
    const report = run(tree, { settingSources: { local: false } });
    expect(startPaths(report)).not.toContain('/repo/inc.md');
    expect(report.settings.excludes.some((e) => e.source === 'local')).toBe(false);
  });
});

describe('the settings env', () => {
  const tree: MemoryTree = {
    '/repo/CLAUDE.md': 'project',
    '/repo/sub/CLAUDE.md': 'sub',
    '/repo/sub/x.ts': 'x',
  };

  it('CLAUDE_CODE_DISABLE_CLAUDE_MDS sends no memory at all; later sources override earlier ones', () => {
    const off = run(
      {
        ...tree,
        '/repo/.claude/settings.local.json': JSON.stringify({
          env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: 'yes' },
        }),
      },
      { target: 'sub/x.ts' },
    );
    expect(off.context).toBe('');
    expect(off.attachedOnRead).toEqual([]);
    expect(off.settings.disableClaudeMds).toMatchObject({ value: true, source: 'local' });
    const back = run({
      ...tree,
      [`${HOME}/.claude/settings.json`]: JSON.stringify({ env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1' } }),
      '/repo/.claude/settings.json': JSON.stringify({ env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: '0' } }),
    });
    expect(startPaths(back)).toEqual(['/repo/CLAUDE.md']);
    expect(run(tree, { env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: 'on' } }).context).toBe('');
  });

  it('CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD from the settings env loads the --add-dir folders', () => {
    const extra = { ...tree, '/extra/CLAUDE.md': 'extra' };
    expect(startPaths(run(extra, { additionalDirectories: ['/extra'] }))).not.toContain('/extra/CLAUDE.md');
    const on = run(
      {
        ...extra,
        '/repo/.claude/settings.json': JSON.stringify({
          env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: 'true' },
        }),
      },
      { additionalDirectories: ['/extra'] },
    );
    expect(startPaths(on)).toContain('/extra/CLAUDE.md');
    expect(on.input.additionalDirectoriesClaudeMd).toBe(true);
  });
});

describe('the external-include approval of ~/.claude.json', () => {
  const tree = (key: string, git: boolean): MemoryTree => ({
    ...(git ? { '/outer/.git/HEAD': 'ref: refs/heads/main' } : {}),
    [`${HOME}/.claude.json`]: JSON.stringify({
      projects: { [key]: { hasClaudeMdExternalIncludesApproved: true } },
    }),
    '/outer/repo/CLAUDE.md': 'project @../ext.md',
    '/outer/ext.md': 'external',
  });
  const loadsExternal = (t: MemoryTree) =>
    startPaths(
      assembleClaudeMd({ cwd: '/outer/repo', home: HOME, managedDir: MANAGED }, createMemoryFs(t)),
    ).includes('/outer/ext.md');

  it('is read for the git root of the working directory, else for the directory itself', () => {
    expect(loadsExternal(tree('/outer', true))).toBe(true);
    expect(loadsExternal(tree('/outer/repo', true))).toBe(false);
    expect(loadsExternal(tree('/outer/repo', false))).toBe(true);
    expect(loadsExternal(tree('/outer', false))).toBe(false);
  });
});

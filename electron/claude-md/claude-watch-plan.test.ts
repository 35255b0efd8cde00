import { describe, expect, it } from 'vitest';
import { assembleClaudeMd, createMemoryFs } from '../../shared/claude-md';
import { claudeWatchPlan, isRelevantChange, samePlanFolders } from './claude-watch-plan';

const tree = {
  '/home/u/.claude/CLAUDE.md': 'user',
  '/work/p/CLAUDE.md': 'project @docs/a.md',
  '/work/p/docs/a.md': 'a',
  '/work/p/.claude/rules/r.md': 'rule',
  '/etc/claude-code': null,
};
const fs = createMemoryFs(tree);
const isDir = (d: string): boolean => {
  const st = fs.stat(d);
  return !('error' in st) && st.kind === 'directory';
};
const report = assembleClaudeMd({ cwd: '/work/p', home: '/home/u', managedDir: '/etc/claude-code' }, fs);
const plan = claudeWatchPlan(report, isDir);

describe('claudeWatchPlan', () => {
  it('watches the folders holding files and candidates, and existing rules folders deeply', () => {
    expect(plan.deepDirs).toEqual(['/work/p/.claude/rules']);
    // Missing candidates' folders are replaced by their nearest existing ancestor.
    expect(plan.shallowDirs).toEqual([
      '/etc/claude-code',
      // ~/.claude.json: the external-include approval.
      '/home/u',
      '/home/u/.claude',
      '/work',
      '/work/p',
      '/work/p/.claude',
      '/work/p/docs',
    ]);
    expect(plan.rulesDirs).toContain('/home/u/.claude/rules');
  });

  it('counts planned files, anything in a rules folder, and folders on the way; nothing else', () => {
    expect(isRelevantChange(plan, '/work/p/docs/a.md')).toBe(true);
    expect(isRelevantChange(plan, '/work/p/CLAUDE.local.md')).toBe(true);
    expect(isRelevantChange(plan, '/work/p/.claude/rules/deep/new.md')).toBe(true);
    expect(isRelevantChange(plan, '/home/u/.claude/rules')).toBe(true);
    // Settings that change memory (claudeMdExcludes, env, the approval).
    expect(isRelevantChange(plan, '/work/p/.claude/settings.local.json')).toBe(true);
    expect(isRelevantChange(plan, '/home/u/.claude.json')).toBe(true);
    expect(isRelevantChange(plan, '/work/p/docs/b.md')).toBe(false);
    expect(isRelevantChange(plan, '/work/other.txt')).toBe(false);
  });

  it('a plan over the same folders keeps the watcher', () => {
    const again = claudeWatchPlan(assembleClaudeMd(report.input, fs), isDir);
    expect(samePlanFolders(plan, again)).toBe(true);
    const other = claudeWatchPlan(assembleClaudeMd({ ...report.input, cwd: '/work' }, fs), isDir);
    expect(samePlanFolders(plan, other)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { assembleClaudeMd, createMemoryFs } from '../../../../shared/claude-md';
import { claudeSettingsEffects, displaySettingsPath } from './claude-settings-effects';

const HOME = '/home/u';

describe('claudeSettingsEffects: which settings file changed what', () => {
  it('names each exclude pattern with its file and the files it dropped, the env switches and the approval', () => {
    const report = assembleClaudeMd(
      { cwd: '/repo', home: HOME, managedDir: '/etc/claude-code', additionalDirectories: ['/extra'] },
      createMemoryFs({
        [`${HOME}/.claude/settings.json`]: JSON.stringify({ claudeMdExcludes: ['**/a.md', '**/none.md'] }),
        [`${HOME}/.claude.json`]: JSON.stringify({
          projects: { '/repo': { hasClaudeMdExternalIncludesApproved: true } },
        }),
        '/repo/.claude/settings.local.json': JSON.stringify({
          env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: '1' },
        }),
        '/repo/CLAUDE.md': 'top @./a.md',
        '/repo/a.md': 'dropped',
        '/extra/CLAUDE.md': 'extra',
      }),
    );
    const lines = claudeSettingsEffects(report).map((e) => [
      e.key,
      e.file === null ? null : displaySettingsPath(report, e.file),
      e.params,
    ]);
    expect(lines).toEqual([
      ['settings.exclude', '~/.claude/settings.json', { pattern: '**/a.md', n: 1 }],
      ['settings.exclude', '~/.claude/settings.json', { pattern: '**/none.md', n: 0 }],
      ['settings.addDir.on', '.claude/settings.local.json', { n: 1 }],
      ['settings.approved', '~/.claude.json', { key: '/repo' }],
    ]);
  });

  it('lists nothing when no setting changes memory', () => {
    const report = assembleClaudeMd({ cwd: '/repo', home: HOME }, createMemoryFs({ '/repo/CLAUDE.md': 'x' }));
    expect(claudeSettingsEffects(report)).toEqual([]);
  });
});

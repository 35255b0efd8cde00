import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../shared/api';
import { assembleClaudeMd, createMemoryFs } from '../../../../shared/claude-md';
import { translatePanel } from '../../i18n/panel-messages';
import { claudeFileRows } from './claude-rows';
import type { ClaudeMdKey } from './messages';
import { claudeMdMessages } from './messages';
import { reasonWords, statusWords } from './status-words';

const fs = createMemoryFs({
  '/home/u/.claude/CLAUDE.md': 'user',
  '/p/CLAUDE.md': '@docs/a.md\n\n@pic.png\n\n@../out.md',
  '/p/docs/a.md': 'a',
  '/p/pic.png': 'png',
  '/out.md': 'out',
  '/p/.claude/rules/t.md': '---\npaths: "**/*.test.ts"\n---\nTests.',
});
const report = assembleClaudeMd(
  { cwd: '/p', home: '/home/u', managedDir: '/etc/none', settingSources: { user: false } },
  fs,
);

function words(language: Language): string[] {
  const t = (key: ClaudeMdKey, params?: Readonly<Record<string, string | number>>) =>
    translatePanel(claudeMdMessages, language, key, params);
  return claudeFileRows(report).map(
    (r) => `${r.file.display}: ${statusWords(t, r.file, false)} / ${reasonWords(t, r.file, r.parentDisplay)}`,
  );
}

describe('status and reason words', () => {
  it('say in plain English what became of each file and why it was reached', () => {
    expect(words('en')).toEqual([
      '~/.claude/CLAUDE.md: Not loaded: userSettings is off / At session start',
      'CLAUDE.md: Loaded / At session start',
      'docs/a.md: Loaded / Included by CLAUDE.md',
      'pic.png: Skipped: not a text file / Included by CLAUDE.md',
      '/out.md: Skipped: outside the project, and external includes are not approved / Included by CLAUDE.md',
      '.claude/rules/t.md: Not loaded: a conditional rule, and no target file is set / When a file matches its paths',
    ]);
  });

  it('and in Simplified Chinese', () => {
    expect(words('zh-CN')).toEqual([
      '~/.claude/CLAUDE.md: 未加载：userSettings 已关闭 / 会话开始时',
      'CLAUDE.md: 已加载 / 会话开始时',
      'docs/a.md: 已加载 / 由 CLAUDE.md 引入',
      'pic.png: 跳过：不是文本文件 / 由 CLAUDE.md 引入',
      '/out.md: 跳过：在项目之外，且未批准外部引入 / 由 CLAUDE.md 引入',
      '.claude/rules/t.md: 未加载：这是条件规则，且未设置目标文件 / 有文件匹配其 paths 时',
    ]);
  });
});

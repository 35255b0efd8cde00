import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../shared/api';
import { assembleClaudeMd, createMemoryFs } from '../../../../shared/claude-md';
import { translatePanel } from '../../i18n/panel-messages';
import { claudeFileRows } from './claude-rows';
import type { ClaudeMdKey } from './messages';
import { claudeMdMessages } from './messages';
import { isLoadedStatus, reasonWords, statusWords, whenBadge } from './status-words';
import { CLAUDE_MD_STATUSES } from '../../../../shared/claude-md/types';
import type { ClaudeMdFile } from '../../../../shared/claude-md/types';

const fs = createMemoryFs({
  '/home/u/.claude/CLAUDE.md': 'user',
  '/p/CLAUDE.md': '@docs/a.md\n\n@pic.png\n\n@../out.md',
  '/p/docs/a.md': 'a',
  '/p/pic.png': 'png',
  '/out.md': 'out',
  '/p/.claude/rules/t.md': '---\npaths: "**/*.test.ts"\n---\nTests.',
  '/p/.claude/rules/css.md': '---\npaths: "*.css"\n---\nStyles.',
  '/p/.claude/rules/empty.md': '<!-- nothing -->',
  '/p/src/CLAUDE.md': 'src',
  '/p/src/a.test.ts': '',
});
const report = assembleClaudeMd(
  {
    cwd: '/p',
    home: '/home/u',
    managedDir: '/etc/none',
    settingSources: { user: false },
    target: 'src/a.test.ts',
  },
  fs,
);

function words(language: Language): string[] {
  const t = (key: ClaudeMdKey, params?: Readonly<Record<string, string | number>>) =>
    translatePanel(claudeMdMessages, language, key, params);
  return claudeFileRows(report).map(
    (r) =>
      `${t(`phase.short.${whenBadge(r.file)}`)} ${r.file.display}: ${statusWords(t, r.file, true)} / ${reasonWords(t, r.file, r.parentDisplay)}`,
  );
}

describe('status and reason words', () => {
  it('say in plain English what became of each file, when it is sent and why', () => {
    expect(words('en')).toEqual([
      'Not sent ~/.claude/CLAUDE.md: Not loaded: userSettings is off / At session start',
      'At start CLAUDE.md: Loaded / At session start',
      'At start docs/a.md: Loaded / Included by CLAUDE.md',
      'Not sent pic.png: Skipped: not a text file / Included by CLAUDE.md',
      'Not sent /out.md: Skipped: outside the project folder, and external includes are not approved here / Included by CLAUDE.md',
      'On a matching Read .claude/rules/t.md: Not sent at start: it has paths, so it waits for Claude to read a matching file / Its paths decide: sent when Claude reads a matching file',
      'On a matching Read .claude/rules/css.md: Not sent at start: it has paths, so it waits for Claude to read a matching file / Its paths decide: sent when Claude reads a matching file',
      'Not sent .claude/rules/empty.md: Not sent: empty once frontmatter and comments are removed (its includes are not followed) / At session start',
      'On Read src/CLAUDE.md: Attached after the Read / Its folder lies between the project folder and the file read',
      'On Read .claude/rules/t.md: Attached: its paths match the file read / Its paths decide: sent when Claude reads a matching file',
      'Not sent .claude/rules/css.md: Not attached: its paths do not match the file read / Its paths decide: sent when Claude reads a matching file',
    ]);
  });

  it('and in Simplified Chinese', () => {
    expect(words('zh-CN')).toEqual([
      '不发送 ~/.claude/CLAUDE.md: 未加载：userSettings 已关闭 / 会话开始时',
      '开始时 CLAUDE.md: 已加载 / 会话开始时',
      '开始时 docs/a.md: 已加载 / 由 CLAUDE.md 引入',
      '不发送 pic.png: 跳过：不是文本文件 / 由 CLAUDE.md 引入',
      '不发送 /out.md: 跳过：在项目文件夹之外，且此处未批准外部引入 / 由 CLAUDE.md 引入',
      '读取匹配文件时 .claude/rules/t.md: 开始时不发送：它带有 `paths`，要等 Claude 读取匹配的文件 / 由其 `paths` 决定：Claude 读取匹配的文件时发送',
      '读取匹配文件时 .claude/rules/css.md: 开始时不发送：它带有 `paths`，要等 Claude 读取匹配的文件 / 由其 `paths` 决定：Claude 读取匹配的文件时发送',
      '不发送 .claude/rules/empty.md: 不发送：去掉前置元数据和注释后为空（其引入不会被跟随） / 会话开始时',
      '读取时 src/CLAUDE.md: 读取后附加 / 它所在的文件夹位于项目文件夹与所读取文件之间',
      '读取时 .claude/rules/t.md: 已附加：`paths` 匹配所读取的文件 / 由其 `paths` 决定：Claude 读取匹配的文件时发送',
      '不发送 .claude/rules/css.md: 未附加：`paths` 不匹配所读取的文件 / 由其 `paths` 决定：Claude 读取匹配的文件时发送',
    ]);
  });

  it('give every file one "When" badge that agrees with its status: sent badges only for sent files', () => {
    for (const status of CLAUDE_MD_STATUSES)
      for (const phase of ['start', 'read'] as const) {
        const badge = whenBadge({ status, phase } as ClaudeMdFile);
        expect(badge === 'start' || badge === 'read', `${status} in ${phase}`).toBe(isLoadedStatus(status));
      }
  });
});

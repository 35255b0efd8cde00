import { describe, expect, it } from 'vitest';
import { codeFreeText, strayLatinWords } from './zh-glossary';
import { zhCN } from './zh-cn';

/** Every Chinese table of the renderer: the shell's, and each `*messages.ts` table's zh side. */
function zhTables(): [string, Readonly<Record<string, string>>][] {
  // Tables spread into a panel's (VERSIONS_ZH, SECTION_STATUS_ZH) are walked in their host.
  const modules = import.meta.glob<Record<string, unknown>>('../**/*messages.ts', { eager: true });
  const tables: [string, Readonly<Record<string, string>>][] = [['i18n/zh-cn.ts', zhCN]];
  for (const [path, mod] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null || !('zh-CN' in value)) continue;
      tables.push([`${path}#${name}`, (value as { 'zh-CN': Record<string, string> })['zh-CN']]);
    }
  }
  return tables;
}

describe('the Chinese UI in evolcore’s words', () => {
  it('finds every message table', () => {
    const names = zhTables().map(([n]) => n);
    // The shell, every panel, and the shared tables beside them.
    for (const part of [
      'zh-cn.ts',
      'timeline/messages',
      'history/messages',
      'claude-md/messages',
      'verify-messages',
    ])
      expect(
        names.some((n) => n.includes(part)),
        part,
      ).toBe(true);
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it('keeps no Latin word outside the glossary, code, paths and names', () => {
    const stray: string[] = [];
    for (const [table, zh] of zhTables())
      for (const [key, message] of Object.entries(zh)) {
        const words = strayLatinWords(message);
        if (words.length > 0) stray.push(`${table} ${key}: ${words.join(', ')} — ${message}`);
      }
    expect(stray).toEqual([]);
  });

  it('refuses the words that slipped in, and lets code, paths and the glossary through', () => {
    expect(strayLatinWords('回到 home 的历史')).toEqual(['home']);
    expect(strayLatinWords('已加载 Section 3/16')).toEqual(['Section']);
    expect(strayLatinWords('≈ 12 TOKEN')).toEqual(['TOKEN']);
    expect(strayLatinWords('已加载 section 3/16 · ≈ 12 token · manifest 的 when')).toEqual([]);
    expect(
      strayLatinWords(
        '写入 ~/.claude.json 与 $EVOLCORE_HOME/eck 的 `renderMode` 和 {count} 个 "enabled": false',
      ),
    ).toEqual([]);
    expect(strayLatinWords('给 base agent 的 claudeMdExcludes，在 Claude Code 中 25 KB')).toEqual([]);
    expect(codeFreeText('{{#each {each}}} 的主体')).not.toMatch(/each/);
    // A word before a full stop is still a word, not a file name.
    expect(strayLatinWords('打开你的 home. 或 override.')).toEqual(['home', 'override']);
  });
});

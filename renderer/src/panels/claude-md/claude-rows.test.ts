import { describe, expect, it } from 'vitest';
import { assembleClaudeMd, createMemoryFs } from '../../../../shared/claude-md';
import { claudeFileRows, settingSourceOf } from './claude-rows';
import { claudeTextSegments } from './claude-text-segments';

const fs = createMemoryFs({
  '/home/u/.claude/CLAUDE.md': 'user rules',
  '/p/CLAUDE.md': 'top\n\n@a.md\n\n@b.md\n\n@missing.md',
  '/p/a.md': 'a\n\n@c.md',
  '/p/c.md': 'c',
  '/p/b.md': 'x'.repeat(40_001),
  '/p/CLAUDE.local.md': '',
});
const report = assembleClaudeMd({ cwd: '/p', home: '/home/u', managedDir: '/etc/none' }, fs);
const rows = claudeFileRows(report);

describe('claudeFileRows', () => {
  it('lays out the include tree: indent by depth, the last include of a parent ends its branch', () => {
    expect(rows.map((r) => `${'  '.repeat(r.indent)}${r.branch}${r.file.display}`)).toEqual([
      '~/.claude/CLAUDE.md',
      'CLAUDE.md',
      '  ├─ a.md',
      '    └─ c.md',
      '  ├─ b.md',
      '  └─ missing.md',
      'CLAUDE.local.md',
    ]);
    expect(rows.find((r) => r.file.display === 'CLAUDE.md')?.children).toBe(3);
    expect(rows.find((r) => r.file.display === 'c.md')?.parentDisplay).toBe('a.md');
  });

  it('sizes against the 40,000-character warning and tints contributing files in order', () => {
    const b = rows.find((r) => r.file.display === 'b.md');
    expect(b?.over).toBe(true);
    expect(b?.share).toBe(1);
    expect(rows.find((r) => r.file.display === 'c.md')?.share).toBeCloseTo(1 / 40_000);
    expect(rows.map((r) => r.tint)).toEqual([0, 1, 2, 3, 4, -1, -1]);
  });

  it('names the setting source of each level', () => {
    expect(['user', 'project', 'local', 'managed'].map((l) => settingSourceOf(l as 'user'))).toEqual([
      'userSettings',
      'projectSettings',
      'localSettings',
      'managed',
    ]);
  });
});

describe('claudeTextSegments', () => {
  it('cuts the assembled text into the prompt, gaps and one block per contributing file', () => {
    const segments = claudeTextSegments(report);
    expect(segments.map((s) => s.text).join('')).toBe(report.context);
    const blocks = segments.filter((s) => s.file !== null);
    expect(blocks.map((s) => report.files[s.file ?? -1]?.display)).toEqual([
      '~/.claude/CLAUDE.md',
      'CLAUDE.md',
      'a.md',
      'c.md',
      'b.md',
    ]);
    expect(blocks.map((s) => s.tint)).toEqual([0, 1, 2, 3, 4]);
    expect(segments[0]?.file).toBeNull();
    expect(blocks[1]?.text.startsWith('Contents of /p/CLAUDE.md (project instructions')).toBe(true);
  });

  it('is empty when nothing loaded', () => {
    const empty = assembleClaudeMd(
      { cwd: '/p', home: '/nobody', managedDir: '/etc/none', settingSources: { project: false } },
      createMemoryFs({ '/p/x.txt': 'x' }),
    );
    expect(claudeTextSegments(empty)).toEqual([]);
  });
});

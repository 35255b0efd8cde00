/**
 * Claude Code's CLAUDE.md assembly, reproduced for the inspector after the real CLI 2.1.197
 * (CLAUDE-CODE-2.1.197.md). Import from here: the entry point, its report
 * types, and the in-memory file system for tests.
 */

export { assembleClaudeMd } from './assemble';
export {
  resolveClaudeMdInput,
  DEFAULT_MANAGED_DIR,
  MAX_INCLUDE_DEPTH,
  MAX_MEMORY_CHARACTER_COUNT,
} from './claude-md-input';
export { MEMORY_INSTRUCTION_PROMPT, levelDescription } from './final-text';
export { MANAGED_SETTINGS_CLAUDEMD_PATH } from './managed-settings';
export { createMemoryFs } from '../base/memory-fs';
export { claudeMdWatchPaths } from './watch-paths';
export type { MemoryLink, MemoryTree } from '../base/memory-fs';
export { CLAUDE_CODE_VERSION, CLAUDE_MD_STATUSES } from './types';
export type {
  ClaudeFs,
  ClaudeMdAttachment,
  ClaudeMdPhase,
  ClaudeMdDiagnostic,
  ClaudeMdDiagnosticCode,
  ClaudeMdFile,
  ClaudeMdFileKind,
  ClaudeMdInput,
  ClaudeMdLevel,
  ClaudeMdLoadReason,
  ClaudeMdReport,
  ClaudeMdStatus,
  ClaudeMdTotals,
  ResolvedClaudeMdInput,
  SettingSources,
} from './types';

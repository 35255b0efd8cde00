/**
 * The words for a section's status, in both languages, spread into each panel's table that
 * shows one (Timeline, Manifest): one wording app-wide, and a status the engine adds without
 * words here is a compile error.
 */
import type { SectionStatus } from '../../../shared/engine';

type StatusKey = `status.${SectionStatus}`;

export const SECTION_STATUS_EN: Readonly<Record<StatusKey, string>> = {
  'status.ok': 'loaded',
  'status.disabled': 'disabled',
  'status.when-false': 'when false',
  'status.unresolved-vars': 'unresolved vars',
  'status.not-exist': 'not found',
  'status.over-total': 'over total',
  'status.invalid': 'invalid',
};

export const SECTION_STATUS_ZH: Readonly<Record<StatusKey, string>> = {
  'status.ok': '已加载',
  'status.disabled': '已禁用',
  'status.when-false': '条件不满足',
  'status.unresolved-vars': '变量未解析',
  'status.not-exist': '文件不存在',
  'status.over-total': '超出总量',
  'status.invalid': '无效',
};

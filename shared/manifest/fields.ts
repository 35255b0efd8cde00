/**
 * The fields of an `eck_manifest*.json`, their defaults and their bilingual descriptions:
 * shared by the manifest JSON Schema, the validator and the manifest form.
 *
 * Spec: context-assembly.md "section 字段", "清单顶层字段", "when 条件求值".
 */

import type { Bilingual } from '../vars/catalog';

/** Defaults the reference states for omitted fields. */
export const MANIFEST_DEFAULTS = {
  pattern: '*.md',
  maxFiles: 20,
  maxBytes: 40960,
  totalMaxFiles: 50,
  totalMaxBytes: 102400,
  separator: '\n',
  mode: 'patch',
} as const;

/** Section types (`type`). */
export const SECTION_TYPES = ['file', 'directory'] as const;

/** A section type. */
export type SectionType = (typeof SECTION_TYPES)[number];

/** Merge modes of an override (`mode`). */
export const MANIFEST_MODES = ['patch', 'replace'] as const;

/** The one string `when` may be. */
export const WHEN_ALWAYS = 'always';

/** Operators of a `{var, <op>}` condition. */
export const VAR_OPERATORS = ['eq', 'neq', 'in', 'nin'] as const;

/** Operators that take a list of var names. */
export const LIST_OPERATORS = ['any', 'all'] as const;

/** Every condition operator: a condition object carries exactly one (clarifications §3). */
export const WHEN_OPERATORS = [...VAR_OPERATORS, ...LIST_OPERATORS] as const;

/** A condition operator. */
export type WhenOperator = (typeof WHEN_OPERATORS)[number];

/** A section id the merge drops from a patch (context-assembly.md "合并与覆盖"). */
export const DEPRECATED_SECTION_IDS: readonly string[] = ['relation-group-profile'];

/** Descriptions of the top-level fields. */
export const MANIFEST_FIELD_DOCS: Readonly<Record<string, Bilingual>> = {
  $schema_version: { en: 'Manifest format version.', zh: '版本号' },
  mode: {
    en: 'Override only: "patch" merges by section id (default); "replace" uses the override\'s sections alone.',
    zh: '`patch`（合并）/ `replace`（完全替换）',
  },
  totalMaxFiles: {
    en: 'Most files the whole manifest may load (default 50); later sections stop loading.',
    zh: '整个清单渲染最多文件数（默认 50）。达到后停止加载后续所有段',
  },
  totalMaxBytes: {
    en: 'Most raw bytes the whole manifest may load (default 102400 = 100KB); later sections stop loading.',
    zh: '整个清单渲染最多总字节（默认 102400，即 100KB）。达到后停止加载后续所有段',
  },
  sections: { en: 'The sections, in any order (sorted by `order`).', zh: '各段（按 order 升序排序）' },
};

/** Descriptions of the section fields, in the reference's table order. */
export const SECTION_FIELD_DOCS: Readonly<Record<string, Bilingual>> = {
  id: { en: 'Unique id; the key an override merges on.', zh: '唯一标识，覆盖合并的键' },
  type: {
    en: '"file" (one file) or "directory" (a whole folder).',
    zh: '`file`（单文件）或 `directory`（整目录）',
  },
  file: {
    en: 'type=file: the file path; may hold $NAME / {{key}} placeholders. With loop: the wrapper template.',
    zh: '文件路径，可含 `$NAME` / `{{key}}`（type=file）；有 loop 时作 wrapper',
  },
  path: { en: 'type=directory: the folder path.', zh: '目录路径（type=directory）' },
  pattern: {
    en: 'type=directory: glob of file names (default "*.md"; knows * and {a,b}).',
    zh: '目录匹配 glob，默认 `*.md`（支持 `*` 和 `{a,b}`）',
  },
  maxFiles: {
    en: 'type=directory: most files loaded (default 20); beyond it a truncation note is injected.',
    zh: 'type=directory：最多加载文件数，默认 20。超出停止加载并注入截断说明',
  },
  maxBytes: {
    en: 'type=directory: most raw bytes loaded (default 40960 = 40KB; at least one file is kept).',
    zh: 'type=directory：最多加载总字节，默认 40960（40KB）。超出停止加载并注入截断说明（至少保留 1 个文件）',
  },
  order: {
    en: 'Sort key: ascending order decides the position in the context.',
    zh: '排序，升序决定上下文中出现的先后',
  },
  needsInjection: {
    en: 'true = render as a template ({{}} conditions and vars); false = read verbatim.',
    zh: '`true`=按模板渲染（解析 `{{}}` 条件与变量）；`false`=原样读入',
  },
  when: { en: 'Load condition: "always" or a condition object.', zh: '加载条件，`"always"` 或条件对象' },
  enabled: { en: 'false skips the whole section.', zh: '`false` 时整段跳过' },
  loop: {
    en: 'Three-part loop { forEach, childFile, separator? }; `file` becomes the wrapper.',
    zh: '三段式循环：`{ forEach, childFile, separator? }`。有 loop 时 file 作 wrapper',
  },
  description: { en: 'Human-readable label in the debug output.', zh: '调试输出里的人类可读标签' },
};

/** Every section field name the reference defines. */
export const SECTION_FIELDS: readonly string[] = Object.keys(SECTION_FIELD_DOCS);

/** Descriptions of the loop fields. */
export const LOOP_FIELD_DOCS: Readonly<Record<string, Bilingual>> = {
  forEach: { en: 'Name of the array var to loop over.', zh: '循环 vars 里的数组变量' },
  childFile: {
    en: 'Template rendered once per element (element fields, outer vars and {{@index}}).',
    zh: '每元素渲染的子模板（可访问元素字段 + 外层 vars + `{{@index}}`）',
  },
  separator: { en: 'Joins the rendered elements (default "\\n").', zh: '元素间分隔符，默认 "\\n"' },
};

/** Descriptions of the condition operators. */
export const WHEN_OPERATOR_DOCS: Readonly<Record<WhenOperator | 'var', Bilingual>> = {
  var: { en: 'Name of the var the condition tests.', zh: '条件判断的变量名' },
  eq: {
    en: 'vars.X === V; eq: null matches "not injected" (null/undefined).',
    zh: '`vars.X === V`；`eq:null` 匹配"未注入"（null/undefined）',
  },
  neq: { en: 'vars.X !== V; neq: null matches "injected".', zh: '`vars.X !== V`；`neq:null` 匹配"已注入"' },
  in: { en: 'vars.X is in the list.', zh: '`vars.X` 在数组内' },
  nin: { en: 'vars.X is not in the list.', zh: '`vars.X` 不在数组内' },
  any: {
    en: 'Any of the named vars is truthy (an empty list is false).',
    zh: '任一为真值（真值：非 undefined/null/false/""/0）',
  },
  all: {
    en: 'All the named vars are truthy (an empty list is true).',
    zh: '全为真值（真值：非 undefined/null/false/""/0）',
  },
};

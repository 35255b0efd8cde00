/**
 * The fields of a section object, the ones every section must carry, the defaults evolcore
 * applies when they are absent, and their descriptions in both UI languages (the JSON Schema's
 * hover texts and the manifest form's hints).
 *
 * Spec: docs/engine.md §16, §9.
 */
import type { Bilingual } from './bilingual';

/** Defaults of omitted section fields (`DIR_MAX_FILES`, `DIR_MAX_BYTES`, the default pattern, …). */
export const SECTION_DEFAULTS = {
  pattern: '*.md',
  maxFiles: 20,
  maxBytes: 40960,
  /** A loop's `separator`. */
  separator: '\n',
  enabled: true,
} as const;

/** Fields every section must carry, whatever its type (each type adds its own path field). */
export const COMMON_REQUIRED_FIELDS: readonly string[] = ['id', 'type', 'order', 'needsInjection', 'when'];

/** Every section field the reference defines, in its table order. */
export const SECTION_FIELDS = [
  'id',
  'type',
  'file',
  'path',
  'pattern',
  'maxFiles',
  'maxBytes',
  'order',
  'needsInjection',
  'when',
  'enabled',
  'loop',
  'description',
] as const;

/** A section field the reference defines. */
export type SectionField = (typeof SECTION_FIELDS)[number];

/**
 * Descriptions of the section fields. `type` is described from the type descriptors (see
 * `ManifestFormat.typeDoc`), so that a new type is named there too.
 */
export const SECTION_FIELD_DOCS: { readonly [F in Exclude<SectionField, 'type'>]: Bilingual } = {
  id: { en: 'Unique id; the key an override merges on.', zh: '唯一标识，覆盖合并的键' },
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

/** Fields of a message manifest's sections that pick a render mode (evolclaw's message-renderer.ts). */
export const RENDER_MODE_FIELD_DOCS: Readonly<Record<'modeType' | 'modeName' | 'isDefault', Bilingual>> = {
  modeType: {
    en: 'Message item type this section renders (private, group, inject, handoff, …).',
    zh: '该 section 渲染的消息类型',
  },
  modeName: {
    en: 'Name of the render mode (renderMode_<modeType> selects it).',
    zh: '渲染模式名（由 renderMode_<modeType> 选中）',
  },
  isDefault: {
    en: "The mode used when the agent config's render does not name one for this type.",
    zh: '当 agent 配置 render 未指定该类型时使用的缺省模式',
  },
};

/** Descriptions of the loop fields. */
export const LOOP_FIELD_DOCS: Readonly<Record<'forEach' | 'childFile' | 'separator', Bilingual>> = {
  forEach: { en: 'Name of the array var to loop over.', zh: '循环 vars 里的数组变量' },
  childFile: {
    en: 'Template rendered once per element (element fields, outer vars and {{@index}}).',
    zh: '每元素渲染的子模板（可访问元素字段 + 外层 vars + `{{@index}}`）',
  },
  separator: { en: 'Joins the rendered elements (default "\\n").', zh: '元素间分隔符，默认 "\\n"' },
};

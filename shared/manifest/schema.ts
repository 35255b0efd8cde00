/**
 * JSON Schema (draft-07) of `eck_manifest*.json`, in two variants: a base manifest (every
 * required field of the reference's table enforced) and an override (a patch entry needs only
 * its `id`, since it may change one field; `mode: "replace"` sections are full sections again).
 * Used by Monaco in the manifest tab and shipped as `schemas/*.schema.json` for users' editors.
 */

import type { Json } from '../engine';
import { VAR_NAMES } from '../vars/catalog';
import { DRAFT_07 } from '../vars/json-schema';
import type { JsonSchema } from '../vars/json-schema';
import {
  COMMON_REQUIRED_FIELDS,
  DEFAULT_MANIFEST_MODE,
  LOOP_FIELD_DOCS,
  MANIFEST_FIELD_DOCS,
  MANIFEST_FORMAT,
  MANIFEST_MODES,
  RENDER_MODE_FIELD_DOCS,
  SECTION_DEFAULTS,
  SECTION_FIELD_DOCS,
  TOTAL_LIMIT_DEFAULTS,
  VAR_OPERATORS,
  WHEN_ALWAYS,
  WHEN_OPERATORS,
  WHEN_OPERATOR_DOCS,
} from '../format';
import type { Bilingual, ManifestFormat, WhenOperator } from '../format';

/** Which manifest file a schema describes. */
export type ManifestKind = 'base' | 'override';

/** `description` (English, then Chinese) and `markdownDescription` of a documented field. */
function docs(doc: Bilingual | undefined): Pick<JsonSchema, 'description' | 'markdownDescription'> {
  if (doc === undefined) return {};
  return { description: `${doc.en}\n${doc.zh}`, markdownDescription: `${doc.en}\n\n${doc.zh}` };
}

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });

const count = (doc: Bilingual | undefined, byDefault: number): JsonSchema => ({
  type: 'integer',
  minimum: 0,
  default: byDefault,
  ...docs(doc),
});

/** A `{var, <op>}` or `{<any|all>: [...]}` branch: its operator present, every other one absent. */
function conditionBranch(op: WhenOperator): JsonSchema {
  const others = WHEN_OPERATORS.filter((o) => o !== op).map((o) => ({ required: [o] }));
  const isVarOp = (VAR_OPERATORS as readonly string[]).includes(op);
  const operand: JsonSchema =
    op === 'eq' || op === 'neq'
      ? { examples: [null], ...docs(WHEN_OPERATOR_DOCS[op]) }
      : isVarOp
        ? { type: 'array', ...docs(WHEN_OPERATOR_DOCS[op]) }
        : { type: 'array', items: ref('varName'), ...docs(WHEN_OPERATOR_DOCS[op]) };
  return {
    type: 'object',
    required: isVarOp ? ['var', op] : [op],
    properties: isVarOp ? { var: ref('varName'), [op]: operand } : { [op]: operand },
    not: { anyOf: others },
  };
}

function definitions(format: ManifestFormat<string>): Readonly<Record<string, JsonSchema>> {
  const types = format.sectionTypes;
  const typeDoc = (t: string): string => {
    const doc = format.descriptorOf(t)?.doc;
    return doc === undefined ? '' : `${doc.en} — ${doc.zh}`;
  };
  const sectionProperties: Record<string, JsonSchema> = {
    id: { type: 'string', minLength: 1, ...docs(SECTION_FIELD_DOCS.id) },
    type: { enum: types, enumDescriptions: types.map(typeDoc), ...docs(format.typeDoc) },
    file: { type: 'string', minLength: 1, ...docs(SECTION_FIELD_DOCS.file) },
    path: { type: 'string', minLength: 1, ...docs(SECTION_FIELD_DOCS.path) },
    pattern: { type: 'string', default: SECTION_DEFAULTS.pattern, ...docs(SECTION_FIELD_DOCS.pattern) },
    maxFiles: count(SECTION_FIELD_DOCS.maxFiles, SECTION_DEFAULTS.maxFiles),
    maxBytes: count(SECTION_FIELD_DOCS.maxBytes, SECTION_DEFAULTS.maxBytes),
    order: { type: 'number', ...docs(SECTION_FIELD_DOCS.order) },
    needsInjection: { type: 'boolean', ...docs(SECTION_FIELD_DOCS.needsInjection) },
    when: { ...ref('when'), ...docs(SECTION_FIELD_DOCS.when) },
    enabled: { type: 'boolean', default: SECTION_DEFAULTS.enabled, ...docs(SECTION_FIELD_DOCS.enabled) },
    loop: { ...ref('loop'), ...docs(SECTION_FIELD_DOCS.loop) },
    description: { type: 'string', ...docs(SECTION_FIELD_DOCS.description) },
    // The message manifest's render modes (evolclaw's message-renderer.ts).
    modeType: { type: 'string', ...docs(RENDER_MODE_FIELD_DOCS.modeType) },
    modeName: { type: 'string', ...docs(RENDER_MODE_FIELD_DOCS.modeName) },
    isDefault: { type: 'boolean', ...docs(RENDER_MODE_FIELD_DOCS.isDefault) },
  };
  return {
    varName: { type: 'string', minLength: 1, examples: VAR_NAMES, ...docs(WHEN_OPERATOR_DOCS.var) },
    condition: {
      anyOf: [
        ...WHEN_OPERATORS.map(conditionBranch),
        ...(['and', 'or'] as const).map((op): JsonSchema => ({
          type: 'object',
          required: [op],
          properties: {
            [op]: {
              type: 'array',
              items: ref('when'),
              description:
                op === 'and'
                  ? 'Every clause must hold (evaluated in order; stops at the first false).\n全部子条件成立'
                  : 'One clause is enough (evaluated in order; stops at the first true).\n任一子条件成立',
            },
          },
        })),
      ],
      description:
        'A condition object with one operator, or and / or over a list of conditions.\n条件对象（一个运算符，或 and / or 组合）',
    },
    when: {
      anyOf: [{ const: WHEN_ALWAYS, description: 'Always load.\n恒为真' }, ref('condition')],
      default: WHEN_ALWAYS,
    },
    loop: {
      type: 'object',
      required: ['forEach', 'childFile'],
      properties: {
        forEach: { ...ref('varName'), ...docs(LOOP_FIELD_DOCS.forEach) },
        childFile: { type: 'string', minLength: 1, ...docs(LOOP_FIELD_DOCS.childFile) },
        separator: {
          type: 'string',
          default: SECTION_DEFAULTS.separator,
          ...docs(LOOP_FIELD_DOCS.separator),
        },
      },
      additionalProperties: true,
    },
    // Unknown fields are kept by the merge and ignored by the engine, so they stay legal.
    patchEntry: {
      type: 'object',
      required: ['id'],
      properties: sectionProperties,
      additionalProperties: true,
    },
    section: {
      type: 'object',
      required: COMMON_REQUIRED_FIELDS,
      properties: sectionProperties,
      additionalProperties: true,
      // Each type's own required fields (its path field).
      allOf: types.map((t): JsonSchema => ({
        if: { required: ['type'], properties: { type: { const: t } } },
        then: { required: format.descriptorOf(t)?.required ?? [] },
      })),
    },
  };
}

const TITLES: Readonly<Record<ManifestKind, Bilingual>> = {
  base: {
    en: 'ECK manifest (base, $KITS/eck_manifest*.json)',
    zh: '基础 manifest（$KITS/eck_manifest*.json）',
  },
  override: {
    en: 'ECK manifest override ($ECK/eck_manifest*.json)',
    zh: '用户覆盖 manifest（$ECK/eck_manifest*.json）',
  },
};

/** JSON Schema of a base manifest or of an override (of evolcore's format unless told). */
export function buildManifestJsonSchema(
  kind: ManifestKind,
  format: ManifestFormat<string> = MANIFEST_FORMAT,
): JsonSchema {
  const sectionRef = kind === 'base' ? 'section' : 'patchEntry';
  const sections: JsonSchema = {
    type: 'array',
    items: ref(sectionRef),
    ...docs(MANIFEST_FIELD_DOCS.sections),
  };
  const properties: Record<string, JsonSchema> = {
    $schema: {
      type: 'string',
      description: 'Schema this file follows (for editors).\n本文件遵循的 schema（供编辑器使用）',
    },
    $schema_version: { type: 'integer', examples: [1], ...docs(MANIFEST_FIELD_DOCS.$schema_version) },
    mode: { enum: MANIFEST_MODES, default: DEFAULT_MANIFEST_MODE, ...docs(MANIFEST_FIELD_DOCS.mode) },
    totalMaxFiles: count(MANIFEST_FIELD_DOCS.totalMaxFiles, TOTAL_LIMIT_DEFAULTS.totalMaxFiles),
    totalMaxBytes: count(MANIFEST_FIELD_DOCS.totalMaxBytes, TOTAL_LIMIT_DEFAULTS.totalMaxBytes),
    sections,
  };
  const example: Json =
    kind === 'base'
      ? { $schema_version: 1, sections: [] }
      : { sections: [{ id: 'venue-client', enabled: false }] };
  const schema: JsonSchema = {
    $schema: DRAFT_07,
    title: TITLES[kind].en,
    ...docs(TITLES[kind]),
    type: 'object',
    properties,
    additionalProperties: true,
    examples: [example],
    definitions: definitions(format),
  };
  if (kind === 'base') return { ...schema, required: ['sections'] };
  // `mode: "replace"` uses the override's sections alone, so each must be a full section.
  return {
    ...schema,
    if: { required: ['mode'], properties: { mode: { const: 'replace' } } },
    then: { properties: { sections: { type: 'array', items: ref('section') } } },
  };
}

/**
 * JSON Schema of a vars object, generated from the catalog so the Monaco editor's completion,
 * hover and type errors always agree with the form and the validator.
 */

import type { Json } from '../engine';
import { VAR_CATALOG } from './catalog';
import type { VarField, VarSpec, VarType } from './catalog';
import { DRAFT_07 } from './json-schema';
import type { JsonSchema, JsonSchemaTypeName } from './json-schema';

/** The JSON Schema type a catalog type maps to (`path` is a string). */
export function jsonTypeOf(type: VarType): Exclude<JsonSchemaTypeName, 'integer' | 'null'> {
  return type === 'path' ? 'string' : type;
}

/** The `type` keyword of a var: `["string", "null"]` when null is legal. */
function typeKeyword(v: VarSpec): JsonSchemaTypeName | readonly JsonSchemaTypeName[] {
  const base = jsonTypeOf(v.type);
  return v.nullable ? [base, 'null'] : base;
}

/** One-line description: English, then Chinese (plain `description` has no markup). */
function plainDescription(v: VarSpec): string {
  const derived = v.derivation === null ? '' : ` Derived: ${v.derivation}.`;
  return `${v.description.en}${derived}\n${v.description.zh}`;
}

/** Hover text: name and type, both languages, the known values and the derivation. */
function markdownDescription(v: VarSpec): string {
  const typeText = v.nullable ? `${v.type} | null` : v.type;
  const lines = [`**${v.name}** · \`${typeText}\``, '', v.description.en, '', v.description.zh];
  if (v.allowed !== null) {
    const values = v.allowed.values.map((x) => `\`${x}\``);
    if (v.nullable && !v.allowed.open) values.push('`null`');
    lines.push('', `${v.allowed.open ? 'Known values (others allowed)' : 'Allowed'}: ${values.join(', ')}`);
  }
  if (v.derivation !== null) lines.push('', `Derived: \`${v.derivation}\` (read-only unless set here)`);
  return lines.join('\n');
}

function fieldSchema(f: VarField): JsonSchema {
  return { type: f.type, description: `${f.description.en}\n${f.description.zh}` };
}

/** Object shape for a var's known fields; unknown fields stay allowed. */
function fieldsSchema(fields: readonly VarField[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    additionalProperties: true,
  };
}

/** Schema of one var. */
export function buildVarSchema(v: VarSpec): JsonSchema {
  const extra: { -readonly [K in keyof JsonSchema]?: JsonSchema[K] } = {};
  if (v.allowed !== null && !v.allowed.open) {
    extra.enum = v.nullable ? [...v.allowed.values, null] : v.allowed.values;
  } else if (v.allowed !== null) {
    // An open set: offer the known values for completion but accept any string.
    const branches: JsonSchema[] = [{ enum: v.allowed.values }, { type: 'string' }];
    if (v.nullable) branches.push({ type: 'null' });
    extra.examples = v.allowed.values;
    extra.anyOf = branches;
  } else if (v.example !== undefined) {
    extra.examples = [v.example];
  }
  if (v.fields !== null && v.type === 'object') {
    Object.assign(extra, { properties: fieldsSchema(v.fields).properties, additionalProperties: true });
  }
  if (v.fields !== null && v.type === 'array') extra.items = fieldsSchema(v.fields);
  return {
    type: typeKeyword(v),
    description: plainDescription(v),
    markdownDescription: markdownDescription(v),
    ...extra,
  };
}

/** Example a whole-object completion can start from. */
const EXAMPLE_VARS: Json = {
  chatType: 'private',
  channel: 'aun',
  selfAid: 'nova.aid.pub',
  peerRole: 'owner',
};

/**
 * JSON Schema (draft-07) of a vars object: one property per catalog var, any other property
 * allowed (evolcore may add vars the catalog does not know; the editor flags them separately).
 */
export function buildVarsJsonSchema(): JsonSchema {
  return {
    $schema: DRAFT_07,
    title: 'ECK runtime vars',
    description:
      'Runtime variables of one ECK render (context-assembly.md, vars catalog).\n一次 ECK 渲染的运行时变量（vars）。',
    type: 'object',
    properties: Object.fromEntries(VAR_CATALOG.map((v) => [v.name, buildVarSchema(v)])),
    additionalProperties: true,
    examples: [EXAMPLE_VARS],
  };
}

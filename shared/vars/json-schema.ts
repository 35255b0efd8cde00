/**
 * The subset of JSON Schema (draft-07) the inspector generates, plus the two keywords Monaco's
 * JSON language adds (`markdownDescription`, `enumDescriptions`). Plain data: no schema library.
 */

import type { Json } from '../engine';

/** Draft-07 meta-schema URI, put into `$schema` of every generated schema. */
export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A JSON Schema type name. */
export type JsonSchemaTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A JSON Schema node (draft-07 keywords the generators use). */
export interface JsonSchema {
  readonly $schema?: string;
  readonly $id?: string;
  readonly $ref?: string;
  readonly title?: string;
  readonly description?: string;
  /** Monaco / VS Code: shown on hover instead of `description`. */
  readonly markdownDescription?: string;
  readonly type?: JsonSchemaTypeName | readonly JsonSchemaTypeName[];
  readonly enum?: readonly Json[];
  /** Monaco / VS Code: one description per `enum` entry. */
  readonly enumDescriptions?: readonly string[];
  readonly const?: Json;
  readonly default?: Json;
  readonly examples?: readonly Json[];
  readonly minimum?: number;
  readonly minLength?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly not?: JsonSchema;
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
  readonly else?: JsonSchema;
  readonly definitions?: Readonly<Record<string, JsonSchema>>;
}

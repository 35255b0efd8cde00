/**
 * The manifest format as one value: the section types with their descriptors and what follows
 * from them (which field holds a section's path, which fields it must carry, how the types are
 * named in messages and docs). The validator, the JSON Schema builder, the lint and the engine
 * take a `ManifestFormat` (default: `MANIFEST_FORMAT`, evolcore's), so a test can build one
 * with a type more and watch it flow through all of them.
 */
import type { Bilingual } from './bilingual';
import { COMMON_REQUIRED_FIELDS, RENDER_MODE_FIELD_DOCS, SECTION_FIELDS } from './section-fields';
import { SECTION_TYPE_DESCRIPTORS, SECTION_TYPES } from './section-types';
import type {
  PathField,
  SectionType,
  SectionTypeDescriptor,
  SectionTypeTable,
  UnknownSectionType,
} from './section-types';

/**
 * The path field of a section whose type evolcore does not know: its loader reads
 * `s.type === 'file' ? s.file : s.path`, so anything but a file section reads `path`.
 */
export const UNKNOWN_TYPE_PATH_FIELD: PathField = 'path';

/** A set of section types and what the inspector knows about each. */
export interface ManifestFormat<T extends string = SectionType> {
  /** The types, in the order messages, docs and the form list them. */
  readonly sectionTypes: readonly T[];
  readonly descriptors: SectionTypeTable<T>;
  /** Every section field the format defines (the reference's, each type's own, the render-mode ones). */
  readonly sectionFields: readonly string[];
  /** The types as a message names them: `"file" or "directory"`. */
  readonly typeList: string;
  /** The description of the `type` field, naming every type and what it loads. */
  readonly typeDoc: Bilingual;
  isSectionType(value: unknown): value is T;
  /** The descriptor of a known type; null for anything else (a typo, a number, nothing). */
  descriptorOf(type: unknown): SectionTypeDescriptor | null;
  /** The field evolcore reads a section's path from (`path` for an unknown type). */
  pathFieldOf(type: unknown): PathField;
  /** Fields a complete section of this type must carry. */
  requiredFieldsOf(type: T): readonly string[];
  /** `type` as the report keeps it: a known type, an unknown string as written, or null. */
  sectionTypeOf(value: unknown): T | UnknownSectionType | null;
}

/** `a`, `a or b`, `a, b or c`. */
function listWith(items: readonly string[], comma: string, or: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(comma)}${or}${items[items.length - 1] ?? ''}`;
}

/** The format of the given types; `descriptors` must describe each one (checked by the compiler). */
export function createManifestFormat<T extends string>(
  sectionTypes: readonly T[],
  descriptors: SectionTypeTable<T>,
): ManifestFormat<T> {
  const isSectionType = (value: unknown): value is T =>
    typeof value === 'string' && (sectionTypes as readonly string[]).includes(value);
  const descriptorOf = (type: unknown): SectionTypeDescriptor | null =>
    isSectionType(type) ? descriptors[type] : null;
  const ownFields = sectionTypes.flatMap((t) => descriptors[t].ownFields);
  const modeFields = Object.keys(RENDER_MODE_FIELD_DOCS);
  const sectionFields = [...new Set<string>([...SECTION_FIELDS, ...ownFields, ...modeFields])];
  return {
    sectionTypes,
    descriptors,
    sectionFields,
    typeList: listWith(
      sectionTypes.map((t) => JSON.stringify(t)),
      ', ',
      ' or ',
    ),
    typeDoc: {
      en: `${listWith(
        sectionTypes.map((t) => `"${t}" (${descriptors[t].doc.en})`),
        ', ',
        ' or ',
      )}.`,
      zh: listWith(
        sectionTypes.map((t) => `\`${t}\`（${descriptors[t].doc.zh}）`),
        '、',
        '或 ',
      ),
    },
    isSectionType,
    descriptorOf,
    pathFieldOf: (type) => descriptorOf(type)?.pathField ?? UNKNOWN_TYPE_PATH_FIELD,
    requiredFieldsOf: (type) => [...COMMON_REQUIRED_FIELDS, ...descriptors[type].required],
    sectionTypeOf: (value) =>
      typeof value !== 'string' ? null : isSectionType(value) ? value : (value as UnknownSectionType),
  };
}

/** evolcore's manifest format. */
export const MANIFEST_FORMAT: ManifestFormat = createManifestFormat(SECTION_TYPES, SECTION_TYPE_DESCRIPTORS);

/** `type` as a section report keeps it (evolcore's types). */
export const sectionTypeOf = (value: unknown): SectionType | UnknownSectionType | null =>
  MANIFEST_FORMAT.sectionTypeOf(value);

/** The descriptor of one of evolcore's types, or null. */
export const sectionDescriptorOf = (type: unknown): SectionTypeDescriptor | null =>
  MANIFEST_FORMAT.descriptorOf(type);

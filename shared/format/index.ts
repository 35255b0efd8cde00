/**
 * The manifest format's one owner (pure; imports nothing outside this folder): section types
 * and their descriptors, section and top-level fields, defaults, `when` operators, and their
 * bilingual descriptions. Everything that knows what a manifest may hold reads it from here.
 */
export type { Bilingual } from './bilingual';
export {
  SECTION_TYPES,
  SECTION_TYPE_DESCRIPTORS,
  type FolderDefaults,
  type PathField,
  type SectionReads,
  type SectionType,
  type SectionTypeDescriptor,
  type SectionTypeTable,
  type UnknownSectionType,
} from './section-types';
export {
  COMMON_REQUIRED_FIELDS,
  LOOP_FIELD_DOCS,
  RENDER_MODE_FIELD_DOCS,
  SECTION_DEFAULTS,
  SECTION_FIELDS,
  SECTION_FIELD_DOCS,
  type SectionField,
} from './section-fields';
export {
  DEFAULT_MANIFEST_MODE,
  DEPRECATED_SECTION_ID,
  MANIFEST_FIELD_DOCS,
  MANIFEST_MODES,
  TOTAL_LIMIT_DEFAULTS,
  TOTAL_LIMIT_FIELDS,
  type ManifestMode,
  type TotalLimitField,
} from './manifest-fields';
export {
  COMPOUND_OPERATORS,
  LIST_OPERATORS,
  VAR_OPERATORS,
  WHEN_ALWAYS,
  WHEN_OPERATORS,
  WHEN_OPERATOR_DOCS,
  type WhenOperator,
} from './when-format';
export {
  MANIFEST_FORMAT,
  UNKNOWN_TYPE_PATH_FIELD,
  createManifestFormat,
  sectionDescriptorOf,
  sectionTypeOf,
  type ManifestFormat,
} from './manifest-format';

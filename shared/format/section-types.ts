/**
 * The section types of an `eck_manifest*.json` and what each one means: the field that holds
 * its path, the fields it requires, what its path names (one file or a folder), the defaults
 * evolcore applies to it, and a one-line description in both UI languages.
 *
 * Adding a type: add it to `SECTION_TYPES` and give it a descriptor here (the record below is
 * exhaustive, so a type without one does not compile), then give it a loader in the engine's
 * walk (`SECTION_LOADERS`, exhaustive too). Validator, JSON Schema, lint, override form and
 * Timeline read it from here.
 *
 * Spec: docs/engine.md §4, §5, §16.
 */
import type { Bilingual } from './bilingual';
import { SECTION_DEFAULTS } from './section-fields';

/** Section types (`type`), in the order the docs and the form list them. */
export const SECTION_TYPES = ['file', 'directory'] as const;

/** A section type evolcore loads. */
export type SectionType = (typeof SECTION_TYPES)[number];

/**
 * A `type` string evolcore does not know (`"folder"`, `"File"`): it passes through the merge
 * and the report as written, and the section is `invalid`. Branded so that a plain string is
 * not mistaken for a `SectionType`; made only by `sectionTypeOf`.
 */
export type UnknownSectionType = string & { readonly unknownSectionType: true };

/** The field a section's path is written in. */
export type PathField = 'file' | 'path';

/** What a section's path names: one file read whole, or a folder whose matching files are read. */
export type SectionReads = 'file' | 'folder';

/** Per-section defaults a folder type applies when its fields are absent. */
export interface FolderDefaults {
  readonly pattern: string;
  readonly maxFiles: number;
  readonly maxBytes: number;
}

/** Everything the inspector knows about one section type. */
export interface SectionTypeDescriptor {
  /** The field holding the path (evolcore reads only this one for the type). */
  readonly pathField: PathField;
  /** Fields this type requires besides the ones every section requires. */
  readonly required: readonly string[];
  /** Fields that mean something for this type only (a warning when another type carries them). */
  readonly ownFields: readonly string[];
  readonly reads: SectionReads;
  /** The defaults evolcore applies to this type's own fields; null when it has none. */
  readonly folderDefaults: FolderDefaults | null;
  /** What a section of this type loads, for the schema, the docs and the form. */
  readonly doc: Bilingual;
}

/** The descriptor table of a set of types: exhaustive, so a type without a descriptor is a compile error. */
export type SectionTypeTable<T extends string = SectionType> = { readonly [K in T]: SectionTypeDescriptor };

/** The descriptors of evolcore's section types. */
export const SECTION_TYPE_DESCRIPTORS: SectionTypeTable = {
  file: {
    pathField: 'file',
    required: ['file'],
    ownFields: ['file', 'loop'],
    reads: 'file',
    folderDefaults: null,
    doc: { en: 'one file', zh: '单文件' },
  },
  directory: {
    pathField: 'path',
    required: ['path'],
    ownFields: ['path', 'pattern', 'maxFiles', 'maxBytes'],
    reads: 'folder',
    folderDefaults: {
      pattern: SECTION_DEFAULTS.pattern,
      maxFiles: SECTION_DEFAULTS.maxFiles,
      maxBytes: SECTION_DEFAULTS.maxBytes,
    },
    doc: { en: 'a whole folder', zh: '整目录' },
  },
};

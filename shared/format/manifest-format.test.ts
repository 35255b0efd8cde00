import { describe, expect, it } from 'vitest';
import { SECTION_TYPE_DESCRIPTORS } from './section-types';
import { createManifestFormat, MANIFEST_FORMAT } from './manifest-format';

describe('MANIFEST_FORMAT', () => {
  it('reads a path where evolcore does: `file` for a file section, `path` for anything else', () => {
    expect(MANIFEST_FORMAT.pathFieldOf('file')).toBe('file');
    expect(MANIFEST_FORMAT.pathFieldOf('directory')).toBe('path');
    // evolcore: `s.type === 'file' ? s.file : s.path`, whatever the type is.
    for (const unknown of ['File', 'folder', undefined, 3, null, 'constructor', '__proto__'])
      expect(MANIFEST_FORMAT.pathFieldOf(unknown)).toBe('path');
  });

  it('knows only its own types, not inherited object keys', () => {
    for (const notAType of ['constructor', '__proto__', 'toString', 'File', '', 1, null, undefined]) {
      expect(MANIFEST_FORMAT.isSectionType(notAType)).toBe(false);
      expect(MANIFEST_FORMAT.descriptorOf(notAType)).toBeNull();
    }
  });

  it('keeps an unknown type string as written and drops a non-string one', () => {
    expect(MANIFEST_FORMAT.sectionTypeOf('directory')).toBe('directory');
    expect(MANIFEST_FORMAT.sectionTypeOf('folder')).toBe('folder');
    expect(MANIFEST_FORMAT.sectionTypeOf(7)).toBeNull();
    expect(MANIFEST_FORMAT.sectionTypeOf(undefined)).toBeNull();
  });

  it('requires the common fields plus each type’s path', () => {
    expect(MANIFEST_FORMAT.requiredFieldsOf('file')).toEqual([
      'id',
      'type',
      'order',
      'needsInjection',
      'when',
      'file',
    ]);
    expect(MANIFEST_FORMAT.requiredFieldsOf('directory')).toContain('path');
  });

  it('names the types in messages and docs, in both languages', () => {
    expect(MANIFEST_FORMAT.typeList).toBe('"file" or "directory"');
    expect(MANIFEST_FORMAT.typeDoc).toEqual({
      en: '"file" (one file) or "directory" (a whole folder).',
      zh: '`file`（单文件）或 `directory`（整目录）',
    });
    const three = createManifestFormat(['file', 'directory', 'glob'] as const, {
      ...SECTION_TYPE_DESCRIPTORS,
      glob: { ...SECTION_TYPE_DESCRIPTORS.directory, doc: { en: 'matching files', zh: '匹配的文件' } },
    });
    expect(three.typeList).toBe('"file", "directory" or "glob"');
    expect(three.typeDoc.zh).toBe('`file`（单文件）、`directory`（整目录）或 `glob`（匹配的文件）');
  });
});

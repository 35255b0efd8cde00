// Adding a section type touches the format module and one engine stage. This test
// adds a made-up type, `newest` (the last file of a folder by name: a rolling log), the way a
// real one would be added: a descriptor next to evolcore's, and a loader next to the walk's.
// Nothing else is given the new type, yet the validator, the JSON Schema, the lint and the
// walk all handle it, while evolcore's own format keeps treating it as unknown.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMemoryFs } from '../base/memory-fs';
import type { Json, MergedSection, RawSection } from '../engine';
import {
  mergeManifests,
  renderContext,
  invalidReason,
  SECTION_LOADERS,
  walkSections,
  type SectionLoader,
  type SectionLoaders,
} from '../engine';
import { createManifestFormat, SECTION_TYPE_DESCRIPTORS, SECTION_TYPES } from '../format';
import type { SectionTypeDescriptor, SectionTypeTable } from '../format';
import { lintKits, type VarKnowledge } from '../lint/kit-lint';
import { buildManifestJsonSchema } from './schema';
import { validateManifest } from './validate';

const NEWEST: SectionTypeDescriptor = {
  pathField: 'path',
  required: ['path'],
  ownFields: ['path', 'pattern'],
  reads: 'folder',
  folderDefaults: null,
  doc: { en: 'the last file of a folder by name', zh: '目录中按名称排在最后的文件' },
};

// Step 1, the format module: the type and its descriptor.
const TYPES = [...SECTION_TYPES, 'newest'] as const;
type WithNewest = (typeof TYPES)[number];
const FORMAT = createManifestFormat<WithNewest>(TYPES, { ...SECTION_TYPE_DESCRIPTORS, newest: NEWEST });

// Step 2, the engine stage that loads sections: a loader for the type.
const loadNewest: SectionLoader = (input, _walk, resolved, readPath) => {
  const listing = input.fs.list(readPath);
  if ('error' in listing) return [];
  const last = listing
    .map((e) => e.name)
    .filter((n) => n.endsWith('.md'))
    .sort()
    .at(-1);
  if (last === undefined) return [];
  const text = input.fs.readText(`${readPath}/${last}`);
  if (typeof text !== 'string') return [];
  return [{ path: `${resolved}/${last}`, readPath: `${readPath}/${last}`, text, bytes: text.length }];
};
const LOADERS: SectionLoaders<WithNewest> = { ...SECTION_LOADERS, newest: loadNewest };

const LOG = { id: 'log', type: 'newest', path: '$KITS/log', order: 1, needsInjection: true, when: 'always' };
const MANIFEST = { $schema_version: 1, sections: [LOG] };
const TREE = {
  '/h': null,
  '/p/kits/eck_manifest.json': JSON.stringify(MANIFEST),
  '/p/kits/log/2026-11-30.md': 'old entry',
  '/p/kits/log/2026-12-01.md': 'today: {{mystery}}',
};

const VARS: VarKnowledge = { isKnown: () => false, isNumeric: () => false, suggest: () => null };

function mergedSections(): readonly MergedSection[] {
  const doc = { path: '/p/kits/eck_manifest.json', value: MANIFEST as Json };
  return mergeManifests('eck_manifest.json', doc, null, 'missing', []).manifest.sections;
}

function walk(withNewest: boolean) {
  return walkSections({
    fs: createMemoryFs(TREE),
    vars: { KITS: '/p/kits' },
    packageRoot: '/p',
    sections: mergedSections(),
    totalMaxFiles: 50,
    totalMaxBytes: 102400,
    mappings: [],
    ...(withNewest ? { sectionTypes: { format: FORMAT, loaders: LOADERS } } : {}),
  });
}

describe('a new section type, added in the format module and the walk only', () => {
  it('cannot be half-added: a type without a descriptor or without a loader does not compile', () => {
    // Type-level checks: `npm run typecheck` fails when one of these stops holding.
    expectTypeOf<typeof SECTION_TYPE_DESCRIPTORS>().not.toExtend<SectionTypeTable<WithNewest>>();
    expectTypeOf<typeof SECTION_LOADERS>().not.toExtend<SectionLoaders<WithNewest>>();
    expectTypeOf<typeof LOADERS>().toExtend<SectionLoaders<WithNewest>>();
    expectTypeOf(FORMAT.descriptors).toExtend<SectionTypeTable<WithNewest>>();
  });

  it('validates: complete with its path, and its required path is named when missing', () => {
    expect(validateManifest(MANIFEST, 'base', { format: FORMAT })).toEqual([]);
    const { path: _path, ...noPath } = LOG;
    expect(validateManifest({ sections: [noPath] }, 'base', { format: FORMAT })).toContainEqual({
      pointer: '/sections/0',
      message: 'missing path (required for type "newest")',
      level: 'error',
    });
    // evolcore's format still rejects it, naming the types it has.
    expect(validateManifest(MANIFEST, 'base')).toContainEqual({
      pointer: '/sections/0/type',
      message: 'unknown type "newest"; use "file" or "directory"',
      level: 'error',
    });
    expect(
      validateManifest({ sections: [{ ...LOG, type: 'nope' }] }, 'base', { format: FORMAT }),
    ).toContainEqual(
      expect.objectContaining({ message: 'unknown type "nope"; use "file", "directory" or "newest"' }),
    );
  });

  it('is in the JSON Schema: the type enum, its description and its required path', () => {
    const schema = buildManifestJsonSchema('base', FORMAT);
    const section = schema.definitions?.['section'];
    const type = section?.properties?.['type'];
    expect(type?.enum).toEqual(['file', 'directory', 'newest']);
    expect(type?.enumDescriptions?.[2]).toBe(
      'the last file of a folder by name — 目录中按名称排在最后的文件',
    );
    expect(type?.description).toContain('"newest" (the last file of a folder by name)');
    expect(section?.allOf).toContainEqual({
      if: { required: ['type'], properties: { type: { const: 'newest' } } },
      then: { required: ['path'] },
    });
    expect(buildManifestJsonSchema('base').definitions?.['section']?.properties?.['type']?.enum).toEqual([
      'file',
      'directory',
    ]);
  });

  it('is loaded by the walk through its loader, and is not invalid to the engine', () => {
    const [section] = walk(true).sections;
    expect(section?.files.map((f) => f.path)).toEqual(['/p/kits/log/2026-12-01.md']);
    expect(section?.resolveStatus).toBe('ok');
    expect(invalidReason(LOG as RawSection, FORMAT)).toBeNull();
    // With evolcore's types the same section loads nothing and is invalid, as evolcore has it.
    expect(walk(false).sections[0]?.files).toEqual([]);
    expect(invalidReason(LOG as RawSection)).toBe(
      '`type` must be "file" or "directory", got "newest"; evolcore loads nothing for it',
    );
  });

  it('is linted: the files its folder holds are checked as templates', () => {
    const fs = createMemoryFs(TREE);
    const report = renderContext({ packageRoot: '/p', home: '/h', vars: {} }, fs);
    const unknownVars = (format?: typeof FORMAT) =>
      lintKits([report], fs, VARS, format)
        .filter((d) => d.code === 'unknown-var')
        .map((d) => d.message);
    expect(unknownVars(FORMAT)).toEqual([expect.stringContaining('"mystery" is not a known var')]);
    // evolcore's format does not load it, so its files are not checked.
    expect(unknownVars()).toEqual([]);
  });
});

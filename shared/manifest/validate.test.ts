import { describe, expect, it } from 'vitest';
import auxiliaryManifest from '../../kits/eck_manifest.auxiliary.json';
import baseManifest from '../../kits/eck_manifest.json';
import messageManifest from '../../kits/eck_message_manifest.json';
import demoOverride from '../../kits/demo-home/eck/eck_manifest.json';
import { validateManifest } from './validate';

const errors = (m: unknown, kind: 'base' | 'override', base?: unknown) =>
  validateManifest(m, kind, { base }).filter((i) => i.level === 'error');

const file = (extra: Record<string, unknown> = {}) => ({
  id: 's',
  type: 'file',
  file: '$KITS/a.md',
  order: 1,
  needsInjection: false,
  when: 'always',
  ...extra,
});

describe('validateManifest on the shipped kit', () => {
  it('finds nothing wrong in the default manifests and the demo override', () => {
    expect(validateManifest(baseManifest, 'base')).toEqual([]);
    expect(validateManifest(auxiliaryManifest, 'base')).toEqual([]);
    expect(validateManifest(messageManifest, 'base')).toEqual([]);
    expect(validateManifest(demoOverride, 'override', { base: baseManifest })).toEqual([]);
  });
});

describe('validateManifest: what makes a base section invalid (docs/engine.md §4)', () => {
  const one = (section: unknown) => validateManifest({ sections: [section] }, 'base');

  it.each([
    ['missing id', { ...file(), id: undefined }, '/sections/0', 'missing id'],
    ['missing type', { ...file(), type: undefined }, '/sections/0', 'missing type ("file" or "directory")'],
    [
      'unknown type',
      file({ type: 'folder' }),
      '/sections/0/type',
      'unknown type "folder"; use "file" or "directory"',
    ],
    [
      'file missing',
      { ...file(), file: undefined },
      '/sections/0',
      'missing file (required for type "file")',
    ],
    [
      'path missing',
      file({ type: 'directory', file: undefined }),
      '/sections/0',
      'missing path (required for type "directory")',
    ],
    ['missing order', { ...file(), order: undefined }, '/sections/0', 'missing order'],
    ['non-numeric order', file({ order: '10' }), '/sections/0/order', 'order must be a number, not "10"'],
    ['missing when', { ...file(), when: undefined }, '/sections/0', 'missing when ("always" or a condition)'],
  ])('%s', (_name, section, pointer, message) => {
    expect(one(JSON.parse(JSON.stringify(section)))).toEqual([{ pointer, message, level: 'error' }]);
  });

  it('counts a missing needsInjection as false, with a warning only (decision)', () => {
    expect(one({ ...file(), needsInjection: undefined })).toEqual([
      { pointer: '/sections/0', message: 'missing needsInjection; it counts as false', level: 'warning' },
    ]);
  });

  it("knows a message manifest's render-mode fields, and names one that looks mistyped", () => {
    expect(one(file({ modeType: 'private', modeName: 'full', isDefault: true }))).toEqual([]);
    expect(one(file({ modeTyp: 'private' }))).toEqual([
      {
        pointer: '/sections/0/modeTyp',
        message: 'unknown field "modeTyp" is ignored; did you mean "modeType"?',
        level: 'warning',
      },
    ]);
  });

  it('accepts fractional orders and a directory without pattern', () => {
    expect(one(file({ order: 21.5 }))).toEqual([]);
    expect(
      one({
        id: 'd',
        type: 'directory',
        path: '$KITS_RULES',
        order: 10,
        needsInjection: false,
        when: 'always',
      }),
    ).toEqual([]);
  });

  it('requires sections in a base, and an object at the root', () => {
    expect(errors({}, 'base')).toEqual([{ pointer: '', message: 'missing sections', level: 'error' }]);
    expect(errors([], 'base')[0]?.pointer).toBe('');
    expect(errors({ sections: {} }, 'base')[0]?.pointer).toBe('/sections');
  });
});

describe('validateManifest: when (docs/engine.md §3)', () => {
  const whenIssues = (when: unknown) => validateManifest({ sections: [file({ when })] }, 'base');

  it.each([
    ['always', 'always'],
    ['eq null', { var: 'chatType', eq: null }],
    ['neq', { var: 'chatType', neq: 'group' }],
    ['in', { var: 'peerRole', in: ['owner', 'admin'] }],
    ['nin', { var: 'peerRole', nin: [] }],
    ['any', { any: ['groupId', 'peerKey'] }],
    ['all []', { all: [] }],
    [
      'and-gated (evolclaw)',
      {
        and: [
          { var: 'chatType', neq: null },
          { var: 'lifecycle', neq: 'bootstrapping' },
        ],
      },
    ],
    ['nested or', { and: [{ or: [{ var: 'peerRole', eq: 'owner' }, { any: ['groupId'] }] }, 'always'] }],
    ['empty or', { or: [] }],
  ])('accepts %s', (_name, when) => {
    expect(whenIssues(when)).toEqual([]);
  });

  it.each([
    ['another string', 'never', 'when must be "always" or a condition object, not "never"'],
    [
      'no operator',
      { var: 'chatType' },
      'when has no operator; use one of eq, neq, in, nin, any, all, and, or',
    ],
    ['and with a scalar', { and: 'x' }, 'when.and must be a list of conditions, not "x"'],
    [
      'and beside another operator',
      { and: [], var: 'chatType', eq: 'group' },
      'when has several operators (and, eq); exactly one is allowed',
    ],
    [
      'several operators',
      { var: 'chatType', eq: 'a', in: ['b'] },
      'when has several operators (eq, in); exactly one is allowed',
    ],
    ['eq without var', { eq: 'group' }, 'when.eq needs "var": the name of a var'],
    ['in with a scalar', { var: 'peerRole', in: 'owner' }, 'when.in must be a list of values, not "owner"'],
    [
      'any with non-names',
      { any: [{ var: 'x', eq: 1 }] },
      'when.any must be a list of var names, not an array',
    ],
    ['a number', 3, 'when must be "always" or a condition object, not 3'],
  ])('rejects %s', (_name, when, message) => {
    expect(whenIssues(when)).toEqual([{ pointer: '/sections/0/when', message, level: 'error' }]);
  });

  it('warns about a var name that looks like a typo', () => {
    expect(whenIssues({ var: 'chattype', neq: null })).toEqual([
      {
        pointer: '/sections/0/when/var',
        message: '"chattype" is not a known var; did you mean "chatType"?',
        level: 'warning',
      },
    ]);
    expect(whenIssues({ any: ['groupId', 'peerKye'] })[0]?.pointer).toBe('/sections/0/when/any/1');
  });

  it('checks each clause of an and / or at its own pointer', () => {
    expect(whenIssues({ and: ['always', { or: [{ var: 'chattype', neq: null }, { var: 'x' }] }] })).toEqual([
      {
        pointer: '/sections/0/when/and/1/or/0/var',
        message: '"chattype" is not a known var; did you mean "chatType"?',
        level: 'warning',
      },
      {
        pointer: '/sections/0/when/and/1/or/1',
        message: 'when has no operator; use one of eq, neq, in, nin, any, all, and, or',
        level: 'error',
      },
    ]);
  });
});

describe('validateManifest: override entries (docs/engine.md §11)', () => {
  it('needs only an id in a patch entry', () => {
    expect(validateManifest({ sections: [{ id: 'venue-client', enabled: false }] }, 'override')).toEqual([]);
    expect(validateManifest({ totalMaxBytes: 200000 }, 'override')).toEqual([]);
  });

  it('still checks the fields a patch entry writes', () => {
    expect(errors({ sections: [{ id: 'x', when: { var: 'chatType' } }] }, 'override')[0]?.pointer).toBe(
      '/sections/0/when',
    );
    expect(errors({ sections: [{ id: 'x', type: 'dir' }] }, 'override')[0]?.pointer).toBe('/sections/0/type');
  });

  it('drops an entry without an id', () => {
    expect(errors({ sections: [{ enabled: false }] }, 'override')).toEqual([
      { pointer: '/sections/0', message: 'an override entry without an id is dropped', level: 'error' },
    ]);
  });

  it('checks a new id as a full section and names the closest base id for a typo', () => {
    const issues = validateManifest({ sections: [{ id: 'venue-clinet', enabled: false }] }, 'override', {
      base: baseManifest,
    });
    expect(issues[0]).toEqual({
      pointer: '/sections/0/id',
      message: '"venue-clinet" is not a base section id; did you mean "venue-client"?',
      level: 'warning',
    });
    expect(issues.filter((i) => i.level === 'error').map((i) => i.message)).toContain(
      'missing type ("file" or "directory")',
    );
  });

  it('checks an entry merged with its base section', () => {
    // Turning a file section into a directory without giving a path leaves it invalid.
    expect(errors({ sections: [{ id: 'persona', type: 'directory' }] }, 'override', baseManifest)).toEqual([
      { pointer: '/sections/0', message: 'missing path (required for type "directory")', level: 'error' },
    ]);
  });

  it('treats mode "replace" sections as full sections', () => {
    expect(
      errors({ mode: 'replace', sections: [{ id: 'venue-client', enabled: false }] }, 'override').length,
    ).toBeGreaterThan(0);
  });

  it('warns about the deprecated relation-group-profile and duplicate ids', () => {
    const issues = validateManifest(
      { sections: [{ id: 'relation-group-profile', enabled: false }, { id: 'a' }, { id: 'a' }] },
      'override',
    );
    expect(issues.map((i) => [i.pointer, i.level])).toEqual([
      ['/sections/0/id', 'warning'],
      ['/sections/2/id', 'warning'],
    ]);
  });
});

describe('validateManifest: tolerated mistakes are warnings', () => {
  it.each([
    ['enabled as a string', file({ enabled: 'false' }), '/sections/0/enabled'],
    ['a typo of a field', file({ neeedsInjection: true }), '/sections/0/neeedsInjection'],
    [
      'negative maxFiles',
      file({ type: 'directory', path: '$KITS_RULES', maxFiles: -1 }),
      '/sections/0/maxFiles',
    ],
    [
      'a loop not rendered as a template',
      file({ loop: { forEach: 'items', childFile: '$KITS/c.md' } }),
      '/sections/0/needsInjection',
    ],
  ])('%s', (_name, section, pointer) => {
    expect(validateManifest({ sections: [section] }, 'base')).toEqual([
      expect.objectContaining({ pointer, level: 'warning' }),
    ]);
  });

  it('rejects a loop without forEach or childFile', () => {
    expect(
      errors({ sections: [file({ needsInjection: true, loop: { forEach: 'items' } })] }, 'base'),
    ).toEqual([
      { pointer: '/sections/0/loop', message: 'loop.childFile must be a file path', level: 'error' },
    ]);
  });

  it('warns about a bad top-level field', () => {
    expect(
      validateManifest({ mode: 'merge', totalMaxFiles: 'many' }, 'override').map((i) => i.pointer),
    ).toEqual(['/mode', '/totalMaxFiles']);
  });
});

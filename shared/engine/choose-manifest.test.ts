import { describe, expect, it } from 'vitest';
import { H, KITS, codes, fileSection, manifest, renderKit } from './__fixtures__/kit';

const AGENT = `${H}/agents/nova`;
const kitFiles = {
  [`${KITS}/eck_manifest.json`]: manifest([fileSection('main', '$KITS/main.md')]),
  [`${KITS}/eck_manifest.auxiliary.json`]: manifest([fileSection('aux', '$KITS/aux.md')]),
  [`${KITS}/eck_manifest.rel.json`]: manifest([fileSection('rel', '$KITS/main.md')]),
  [`${KITS}/eck_manifest.venue.json`]: manifest([fileSection('venue', '$KITS/main.md')]),
  [`${KITS}/eck_message_manifest.json`]: manifest([fileSection('msg', '$KITS/main.md')]),
  [`${KITS}/main.md`]: 'MAIN',
  [`${KITS}/aux.md`]: 'AUX',
};
const cfg = (map: Record<string, string>): string => JSON.stringify({ sessionManifests: map });
const vars = { selfAid: 'nova', peerKey: 'aun#alice', groupId: 'g1' };

describe('sessionType → manifest file (§12)', () => {
  it.each<[string, Record<string, string>, Record<string, unknown>, string | undefined, string, string]>([
    ['no config: main → eck_manifest.json', {}, vars, undefined, 'eck_manifest.json', 'default'],
    [
      'no config: auxiliary falls back to eck_manifest.json',
      {},
      vars,
      'auxiliary',
      'eck_manifest.json',
      'default',
    ],
    [
      'agent level',
      { [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }) },
      vars,
      'auxiliary',
      'eck_manifest.auxiliary.json',
      'agent',
    ],
    [
      'venue level beats agent',
      {
        [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }),
        [`${AGENT}/venues/g1/config.json`]: cfg({ auxiliary: 'eck_manifest.venue.json' }),
      },
      vars,
      'auxiliary',
      'eck_manifest.venue.json',
      'venue',
    ],
    [
      'relation level beats venue and agent',
      {
        [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }),
        [`${AGENT}/venues/g1/config.json`]: cfg({ auxiliary: 'eck_manifest.venue.json' }),
        [`${AGENT}/relations/aun#alice/config.json`]: cfg({ auxiliary: 'eck_manifest.rel.json' }),
      },
      vars,
      'auxiliary',
      'eck_manifest.rel.json',
      'relation',
    ],
    [
      'a more specific config without that key falls through',
      {
        [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }),
        [`${AGENT}/relations/aun#alice/config.json`]: cfg({ main: 'eck_manifest.rel.json' }),
      },
      vars,
      'auxiliary',
      'eck_manifest.auxiliary.json',
      'agent',
    ],
    [
      'the venue level needs a groupId',
      { [`${AGENT}/venues/g1/config.json`]: cfg({ auxiliary: 'eck_manifest.venue.json' }) },
      { selfAid: 'nova' },
      'auxiliary',
      'eck_manifest.json',
      'default',
    ],
    [
      'no selfAid: no agent config is read',
      { [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }) },
      {},
      'auxiliary',
      'eck_manifest.json',
      'default',
    ],
    [
      'sessionType defaults to main',
      { [`${AGENT}/config.json`]: cfg({ main: 'eck_manifest.auxiliary.json' }) },
      vars,
      undefined,
      'eck_manifest.auxiliary.json',
      'agent',
    ],
  ])('%s', (_label, configs, v, sessionType, file, source) => {
    const r = renderKit({ files: { ...kitFiles, ...configs } }, v, sessionType ? { sessionType } : {});
    expect(r.manifestFile).toBe(file);
    expect(r.manifestChoice.source).toBe(source);
  });

  it('the chosen manifest is what renders', () => {
    const r = renderKit(
      { files: { ...kitFiles, [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }) } },
      vars,
      {
        sessionType: 'auxiliary',
      },
    );
    expect(r.sections.map((s) => s.id)).toEqual(['aux']);
    expect(r.context).toContain('AUX');
  });

  it('--manifest forces the file whatever the config says', () => {
    const r = renderKit(
      { files: { ...kitFiles, [`${AGENT}/config.json`]: cfg({ main: 'eck_manifest.auxiliary.json' }) } },
      vars,
      {
        manifestFile: 'eck_message_manifest.json',
      },
    );
    expect(r.manifestFile).toBe('eck_message_manifest.json');
    expect(r.manifestChoice.source).toBe('forced');
    expect(r.sections.map((s) => s.id)).toEqual(['msg']);
  });

  it('each manifest file merges with its own override', () => {
    const r = renderKit(
      {
        files: {
          ...kitFiles,
          [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }),
          [`${H}/eck/eck_manifest.json`]: JSON.stringify({ sections: [{ id: 'main', enabled: false }] }),
          [`${H}/eck/eck_manifest.auxiliary.json`]: JSON.stringify({
            sections: [{ id: 'aux', description: 'patched' }],
          }),
        },
      },
      vars,
      { sessionType: 'auxiliary' },
    );
    expect(r.sections.map((s) => [s.id, s.status, s.description])).toEqual([['aux', 'ok', 'patched']]);
  });

  it('a config that is not JSON earns config-parse-error and the next level is tried', () => {
    const r = renderKit(
      {
        files: {
          ...kitFiles,
          [`${AGENT}/config.json`]: cfg({ auxiliary: 'eck_manifest.auxiliary.json' }),
          [`${AGENT}/relations/aun#alice/config.json`]: '{ nope',
        },
      },
      vars,
      { sessionType: 'auxiliary' },
    );
    expect(codes(r)).toContain('config-parse-error');
    expect(r.manifestFile).toBe('eck_manifest.auxiliary.json');
  });
});

describe('base and override manifests that cannot be used (§11)', () => {
  it('a missing base: rendered false, base-missing', () => {
    const r = renderKit({ files: { [`${KITS}/main.md`]: 'x' } });
    expect(r.rendered).toBe(false);
    expect(r.context).toBe('');
    expect(r.diagnostics[0]).toMatchObject({ level: 'error', code: 'base-missing' });
  });

  it('a base that is not JSON: rendered false, base-parse-error with line and column', () => {
    const r = renderKit({ baseText: '{\n  "sections": [\n    { "id": "a", }\n  ]\n}' });
    expect(r.rendered).toBe(false);
    const d = r.diagnostics[0];
    expect(d).toMatchObject({ code: 'base-parse-error', line: 3, file: `${KITS}/eck_manifest.json` });
    expect(d?.message).toMatch(new RegExp(`^${KITS}/eck_manifest.json:3:\\d+: `));
  });

  it('a base that is JSON but not an object makes evolcore throw: manifest-crash, no context', () => {
    const r = renderKit({ baseText: '[]' });
    expect(r.failure).toMatchObject({ code: 'manifest-crash' });
    expect(r.failure?.message).toContain(`${KITS}/eck_manifest.json`);
    expect(r.context).toBe('');
  });

  it('an override that is not JSON is ignored: base renders alone, error names file:line:column', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/main.md')],
      overrideText: '{\n  "sections": [ { "id": "a", "enabled": false ]\n}',
      files: kitFiles,
    });
    expect(r.rendered).toBe(true);
    expect(r.sections.map((s) => s.status)).toEqual(['ok']);
    const d = r.diagnostics.find((x) => x.code === 'override-parse-error');
    expect(d).toMatchObject({ level: 'error', file: `${H}/eck/eck_manifest.json`, line: 2 });
    expect(d?.message).toMatch(new RegExp(`^${H}/eck/eck_manifest.json:2:\\d+: `));
    expect(r.merged?.overrideState).toBe('ignored');
  });

  it('an empty override file is not JSON', () => {
    const r = renderKit({ sections: [fileSection('a', '$KITS/main.md')], overrideText: '', files: kitFiles });
    expect(r.rendered).toBe(true);
    expect(codes(r)).toContain('override-parse-error');
  });

  it.each([
    ['an object', { a: 1 }],
    ['missing', undefined],
  ])('"sections" %s in the base: evolcore throws sorting it (manifest-crash), no context', (_l, sections) => {
    const r = renderKit({ baseText: JSON.stringify({ sections }) });
    expect(r.rendered).toBe(true);
    expect(r.failure).toMatchObject({ code: 'manifest-crash' });
    expect(r.context).toBe('');
    expect(codes(r)).toContain('manifest-crash');
  });
});

describe('vars that are not an object', () => {
  it.each([
    ['a list', []],
    ['null', null],
    ['a string', 'chatType=private'],
    ['a number', 3],
  ])('%s: vars-not-object, rendered with no vars', (_label, v) => {
    const r = renderKit(
      {
        sections: [fileSection('a', '$KITS/main.md'), fileSection('p', '$PERSONAL_DIR/x.md', { order: 20 })],
        files: kitFiles,
      },
      v,
    );
    expect(r.rendered).toBe(true);
    expect(r.diagnostics.find((d) => d.code === 'vars-not-object')?.level).toBe('error');
    expect(r.sections.map((s) => s.status)).toEqual(['ok', 'unresolved-vars']);
  });
});

import { describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT, BUNDLE_VERSION, parseBundle } from './bundle';

const good = {
  format: BUNDLE_FORMAT,
  version: BUNDLE_VERSION,
  key: '2026-11-29-08-00-00',
  exportedAt: 1,
  files: { vars: '{}', context: 'ctx', fragments: null, manifest: '# r' },
  roots: { packageRoot: '/p', home: '/h' },
  scenario: { presetId: null, vars: {}, sessionType: 'main', manifestFile: null },
  merged: null,
  tree: { '/p/kits/eck_manifest.json': '{}', '/h/eck': null },
};

describe('parseBundle', () => {
  it('reads a bundle', () => {
    const r = parseBundle(JSON.stringify(good));
    expect(r.ok && r.value.tree['/h/eck']).toBeNull();
    expect(r.ok && r.value.files.context).toBe('ctx');
  });
  it.each([
    ['not JSON', '{', /not JSON/],
    ['another file', JSON.stringify({ format: 'x' }), /not a snapshot bundle/],
    ['a newer version', JSON.stringify({ ...good, version: 9 }), /unsupported bundle version 9/],
    ['no roots', JSON.stringify({ ...good, roots: null }), /without roots/],
    ['a bad scenario', JSON.stringify({ ...good, scenario: { vars: 1 } }), /invalid scenario/],
  ])('refuses %s with a reason', (_name, text, reason) => {
    const r = parseBundle(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(reason);
  });
  it('skips a tree entry that is not text, with a warning', () => {
    const r = parseBundle(JSON.stringify({ ...good, tree: { '/a': 1, '/b': 'x' } }));
    expect(r.ok && Object.keys(r.value.tree)).toEqual(['/b']);
    expect(r.ok && r.warnings).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { affectsRender, folderScope, isIgnored, watchedRoots } from './watch-scope';

const roots = { home: '/h', packageRoot: '/p' };

describe('watch scope', () => {
  it('watches the home and the kit', () => {
    expect(watchedRoots(roots)).toEqual(['/h', '/p/kits']);
  });

  it.each([
    ['/h', false],
    ['/h/eck/eck_manifest.json', false],
    ['/h/agents/nova.aid.pub/personal/persona.md', false],
    ['/h/data', false],
    ['/h/data/eck-debug', false],
    ['/h/data/eck-debug/context-2026.md', true], // watched by the History service itself
    ['/h/data/sessions/big.log', true],
    ['/h/logs/x.log', true],
    ['/p/kits/rules/00-core.md', false],
    ['/p/src/index.ts', true],
    ['/p/kits/node_modules/x/index.js', true],
    ['/h/agents/a/.git/HEAD', true],
  ])('%s ignored: %s', (p, ignored) => {
    expect(isIgnored(roots, p)).toBe(ignored);
  });

  it('a home inside the kit is scoped as a home', () => {
    const demo = { home: '/p/kits/demo-home', packageRoot: '/p' };
    expect(isIgnored(demo, '/p/kits/demo-home/README.md')).toBe(true);
    expect(isIgnored(demo, '/p/kits/demo-home/eck/eck_manifest.json')).toBe(false);
    expect(isIgnored(demo, '/p/kits/rules/a.md')).toBe(false);
  });

  it('snapshots do not affect renders', () => {
    expect(affectsRender(roots, '/h/data/eck-debug/vars-1.json')).toBe(false);
    expect(affectsRender(roots, '/p/kits/rules/a.md')).toBe(true);
  });

  it.each([
    ['/h', 'walk'],
    ['/h/eck', 'walk'],
    ['/h/agents/nova.aid.pub', 'walk'],
    ['/h/data', 'watch'], // its eck-debug entry is seen; the folder is never listed
    ['/h/data/eck-debug', 'skip'], // the History service's own watch
    ['/h/data/sessions', 'skip'],
    ['/h/logs', 'skip'],
    ['/p/kits', 'walk'],
    ['/p/kits/docs/reference', 'walk'],
    ['/p/kits/node_modules', 'skip'],
  ])('folder %s: %s', (dir, scope) => {
    expect(folderScope(roots, dir)).toBe(scope);
  });
});

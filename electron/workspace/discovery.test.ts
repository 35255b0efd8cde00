import { describe, expect, it } from 'vitest';
import { listAgents, listManifestFiles, listSessionTypes, sessionTypeOfManifest } from './discovery';
import { createMemoryFs } from '../../shared/base/memory-fs';

const tree = createMemoryFs({
  '/pkg/kits/eck_manifest.json': '{}',
  '/pkg/kits/eck_manifest.auxiliary.json': '{}',
  '/pkg/kits/eck_message_manifest.json': '{}',
  '/pkg/kits/rules/00-core.md': 'x',
  '/home/agents/nova.aid.pub/config.json': JSON.stringify({ sessionManifests: { main: 'a', approval: 'b' } }),
  '/home/agents/nova.aid.pub/personal/persona.md': 'p',
  '/home/agents/bare.aid.pub/notes/n.md': 'n',
  '/home/agents/broken.aid.pub/config.json': '{ not json',
});

describe('workspace discovery', () => {
  it('lists agent folders with what they hold', () => {
    expect(listAgents(tree, '/home')).toEqual([
      { aid: 'bare.aid.pub', path: '/home/agents/bare.aid.pub', hasConfig: false, hasPersona: false },
      { aid: 'broken.aid.pub', path: '/home/agents/broken.aid.pub', hasConfig: true, hasPersona: false },
      { aid: 'nova.aid.pub', path: '/home/agents/nova.aid.pub', hasConfig: true, hasPersona: true },
    ]);
    expect(listAgents(tree, '/nowhere')).toEqual([]);
  });

  it('lists manifest files, main first, not the message manifest', () => {
    expect(listManifestFiles(tree, '/pkg')).toEqual(['eck_manifest.json', 'eck_manifest.auxiliary.json']);
  });

  it('collects session types from manifest names and agent configs', () => {
    const agents = listAgents(tree, '/home');
    expect(listSessionTypes(tree, listManifestFiles(tree, '/pkg'), agents)).toEqual([
      'main',
      'auxiliary',
      'approval',
    ]);
    expect(sessionTypeOfManifest('eck_manifest.goal.json')).toBe('goal');
    expect(sessionTypeOfManifest('other.json')).toBeNull();
  });
});

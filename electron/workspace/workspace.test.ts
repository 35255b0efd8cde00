import { describe, expect, it } from 'vitest';
import type { EventName } from '../../shared/api';
import { presetScenario } from '../../shared/scenarios/presets';
import { createFakeRender } from './test-support/fake-render';
import { createMemoryFs } from '../../shared/base/memory-fs';
import { Workspace } from './workspace';

function setup(files: Record<string, string> = {}) {
  const mem = createMemoryFs({
    '/pkg/kits/eck_manifest.json': '{}',
    '/pkg/kits/rules/00-core.md': 'core v1',
    '/home/agents/nova.aid.pub/config.json':
      '{"sessionManifests":{"auxiliary":"eck_manifest.auxiliary.json"}}',
    '/home/data/eck-debug/context-1.md': 'old',
    ...files,
  });
  const fake = createFakeRender();
  const events: { event: EventName; payload: unknown }[] = [];
  const ws = new Workspace({
    resolved: {
      home: '/home',
      homeSource: 'given',
      packageRoot: '/pkg',
      packageRootSource: 'given',
      isDemo: false,
      product: 'evolcore',
      userHome: '/users/me',
    },
    fs: mem,
    render: fake.render,
    emit: (event, payload) => events.push({ event, payload }),
    now: () => 1000,
  });
  return { mem, fake, events, ws };
}

describe('Workspace', () => {
  it('describes what the workspace holds', () => {
    const { ws } = setup();
    const info = ws.info();
    expect(info.agents.map((a) => a.aid)).toEqual(['nova.aid.pub']);
    expect(info.manifestFiles).toEqual(['eck_manifest.json']);
    expect(info.sessionTypes).toEqual(['main', 'auxiliary']);
    expect(info.scenario.presetId).toBe('private-owner');
  });

  it('setScenario renders through the engine with the scenario and pushes the result', () => {
    const { ws, fake, events } = setup();
    const result = ws.setScenario(presetScenario('auxiliary'));
    expect(fake.inputs[0]).toMatchObject({ packageRoot: '/pkg', home: '/home', sessionType: 'auxiliary' });
    expect(fake.inputs[0]).not.toHaveProperty('manifestFile');
    expect(result.report.context).toBe('core v1');
    expect(ws.setScenario(presetScenario('coding')).seq).toBe(result.seq + 1);
    expect(events.map((e) => e.event)).toEqual(['onDidRender', 'onDidRender']);
    expect(ws.lastRender?.scenario.presetId).toBe('coding');
  });

  it('a burst on disk invalidates the cache and re-renders once', () => {
    const { ws, mem, fake, events } = setup();
    ws.setScenario(presetScenario('coding'));
    mem.write('/pkg/kits/rules/00-core.md', 'core v2');
    mem.write('/pkg/kits/rules/10-new.md', 'new');
    expect(ws.renderScenario(ws.scenario).report.context).toBe('core v1');
    const before = fake.inputs.length;
    ws.handleDiskBurst(['/pkg/kits/rules/00-core.md', '/pkg/kits/rules/10-new.md']);
    expect(fake.inputs.length - before).toBe(1);
    expect(ws.lastRender?.report.context).toBe('core v2\nnew');
    expect(ws.lastRender?.trigger).toBe('disk');
    expect(events.map((e) => e.event).slice(-2)).toEqual(['onDidChangeOnDisk', 'onDidRender']);
  });

  it('a burst of snapshots only is reported but does not re-render', () => {
    const { ws, fake, events } = setup();
    ws.handleDiskBurst(['/home/data/eck-debug/context-2.md']);
    expect(fake.inputs).toHaveLength(0);
    expect(events).toEqual([
      {
        event: 'onDidChangeOnDisk',
        payload: { paths: ['/home/data/eck-debug/context-2.md'], count: 1, at: 1000, affectsRender: false },
      },
    ]);
  });

  it('a broken base manifest is pushed as an error naming the file', () => {
    const { ws, mem, events } = setup();
    mem.remove('/pkg/kits/eck_manifest.json');
    ws.setScenario(presetScenario('coding'));
    expect(events.at(-1)).toEqual({
      event: 'onDidError',
      payload: {
        code: 'render-failed',
        message: 'base manifest missing',
        path: '/pkg/kits/eck_manifest.json',
      },
    });
  });

  it('reads files of the workspace and refuses others', () => {
    const { ws } = setup();
    expect(ws.readFile('kits/rules/00-core.md')).toEqual({
      path: '/pkg/kits/rules/00-core.md',
      text: 'core v1',
      bytes: 7,
    });
    expect(() => ws.readFile('/etc/passwd')).toThrow(expect.objectContaining({ code: 'outside-workspace' }));
    expect(() => ws.readFile('/home/nope.md')).toThrow(expect.objectContaining({ code: 'not-found' }));
  });
});

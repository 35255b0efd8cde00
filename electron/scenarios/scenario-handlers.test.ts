import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../shared/api';
import { renderContext } from '../../shared/engine';
import { presetScenario } from '../../shared/scenarios/presets';
import { createNodeFs } from '../services/node-fs';
import type { HandlerTable } from '../api/dispatch';
import { createDispatcher } from '../api/dispatch';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import type { WorkspaceHost } from '../workspace/workspace-host';
import { createScenarioHandlers } from './scenario-handlers';
import { ScenarioStore } from './scenario-store';
import { scenariosFileIn } from './scenarios-dir';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-scenario-api-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A dispatcher with only the scenario methods, over the demo workspace. */
function dispatcher() {
  // The handlers read `current.resolved` of the host, and render to tell an evolcore-format
  // snapshot's manifest (its files do not record it).
  const host = {
    current: {
      resolved: { packageRoot: APP_ROOT, home: DEMO_HOME },
      renderScenario: (s: Scenario) => ({
        report: renderContext(
          {
            packageRoot: APP_ROOT,
            home: DEMO_HOME,
            vars: s.vars,
            sessionType: s.sessionType,
            ...(s.manifestFile === null ? {} : { manifestFile: s.manifestFile }),
          },
          createNodeFs(),
        ),
      }),
    },
  } as unknown as WorkspaceHost;
  const handlers = createScenarioHandlers(host, new ScenarioStore(scenariosFileIn(dir)));
  return createDispatcher(handlers as unknown as HandlerTable);
}

describe('scenario API methods', () => {
  it('save, list, rename and delete through the dispatcher, with conflicts as values', async () => {
    const call = dispatcher();
    const scenario = presetScenario('group-member');
    expect(await call('saveScenario', { name: 'team', scenario })).toMatchObject({
      ok: true,
      value: { name: 'team' },
    });
    expect(await call('saveScenario', { name: 'team', scenario })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(await call('renameScenario', { from: 'team', to: 'group' })).toMatchObject({ ok: true });
    expect(await call('listScenarios', undefined)).toMatchObject({
      ok: true,
      value: [{ name: 'group', scenario }],
    });
    expect(await call('deleteScenario', { name: 'group' })).toEqual({ ok: true, value: null });
    expect(await call('deleteScenario', { name: 'group' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('refuses a scenario that is not one before any file is touched', async () => {
    const call = dispatcher();
    const bad = await call('saveScenario', { name: 'x', scenario: { vars: {} } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reads a snapshot of the open home as a re-rooted scenario with its recorded context', async () => {
    const call = dispatcher();
    const list = await call('listVarsSnapshots', undefined);
    expect(list.ok && Array.isArray(list.value) && list.value.length).toBe(45);
    const read = await call('readSnapshotScenario', { key: '2026-11-29-12-47-49', reroot: true });
    expect(read).toMatchObject({
      ok: true,
      value: {
        scenario: { manifestFile: 'eck_message_manifest.json', sessionType: 'main' },
        recorded: { packageRoot: '/opt/evolcore', home: '/home/demo/.evolcore' },
      },
    });
    expect(read.ok && typeof (read.value as { recordedContext: unknown }).recordedContext).toBe('string');
    expect(await call('readSnapshotScenario', { key: '../x', reroot: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });
});

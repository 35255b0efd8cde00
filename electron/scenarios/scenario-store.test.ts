import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api';
import { presetScenario } from '../../shared/scenarios/presets';
import { appSettingsDir, scenariosFileIn } from './scenarios-dir';
import { ScenarioStore } from './scenario-store';

let dir: string;
let clock: number;
const store = (): ScenarioStore => new ScenarioStore(scenariosFileIn(dir), () => clock++);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-scenarios-'));
  clock = 1000;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ScenarioStore', () => {
  it('saves, lists by name, renames and deletes, surviving a new instance', () => {
    store().save('zeta', presetScenario('coding'));
    store().save('alpha', presetScenario('group-member'));
    expect(
      store()
        .list()
        .map((s) => s.name),
    ).toEqual(['alpha', 'zeta']);
    expect(store().list()[0]?.scenario).toEqual(presetScenario('group-member'));
    store().rename('zeta', 'omega');
    expect(
      store()
        .list()
        .map((s) => s.name),
    ).toEqual(['alpha', 'omega']);
    store().delete('alpha');
    expect(
      store()
        .list()
        .map((s) => s.name),
    ).toEqual(['omega']);
  });

  it('refuses to overwrite or rename onto an existing name unless asked', () => {
    store().save('a', presetScenario('coding'));
    store().save('b', presetScenario('coding'));
    expect(() => store().save('a', presetScenario('auxiliary'))).toThrow(/exists already/);
    expect(() => store().rename('a', 'b')).toThrow(ApiFailure);
    store().save('a', presetScenario('auxiliary'), true);
    expect(
      store()
        .list()
        .find((s) => s.name === 'a')?.scenario.sessionType,
    ).toBe('auxiliary');
  });

  it('refuses blank names and unknown names', () => {
    expect(() => store().save('   ', presetScenario('coding'))).toThrow(/needs a name/);
    expect(() => store().delete('nope')).toThrow(/no scenario named/);
    expect(() => store().rename('nope', 'x')).toThrow(/no scenario named/);
  });

  it('keeps a broken file aside instead of overwriting it', () => {
    fs.writeFileSync(scenariosFileIn(dir), '{ not json');
    expect(store().list()).toEqual([]);
    expect(fs.readdirSync(dir).some((n) => n.startsWith('scenarios.json.broken-'))).toBe(true);
    store().save('new', presetScenario('coding'));
    expect(
      store()
        .list()
        .map((s) => s.name),
    ).toEqual(['new']);
  });

  it('writes no temp files behind', () => {
    store().save('a', presetScenario('coding'));
    expect(fs.readdirSync(dir)).toEqual(['scenarios.json']);
  });
});

describe('appSettingsDir', () => {
  it('honours the override, then the platform folder; never the evolcore home', () => {
    expect(appSettingsDir({ ECK_INSPECTOR_SETTINGS_DIR: '/tmp/x' }, 'linux')).toBe(path.resolve('/tmp/x'));
    expect(appSettingsDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(path.join('/cfg', 'eck-inspector'));
    expect(appSettingsDir({ EVOLCORE_HOME: '/h' }, 'linux')).not.toContain('/h/');
  });
});

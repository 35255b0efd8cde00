/**
 * The versions methods over the real core (the demo home copied): a save keeps the replaced
 * file, the list shows it, reading it says what restoring would change, a restore writes it
 * back through the safe save and is itself kept; bad input is refused before any handler.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { ApiResult } from '../../shared/api';
import type { ManifestFilePair, SaveOverrideResult } from '../../shared/override/override-file';
import type { OverrideVersionList, OverrideVersionRead } from '../../shared/override/override-versions';
import { presetScenario } from '../../shared/scenarios/presets';
import { useCoreHarness } from '../api/test-support/core-harness';

const harness = useCoreHarness();
const FILE = 'eck_manifest.json';

async function started(): Promise<{ home: string; settings: string }> {
  const { root, home, packageRoot } = harness.appWorkspace('eck-vh-');
  await harness.start({ choice: { home, packageRoot } });
  return { home, settings: path.join(root, 'settings') };
}

test('save → listed → read (diff and render effect) → restore → the restore is listed too', async () => {
  const { home, settings } = await started();
  const pair = await harness.call<ManifestFilePair>('loadManifestPair', { manifestFile: FILE });
  const before = pair.override?.text ?? '';
  // Turn venue-client back on: its entry loses `"enabled": false`.
  const after = before.replace('"id": "venue-client",\n      "enabled": false', '"id": "venue-client"');
  expect(after).not.toBe(before);
  const saved = await harness.call<SaveOverrideResult>('saveOverride', {
    manifestFile: FILE,
    text: after,
    expectedHash: pair.override?.hash ?? null,
    force: false,
  });
  expect(saved).toMatchObject({
    kind: 'saved',
    versionError: null,
    change: { on: ['venue-client'], off: [] },
  });
  if (saved.kind !== 'saved') throw new Error('not saved');
  expect(saved.keptVersion).not.toBeNull();
  // Kept in the settings folder, never in the home.
  expect(fs.readdirSync(path.join(settings, 'override-versions'))).toHaveLength(1);

  const list = await harness.call<OverrideVersionList>('listOverrideVersions', { manifestFile: FILE });
  expect(list.versions.map((v) => v.id)).toEqual([saved.keptVersion]);
  expect(list.versions[0]).toMatchObject({
    current: false,
    bytes: Buffer.byteLength(before),
    reason: 'save',
  });
  expect(list.currentHash).toBe(saved.disk.hash);

  const scenario = presetScenario('private-owner');
  const read = await harness.call<OverrideVersionRead>('readOverrideVersion', {
    manifestFile: FILE,
    id: saved.keptVersion,
    scenario,
  });
  expect(read.text).toBe(before);
  expect(read.currentText).toBe(after);
  expect(read.change.off).toEqual(['venue-client']);
  const venue = read.sections.find((s) => s.id === 'venue-client');
  expect(venue?.before).not.toBe(venue?.after);
  expect(venue?.after).toBe('disabled');

  const restored = await harness.call<SaveOverrideResult>('restoreOverrideVersion', {
    manifestFile: FILE,
    id: saved.keptVersion,
    expectedHash: list.currentHash,
  });
  expect(restored).toMatchObject({ kind: 'saved', change: { off: ['venue-client'] } });
  expect(fs.readFileSync(path.join(home, 'eck', FILE), 'utf8')).toBe(before);
  const again = await harness.call<OverrideVersionList>('listOverrideVersions', { manifestFile: FILE });
  expect(again.versions.map((v) => v.reason)).toEqual(['restore', 'save']);
  expect(again.versions[1]?.current).toBe(true);
});

test('a restore over a file changed on disk is a conflict and writes nothing', async () => {
  const { home } = await started();
  const pair = await harness.call<ManifestFilePair>('loadManifestPair', { manifestFile: FILE });
  const saved = await harness.call<SaveOverrideResult>('saveOverride', {
    manifestFile: FILE,
    text: '{ "sections": [] }\n',
    expectedHash: pair.override?.hash ?? null,
    force: false,
  });
  if (saved.kind !== 'saved') throw new Error('not saved');
  const target = path.join(home, 'eck', FILE);
  fs.writeFileSync(target, '{ "sections": [ { "id": "venue-client", "enabled": true } ] }\n');
  const r = await harness.call<SaveOverrideResult>('restoreOverrideVersion', {
    manifestFile: FILE,
    id: saved.keptVersion,
    expectedHash: saved.disk.hash,
  });
  expect(r.kind).toBe('conflict');
  expect(fs.readFileSync(target, 'utf8')).toContain('"enabled": true');
});

test('bad input is refused by the schema: ids that are paths, other files, unknown versions', async () => {
  await started();
  const refused = async (method: string, input: unknown): Promise<string> => {
    const r = (await harness.core.dispatch(method, input)) as ApiResult<unknown>;
    return r.ok ? 'ok' : r.error.code;
  };
  const scenario = presetScenario('private-owner');
  expect(await refused('readOverrideVersion', { manifestFile: FILE, id: '../../etc/passwd', scenario })).toBe(
    'invalid-input',
  );
  expect(await refused('listOverrideVersions', { manifestFile: '../x.json' })).toBe('invalid-input');
  expect(await refused('listOverrideVersions', { manifestFile: FILE, extra: 1 })).toBe('invalid-input');
  expect(
    await refused('restoreOverrideVersion', {
      manifestFile: FILE,
      id: '1733000000000-0a1b2c3d',
      expectedHash: 'x',
    }),
  ).toBe('invalid-input');
  expect(
    await refused('restoreOverrideVersion', {
      manifestFile: FILE,
      id: '1733000000000-0a1b2c3d',
      expectedHash: null,
    }),
  ).toBe('not-found');
});

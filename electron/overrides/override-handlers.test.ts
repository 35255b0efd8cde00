/**
 * The Manifest tab's methods over the real core: the demo home copied to a temp folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { ApiResult } from '../../shared/api';
import type { DraftRenders } from '../../shared/api/methods/override';
import type { ManifestFilePair, SaveOverrideResult } from '../../shared/override/override-file';
import { presetScenario } from '../../shared/scenarios/presets';
import type { InspectorCore } from '../api/inspector-core';
import { APP_ROOT, copyAppWorkspace } from '../workspace/test-support/app-workspace-copy';
import { startInspectorCore } from '../api/inspector-core';
import { SETTINGS_DIR_ENV } from '../scenarios/scenarios-dir';

let core: InspectorCore | null = null;
let tmp = '';

afterEach(async () => {
  await core?.close();
  core = null;
  delete process.env[SETTINGS_DIR_ENV];
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(): Promise<{ c: InspectorCore; home: string }> {
  const { root, home, packageRoot } = copyAppWorkspace('eck-ovh-');
  tmp = root;
  // A save keeps a version in the settings folder: this test's, not the user's.
  process.env[SETTINGS_DIR_ENV] = path.join(root, 'settings');
  core = await startInspectorCore({
    appRoot: APP_ROOT,
    choice: { home, packageRoot },
    watch: false,
    log: () => {},
  });
  return { c: core, home };
}

const value = <T>(r: ApiResult<unknown>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value as T;
};

test('load, render with a draft, save, and the next render shows the section off from the override', async () => {
  const { c, home } = await start();
  const pair = value<ManifestFilePair>(
    await c.dispatch('loadManifestPair', { manifestFile: 'eck_manifest.json' }),
  );
  expect(pair.override?.text).toContain('venue-client');
  const draftText =
    pair.override?.text.replace('"id": "venue-client",', '"id": "venue-client", "x": 1,') ?? '';
  const withRules = draftText.replace(
    '"sections": [',
    '"sections": [\n    { "id": "rules", "enabled": false },',
  );
  const scenario = presetScenario('private-owner');
  const renders = value<DraftRenders>(
    await c.dispatch('renderDraft', { scenario, manifestFile: 'eck_manifest.json', overrideText: withRules }),
  );
  const status = (r: DraftRenders['saved'] | null, id: string) =>
    r?.report.sections.find((s) => s.id === id)?.status;
  expect(status(renders.saved, 'rules')).toBe('ok');
  expect(status(renders.draft, 'rules')).toBe('disabled');

  const saved = value<SaveOverrideResult>(
    await c.dispatch('saveOverride', {
      manifestFile: 'eck_manifest.json',
      text: withRules,
      expectedHash: pair.override?.hash ?? null,
      force: false,
    }),
  );
  expect(saved.kind).toBe('saved');
  expect(fs.readFileSync(path.join(home, 'eck', 'eck_manifest.json'), 'utf8')).toBe(withRules);
  expect(fs.readFileSync(path.join(home, 'eck', 'eck_manifest.json.bak'), 'utf8')).toBe(pair.override?.text);
  const last = value<DraftRenders['saved']>(await c.dispatch('getLastRender', undefined));
  expect(last.report.sections.find((s) => s.id === 'rules')).toMatchObject({
    status: 'disabled',
    origin: 'override',
    fieldOrigins: { enabled: 'override' },
  });

  // Saving again on the old hash is now a conflict.
  const again = value<SaveOverrideResult>(
    await c.dispatch('saveOverride', {
      manifestFile: 'eck_manifest.json',
      text: draftText,
      expectedHash: pair.override?.hash ?? null,
      force: false,
    }),
  );
  expect(again.kind).toBe('conflict');
});

test('a manifest file name that leaves $ECK is refused by the schema', async () => {
  const { c } = await start();
  const r = await c.dispatch('saveOverride', {
    manifestFile: '../config.json',
    text: '{}',
    expectedHash: null,
    force: true,
  });
  expect(r.ok).toBe(false);
});

/**
 * Verify through the API, as the Timeline calls it: availability from the open package root,
 * the current scenario compared with the stand-in engine, and the user's home untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InstalledEngineLookup, VerifyAnswer } from '../../shared/api/methods/verify';
import { useCoreHarness } from '../api/test-support/core-harness';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'installed-evolcore');
const harness = useCoreHarness();

function fixtureCopy(): { packageRoot: string; home: string } {
  const root = harness.tempRoot('eck-verify-api-');
  const packageRoot = path.join(root, 'pkg');
  fs.cpSync(FIXTURE, packageRoot, { recursive: true });
  return { packageRoot, home: path.join(packageRoot, 'home') };
}

describe('Verify over the API', () => {
  it('is available where the package root holds an engine, and verifies the current render', async () => {
    const choice = fixtureCopy();
    await harness.start({ choice });
    const lookup = await harness.call<InstalledEngineLookup>('findInstalledEngine');
    expect(lookup).toEqual({
      available: true,
      engine: { name: 'evolcore', version: '0.0.27', file: path.join('dist', 'eck', 'kit-renderer.js') },
    });
    const homeBefore = fs.readdirSync(choice.home, { recursive: true }).sort();
    const answer = await harness.call<VerifyAnswer>('verifyCurrentRender');
    expect(answer).toMatchObject({ kind: 'compared', comparison: { identical: true } });
    if (answer.kind !== 'compared') return;
    expect(answer.installedContext).toBe(answer.oursContext);
    expect(answer.oursContext).toContain('Contenu de $KITS_RULES/style.md (style)');
    expect(fs.readdirSync(choice.home, { recursive: true }).sort()).toEqual(homeBefore);
  });

  it('is absent (not an error) on a package root with no engine: the app\u2019s own kit', async () => {
    const root = harness.tempRoot('eck-verify-none-');
    await harness.start({ choice: { home: root } });
    const lookup = await harness.call<InstalledEngineLookup>('findInstalledEngine');
    expect(lookup.available).toBe(false);
    const answer = await harness.call<VerifyAnswer>('verifyCurrentRender');
    expect(answer.kind).toBe('no-engine');
  });

  it('refuses a second Verify while one runs', async () => {
    const choice = fixtureCopy();
    await harness.start({ choice });
    const first = harness.core.dispatch('verifyCurrentRender', undefined);
    const second = await harness.core.dispatch('verifyCurrentRender', undefined);
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await first).toMatchObject({ ok: true });
  });
});

/**
 * The evolclaw-shaped fixture kit (e2e/fixtures/evolclaw-kit, written for these tests with the
 * shapes of evolclaw's own kit: and-gated sections behind a bootstrap lifecycle, a response-depth
 * section, a message manifest with modes, an auxiliary manifest with its own limits) over the real
 * disk. evolclaw's real engine, run on it by the oracle harness, loads the same 14 sections and
 * 19 blocks, byte for byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { APP_ROOT } from '../services/app-paths';
import { createNodeFs, toEnginePath } from '../services/node-fs';
import { runCaptured } from './test-support/run-captured';

const FIXTURES = path.join(APP_ROOT, 'e2e', 'fixtures');
const PKG = path.join(FIXTURES, 'evolclaw-kit');
const HOME = path.join(FIXTURES, 'evolclaw-home');
const VARS_FILE = path.join(FIXTURES, 'evolclaw-owner-private.vars.json');
const ownerPrivate = JSON.parse(fs.readFileSync(VARS_FILE, 'utf8')) as Record<string, unknown>;

function render(vars: Record<string, unknown>, manifestFile?: string): RenderReport {
  return renderContext(
    {
      packageRoot: toEnginePath(PKG),
      home: toEnginePath(HOME),
      vars,
      product: 'evolclaw',
      ...(manifestFile === undefined ? {} : { manifestFile }),
    },
    createNodeFs(),
  );
}

const loaded = (r: RenderReport): string[] => r.sections.filter((s) => s.status === 'ok').map((s) => s.id);
const blocks = (r: RenderReport): number =>
  r.sections.filter((s) => s.status === 'ok').reduce((n, s) => n + s.files.length, 0);

/** Both streams as one text, as a terminal shows them. */
async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  const r = await runCaptured(...argv);
  return { code: r.code, out: r.out + r.err };
}

describe('an evolclaw kit: private chat with the owner', () => {
  it('loads 14 of 16 sections and 19 blocks; none is invalid', () => {
    const r = render(ownerPrivate);
    expect(r.sections).toHaveLength(16);
    expect(r.sections.filter((s) => s.status === 'invalid')).toEqual([]);
    expect(loaded(r)).toHaveLength(14);
    expect(blocks(r)).toBe(19);
    // Left out: the bootstrap guide (lifecycle is active) and the group profile (no groupId).
    expect(r.sections.filter((s) => s.status !== 'ok').map((s) => [s.id, s.status])).toEqual([
      ['bootstrap-guide', 'when-false'],
      ['group-profile', 'when-false'],
    ]);
    expect(r.context.startsWith('<system-reminder>\nEvolClaw Context Kit documents are shown below.')).toBe(
      true,
    );
    expect(r.context).toContain(`My files are under ${toEnginePath(HOME)}.`);
  });

  it('while bootstrapping, the and-gated sections step back and the guide loads', () => {
    const r = render({ ...ownerPrivate, lifecycle: 'bootstrapping', isBootstrapping: true });
    expect(loaded(r)).toEqual([
      'rules',
      'bootstrap-guide',
      'channel',
      'response-depth',
      'session',
      'baseagent',
    ]);
    // The Timeline's clause tree names the clause that failed: lifecycle ≠ bootstrapping.
    const persona = r.sections.find((s) => s.id === 'persona');
    expect(persona?.when.tree?.children.map((c) => c.result)).toEqual([true, false]);
  });

  it('the auxiliary manifest runs with its own limits', () => {
    const r = render(ownerPrivate, 'eck_manifest.auxiliary.json');
    expect([r.totals.maxFiles, r.totals.maxBytes]).toEqual([20, 51200]);
    expect(loaded(r)).toEqual(['rules', 'auxiliary-role', 'session', 'baseagent']);
  });

  it('eck render picks evolclaw from the package root and finds nothing to complain about', async () => {
    const r = await cli('render', '--package-root', PKG, '--home', HOME, '--vars', VARS_FILE);
    expect(r.code).toBe(0);
    expect(r.out).toContain('EvolClaw Context Kit documents are shown below.');
  });

  it('eck lint is quiet on it: every manifest (message and auxiliary too), no unknown var, exit 0', async () => {
    const r = await cli('lint', '--package-root', PKG, '--home', HOME, '--vars', VARS_FILE);
    expect(r.out).not.toMatch(/\[(invalid-section|unknown-var|when-crash|when-not-condition)\]/);
    expect(r.out).toMatch(/0 error\(s\)/);
    expect(r.code).toBe(0);
  });
});

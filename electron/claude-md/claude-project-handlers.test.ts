/**
 * The Claude Code project methods through the core's dispatcher, as both transports call them:
 * inputs checked, errors as values, the assembly pushed as `onDidAssembleClaudeMd`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaudeAssembly } from '../../shared/api/methods/claude-project';
import { useCoreHarness } from '../api/test-support/core-harness';

const APP_ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE = path.join(APP_ROOT, 'e2e', 'fixtures', 'claude-md-project');

const harness = useCoreHarness();

describe('Claude Code project methods', () => {
  it('open, read a file, change options, close; errors come back as values', async () => {
    const tmp = harness.tempRoot('eck-claude-core-');
    const root = path.join(tmp, 'claude-md-project');
    fs.cpSync(FIXTURE, root, { recursive: true });
    const core = await harness.start({
      choice: { home: path.join(APP_ROOT, 'kits', 'demo-home'), packageRoot: APP_ROOT },
    });
    const d = core.dispatch;

    expect(await d('getClaudeProject', undefined)).toEqual({ ok: true, value: null });
    const missing = await d('openClaudeProject', { cwd: path.join(root, 'nope') });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'workspace-invalid', path: path.join(root, 'nope') },
    });
    const bad = await d('openClaudeProject', { cwd: root, colour: 'blue' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const cwd = path.join(root, 'project');
    const opened = await d('openClaudeProject', {
      cwd,
      home: path.join(root, 'home'),
      managedDir: path.join(root, 'managed'),
    });
    expect(opened.ok).toBe(true);
    const assembly = (opened.ok ? opened.value : null) as ClaudeAssembly;
    expect(assembly.report.files).toHaveLength(13);
    expect(harness.events.map((e) => e.event)).toContain('onDidAssembleClaudeMd');

    const file = await d('readClaudeFile', { path: path.join(cwd, 'CLAUDE.local.md') });
    expect(file).toMatchObject({ ok: true, value: { path: path.join(cwd, 'CLAUDE.local.md') } });
    const refused = await d('readClaudeFile', { path: path.join(APP_ROOT, 'package.json') });
    expect(refused).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });

    const targeted = await d('setClaudeOptions', { target: 'packages/app/src/App.tsx' });
    // The 13 rows of the start, then 4 of the Read: 2 attached, 2 conditional rules not matching.
    expect(targeted.ok && (targeted.value as ClaudeAssembly).report.files).toHaveLength(17);
    expect(targeted.ok && (targeted.value as ClaudeAssembly).report.attachedOnRead).toHaveLength(2);
    expect((await d('getClaudeProject', undefined)).ok).toBe(true);

    expect(await d('closeClaudeProject', undefined)).toEqual({ ok: true, value: null });
    expect(await d('getClaudeProject', undefined)).toEqual({ ok: true, value: null });
    const none = await d('setClaudeOptions', { target: null });
    expect(none).toMatchObject({ ok: false, error: { code: 'workspace-invalid' } });
  });
});

/**
 * The core end to end over the real engine, the real disk and the real watcher: a copy of the
 * app's kit and demo home in a temp folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import type { RenderResult, WorkspaceInfo } from '../../shared/api';
import { presetScenario } from '../../shared/scenarios/presets';
import { APP_ROOT } from '../workspace/test-support/app-workspace-copy';
import { startInspectorCore } from './inspector-core';
import { useCoreHarness } from './test-support/core-harness';

const harness = useCoreHarness();
let tmp = '';

function copyWorkspace(): { home: string; packageRoot: string } {
  const { root, home, packageRoot } = harness.appWorkspace('eck-core-');
  tmp = root;
  return { home, packageRoot };
}

async function start(watch: boolean) {
  const choice = copyWorkspace();
  const core = await harness.start({ choice, watch });
  return { core, choice, events: harness.events };
}

const loaded = (r: RenderResult): string[] =>
  r.report.sections.filter((s) => s.status === 'ok').map((s) => s.id);

describe('inspector core (real engine, real disk)', () => {
  it('opens the given workspace and renders the default preset', async () => {
    const { core: c, choice } = await start(false);
    const info = await c.dispatch('getWorkspace', undefined);
    expect(info.ok && (info.value as WorkspaceInfo)).toMatchObject({
      home: choice.home,
      packageRoot: choice.packageRoot,
      homeSource: 'given',
      agents: [{ aid: 'nova.aid.pub' }],
      sessionTypes: expect.arrayContaining(['main', 'auxiliary']),
    });
    const last = await c.dispatch('getLastRender', undefined);
    expect(last.ok).toBe(true);
    const result = (last.ok ? last.value : null) as RenderResult;
    expect(result.report.context.startsWith('<system-reminder>')).toBe(true);
    expect(loaded(result)).toEqual(expect.arrayContaining(['rules', 'persona', 'peer-profile']));
  });

  it('opens a Claude Code project given at start; a missing one fails naming it', async () => {
    const choice = copyWorkspace();
    const project = path.join(APP_ROOT, 'e2e', 'fixtures', 'claude-md-project', 'project');
    const core = await harness.start({ choice, claudeProject: project });
    const opened = await core.dispatch('getClaudeProject', undefined);
    expect(opened.ok && opened.value).toMatchObject({ options: { cwd: project } });
    const missing = path.join(tmp, 'no-such-project');
    await expect(
      startInspectorCore({
        appRoot: APP_ROOT,
        choice,
        watch: false,
        log: () => undefined,
        claudeProject: missing,
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('--claude-project: the working directory does not exist'),
      path: missing,
    });
  });

  it('the coding preset loads rules, session and baseagent only, pushed with the seq it answered', async () => {
    const { core: c, events } = await start(false);
    const r = await c.dispatch('setScenario', presetScenario('coding'));
    const renders = events.filter((e) => e.event === 'onDidRender').map((e) => e.payload as RenderResult);
    expect(renders).toHaveLength(1);
    expect(r).toEqual({ ok: true, value: { seq: renders[0]?.seq } });
    expect(loaded(renders[0] as RenderResult)).toEqual(['rules', 'session', 'baseagent']);
  });

  it('a rules edit on disk reaches the next pushed render, once', async () => {
    const { core: c, choice, events } = await start(true);
    const rule = path.join(choice.packageRoot, 'kits', 'rules', '00-core.md');
    fs.appendFileSync(rule, '\ncore-test-marker\n');
    await until(() => events.some((e) => e.event === 'onDidRender'));
    const renders = events.filter((e) => e.event === 'onDidRender').map((e) => e.payload as RenderResult);
    expect(renders).toHaveLength(1);
    expect(renders[0]?.trigger).toBe('disk');
    expect(renders[0]?.report.context).toContain('core-test-marker');
    expect(events[0]?.event).toBe('onDidChangeOnDisk');
    const last = await c.dispatch('getLastRender', undefined);
    expect(last.ok && (last.value as RenderResult).report.context).toContain('core-test-marker');
  });

  it('1,000 files written at once (a checkout of the kit) become one re-render', async () => {
    const { choice, events } = await start(true);
    const dir = path.join(choice.packageRoot, 'kits', 'rules');
    for (let i = 0; i < 1000; i++)
      fs.writeFileSync(path.join(dir, `zz-${String(i).padStart(4, '0')}.md`), `rule ${i}\n`);
    await until(() => events.some((e) => e.event === 'onDidRender'));
    await new Promise((r) => setTimeout(r, 500));
    const renders = events.filter((e) => e.event === 'onDidRender').map((e) => e.payload as RenderResult);
    expect(renders).toHaveLength(1);
    // The folder limits of the rules section (maxFiles 20) now cut it: the new files were seen.
    const rules = renders[0]?.report.sections.find((s) => s.id === 'rules');
    expect(rules?.truncated?.reason).toBeDefined();
  });

  it('opening a folder without kits/ is a typed error and the old workspace stays open', async () => {
    const { core: c, choice } = await start(false);
    const r = await c.dispatch('openWorkspace', { packageRoot: tmp });
    expect(r).toEqual({
      ok: false,
      error: { code: 'workspace-invalid', message: 'the package root has no kits/ folder', path: tmp },
    });
    const info = await c.dispatch('getWorkspace', undefined);
    expect(info.ok && (info.value as WorkspaceInfo).packageRoot).toBe(choice.packageRoot);
  });

  it('getFile reads a kit file and refuses one outside the workspace', async () => {
    const { core: c, choice } = await start(false);
    const ok = await c.dispatch('getFile', { path: 'kits/rules/00-core.md' });
    expect(ok.ok && ok.value).toMatchObject({
      path: path.join(choice.packageRoot, 'kits', 'rules', '00-core.md'),
    });
    const refused = await c.dispatch('getFile', { path: '/etc/hostname' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'outside-workspace' } });
  });

  it('removes stale temp files of its own pattern: home eck/, settings, bundles/ at start; eck-debug/ on its one listing', async () => {
    const choice = copyWorkspace();
    const settings = path.join(tmp, 'settings');
    const stale = (dir: string, name: string): string => {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `.${name}.4194305.0a1b2c3d.tmp`);
      fs.writeFileSync(file, '{');
      return file;
    };
    const files = [
      stale(path.join(choice.home, 'eck'), 'eck_manifest.json'),
      stale(settings, 'scenarios.json'),
      stale(path.join(settings, 'bundles'), 'snapshot-x.json'),
    ];
    const inDebug = stale(path.join(choice.home, 'data', 'eck-debug'), 'x.json');
    const kept = path.join(choice.home, 'eck', 'eck_manifest.json');
    const before = fs.readFileSync(kept, 'utf8');
    // The harness points the settings folder at tmp/settings.
    const core = await harness.start({ choice });
    for (const f of files) expect(fs.existsSync(f), f).toBe(false);
    expect(fs.readFileSync(kept, 'utf8')).toBe(before);
    // Start does not list eck-debug (1M files in a busy home): the History's listing
    // of it is the one that cleans it, and the temp file is not in that listing.
    expect(fs.existsSync(inDebug)).toBe(true);
    const listed = await core.dispatch('getHistory', undefined);
    expect(listed.ok).toBe(true);
    expect(fs.existsSync(inDebug)).toBe(false);
    expect(JSON.stringify(listed.ok ? listed.value : null)).not.toContain(path.basename(inDebug));
  });
});

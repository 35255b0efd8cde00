/**
 * The promise of "load vars from a snapshot, re-rooted": on an unchanged demo home, every one of
 * its recorded snapshots renders again to exactly the context it recorded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderContext } from '../../shared/engine';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import { createNodeFs, toEnginePath } from '../services/node-fs';
import type { Scenario } from '../../shared/api';
import { listVarsSnapshots, readSnapshotScenario } from './snapshot-source';

const workspace = { packageRoot: toEnginePath(APP_ROOT), home: toEnginePath(DEMO_HOME) };
const render = (s: Scenario) =>
  renderContext(
    {
      ...workspace,
      vars: s.vars,
      sessionType: s.sessionType,
      ...(s.manifestFile === null ? {} : { manifestFile: s.manifestFile }),
    },
    createNodeFs(),
  );

describe('snapshot scenarios of the demo home', () => {
  const snapshots = listVarsSnapshots(DEMO_HOME);

  it('lists the 45 snapshots newest first', () => {
    expect(snapshots).toHaveLength(45);
    expect(snapshots[0]?.key).toMatch(/-2$/); // the same-second pair: -2 is the newest
    const times = snapshots.map((s) => s.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('re-rooted, every snapshot reproduces its recorded context exactly', () => {
    const engineFs = createNodeFs();
    for (const { key } of snapshots) {
      // evolcore's files record no manifest choice: the render tells it (infer-manifest.ts).
      const read = readSnapshotScenario(workspace, key, true, render);
      const { vars, sessionType, manifestFile } = read.scenario;
      const report = renderContext(
        { ...workspace, vars, sessionType, ...(manifestFile === null ? {} : { manifestFile }) },
        engineFs,
      );
      expect(report.context, key).toBe(read.recordedContext);
      // Derived again from the workspace, not pinned to the recorded machine.
      expect(read.scenario.vars['PACKAGE_ROOT'], key).toBeUndefined();
    }
  });

  it('not re-rooted, the recorded paths stay and point where nothing is', () => {
    const key = snapshots.find((s) => s.key.endsWith('08-00-00'))?.key ?? '';
    const read = readSnapshotScenario(workspace, key, false);
    expect(read.scenario.vars['KITS']).toBe('/opt/evolcore/kits');
    const report = renderContext({ ...workspace, vars: read.scenario.vars }, createNodeFs());
    // The manifest is the workspace's (evolcore reads it from its package root), but every
    // section path under the recorded kit points where this machine has nothing.
    expect(report.sections.find((s) => s.id === 'rules')?.status).toBe('not-exist');
    expect(report.context).not.toBe(read.recordedContext);
  });

  it('refuses keys that are not snapshot keys, and says which snapshot lacks vars', () => {
    expect(() => readSnapshotScenario(workspace, '../../etc/passwd', true)).toThrow(/not a snapshot key/);
    expect(() => readSnapshotScenario(workspace, '1999-01-01-00-00-00', true)).toThrow(/no vars file/);
  });
});

describe('a home without history', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-no-history-'));
  afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));
  it('lists nothing', () => {
    expect(listVarsSnapshots(empty)).toEqual([]);
  });
});

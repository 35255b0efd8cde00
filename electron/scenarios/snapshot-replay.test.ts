/**
 * The promise of "load vars from a snapshot, re-rooted": on an unchanged demo home, every one of
 * its recorded snapshots renders again to exactly the context it recorded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderContext } from '../../shared/engine/render';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import { createNodeFs, toEnginePath } from '../services/node-fs';
import { listVarsSnapshots, readSnapshotScenario } from './snapshot-source';
import { inferManifest } from '../history-api/infer-manifest';
import { parseManifestReport } from '../../shared/debug-files/parse-manifest-report';

const workspace = { packageRoot: toEnginePath(APP_ROOT), home: toEnginePath(DEMO_HOME) };

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
    const render = (scenario: ReturnType<typeof readSnapshotScenario>['scenario']) => {
      const { vars, sessionType, manifestFile } = scenario;
      return renderContext(
        { ...workspace, vars, sessionType, ...(manifestFile === null ? {} : { manifestFile }) },
        engineFs,
      );
    };
    for (const { key } of snapshots) {
      const read = readSnapshotScenario(workspace, key, true);
      // evolcore's files record no manifest file: take the one whose render lists the recorded ids.
      const reportText = fs.readFileSync(
        path.join(DEMO_HOME, 'data', 'eck-debug', `manifest-${key}.md`),
        'utf8',
      );
      const parsed = parseManifestReport(reportText);
      if (!parsed.ok) throw new Error(`${key}: manifest report unreadable`);
      const ids = parsed.value.sections.map((s) => s.id);
      const { report } = inferManifest(read.scenario, ids, workspace.packageRoot, render);
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
    // evolcore reads its manifest from its own package (kitsDir()), not from vars.KITS: the
    // manifest is found, but its sections resolve to the recorded machine's paths.
    expect(report.rendered).toBe(true);
    const kitSections = report.sections.filter(
      (s) => s.rawPath?.startsWith('$KITS') && s.status !== 'when-false' && s.status !== 'disabled',
    );
    expect(kitSections.length).toBeGreaterThan(0);
    for (const s of kitSections) {
      expect(s.resolvedPath, s.id).toMatch(/^\/opt\/evolcore\//);
      expect(s.status, s.id).toBe('not-exist');
    }
    expect(report.context).toBe('');
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

/**
 * The debug files of real renders (default kit, demo home, every preset) read back by the
 * History's parsers: the vars replay as the render's vars, the context and fragments are the
 * report's, and evolcore's report gives each section the status the engine gave it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderContext } from '../../shared/engine';
import { SCENARIO_PRESETS } from '../../shared/scenarios/presets';
import { parseManifestReport, parseVarsFile } from '../../shared/debug-files/parse';
import { paramDescriptionZh } from '../../shared/debug-files/param-descriptions';
import { createNodeFs } from '../services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import { writeDebugFiles } from './write-debug-files';

const dir = mkdtempSync(join(tmpdir(), 'eck-debug-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(SCENARIO_PRESETS.map((p) => [p.id, p.scenario] as const))(
  'debug files of the %s preset',
  (_id, scenario) => {
    const report = renderContext(
      {
        packageRoot: APP_ROOT,
        home: DEMO_HOME,
        vars: scenario.vars,
        sessionType: scenario.sessionType,
        ...(scenario.manifestFile ? { manifestFile: scenario.manifestFile } : {}),
      },
      createNodeFs(),
    );
    const written = writeDebugFiles(dir, report, new Date(Date.UTC(2026, 11, 1, 12, 0, 0)));
    const read = (kind: string): string | null => {
      const file = written.files.find((f) => f.slice(dir.length + 1).startsWith(`${kind}-`));
      return file === undefined ? null : readFileSync(file, 'utf8');
    };

    it('records every set var, in order, with its description', () => {
      const vars = parseVarsFile(read('vars') as string);
      if (!vars.ok) throw new Error(vars.error);
      const set = Object.entries(report.vars).filter(([, v]) => v !== null && v !== undefined);
      expect(vars.value.shape).toBe('params');
      expect(Object.keys(vars.value.vars)).toEqual(set.map(([k]) => k));
      expect(vars.value.vars).toEqual(JSON.parse(JSON.stringify(Object.fromEntries(set))));
      for (const name of Object.keys(vars.value.vars))
        expect(vars.value.descriptions[name]).toBe(paramDescriptionZh(name));
    });

    it('writes the context and the injected blocks verbatim, or no file when empty', () => {
      expect(read('context')).toBe(report.context === '' ? null : report.context);
      expect(read('fragments')).toBe(report.fragments === '' ? null : report.fragments);
    });

    it("reads each section's status back from evolcore's report", () => {
      const parsed = parseManifestReport(read('manifest') as string);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.value.source).toBe('evolcore');
      expect(parsed.value.sections.map((s) => [s.id, s.status, s.files, s.truncated])).toEqual(
        report.sections.map((s) => [s.id, s.status, s.debug.fileCount, s.truncated !== null]),
      );
    });
  },
);

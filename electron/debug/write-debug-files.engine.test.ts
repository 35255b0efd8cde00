/**
 * The debug files of real renders (default kit, demo home): what the report says must be what
 * the files say, read back by our own lenient parsers, through the summary and the table alike.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderContext } from '../../shared/engine/render';
import { describeVarZh } from '../../shared/vars/catalog';
import { SCENARIO_PRESETS } from '../../shared/scenarios/presets';
import { parseManifestReport, parseVarsFile } from '../../shared/debug-files/parse';
import { sectionUsed, statusLabel } from '../../shared/debug-files/report-summary';
import { createNodeFs } from '../services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import { writeDebugFiles } from './write-debug-files';

const dir = mkdtempSync(join(tmpdir(), 'eck-debug-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(SCENARIO_PRESETS.map((p) => [p.id, p.scenario] as const))(
  'debug files of the %s preset',
  (_id, scenario) => {
    const report = renderContext(
      { packageRoot: APP_ROOT, home: DEMO_HOME, vars: scenario.vars, sessionType: scenario.sessionType },
      createNodeFs(),
    );
    const written = writeDebugFiles(
      dir,
      report,
      scenario.vars,
      describeVarZh,
      new Date(2026, 11, 1, 12, 0, 0),
    );
    const [varsText, contextText, fragmentsText, manifestText] = written.files.map((f) =>
      readFileSync(f, 'utf8'),
    );

    it('records every effective var with its Chinese description', () => {
      const vars = parseVarsFile(varsText as string);
      if (!vars.ok) throw new Error(vars.error);
      expect(vars.value.vars).toEqual(JSON.parse(JSON.stringify(report.vars)));
      expect(Object.keys(vars.value.vars)).toEqual(expect.arrayContaining(Object.keys(report.pathVars)));
      for (const name of Object.keys(vars.value.vars))
        expect(vars.value.descriptions[name]).toBe(describeVarZh(name));
    });

    it('writes the context verbatim and only template sections into fragments', () => {
      expect(contextText).toBe(report.context);
      for (const s of report.sections) {
        if (!s.span) continue;
        const block = report.context.slice(s.span.start, s.span.end);
        if (s.needsInjection) expect(fragmentsText).toContain(block);
        else if (
          !report.sections.some(
            (t) =>
              t.needsInjection && t.span && report.context.slice(t.span.start, t.span.end).includes(block),
          )
        ) {
          expect(fragmentsText).not.toContain(block);
        }
      }
    });

    it('reads the same per-section facts back from the summary and from the table', () => {
      const fromSummary = parseManifestReport(manifestText as string);
      const fromTable = parseManifestReport(
        (manifestText as string).slice(0, (manifestText as string).indexOf('## Summary')),
      );
      if (!fromSummary.ok || !fromTable.ok) throw new Error('report did not parse');
      expect(fromSummary.value.source).toBe('summary');
      expect(fromTable.value.source).toBe('table');
      const expected = report.sections.map((s) => ({
        id: s.id,
        status: s.status,
        pathStatus: statusLabel(s.status).replace(/ \(.*$/, ''),
        used: sectionUsed(s),
        injected: s.needsInjection,
        bytes: s.bytes,
        files: s.files.length,
        unresolved: [...s.unresolved],
        truncated: s.truncated !== null,
        order: s.order,
        whenResult: s.when.result,
      }));
      expect(fromSummary.value.sections).toEqual(expected);
      expect(fromTable.value.sections).toEqual(expected);
      expect(fromSummary.value.sessionType).toBe(report.manifestChoice.sessionType);
      expect(fromTable.value.manifestFile).toBe(report.manifestFile);
    });
  },
);

/**
 * The public conformance cases (../shared/conformance/cases), rendered in-process through
 * the Node adapter and checked as run.mjs checks them: exact context, statuses in order,
 * totals, truncations, unresolved tokens, diagnostic codes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderInput } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { APP_ROOT } from './app-paths';
import { createNodeFs, toEnginePath } from './node-fs';

const CASES = path.resolve(APP_ROOT, '..', 'shared', 'conformance', 'cases');
const cases = fs.existsSync(CASES)
  ? fs.readdirSync(CASES).filter((n) => fs.existsSync(path.join(CASES, n, 'case.json')))
  : [];

interface Expected {
  manifestFile?: string;
  sections?: Record<string, string>;
  totals?: { files?: number; bytes?: number; overTotal?: string[] };
  truncated?: Record<string, { reason: string; notLoaded: number }>;
  diagnostics?: string[];
  unresolved?: Record<string, string[]>;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

describe.skipIf(cases.length === 0)('conformance cases, in-process', () => {
  it.each(cases)('%s', (name) => {
    const dir = path.join(CASES, name);
    const spec = readJson<{ args?: string[]; expectExit?: number }>(path.join(dir, 'case.json'));
    const args = spec.args ?? [];
    const opt = (flag: string): string | undefined => {
      const i = args.indexOf(flag);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const home = path.join(dir, 'home');
    const sessionType = opt('--session-type');
    const manifestFile = opt('--manifest');
    const input: RenderInput = {
      packageRoot: toEnginePath(path.join(dir, 'package')),
      home: toEnginePath(home),
      vars: readJson(path.join(dir, 'vars.json')),
      ...(sessionType ? { sessionType } : {}),
      ...(manifestFile ? { manifestFile } : {}),
    };
    const report = renderContext(input, createNodeFs());
    if (spec.expectExit === 1) {
      expect(report.rendered).toBe(false);
      return;
    }
    expect(report.rendered).toBe(true);
    const mdFile = path.join(dir, 'expected.md');
    if (fs.existsSync(mdFile)) expect(report.context).toBe(fs.readFileSync(mdFile, 'utf8'));
    const jsonFile = path.join(dir, 'expected.json');
    if (!fs.existsSync(jsonFile)) return;
    const exp = readJson<Expected>(jsonFile);
    if (exp.manifestFile !== undefined) expect(report.manifestFile).toBe(exp.manifestFile);
    if (exp.sections !== undefined)
      expect(Object.fromEntries(report.sections.map((s) => [s.id, s.status]))).toEqual(exp.sections);
    if (exp.sections !== undefined)
      expect(report.sections.map((s) => s.id)).toEqual(Object.keys(exp.sections));
    if (exp.totals?.files !== undefined) expect(report.totals.files).toBe(exp.totals.files);
    if (exp.totals?.bytes !== undefined) expect(report.totals.bytes).toBe(exp.totals.bytes);
    if (exp.totals?.overTotal !== undefined) expect(report.totals.overTotal).toEqual(exp.totals.overTotal);
    if (exp.truncated !== undefined) {
      const got = Object.fromEntries(
        report.sections
          .filter((s) => s.truncated)
          .map((s) => [s.id, { reason: s.truncated?.reason, notLoaded: s.truncated?.notLoaded }]),
      );
      expect(got).toEqual(exp.truncated);
    }
    for (const [id, tokens] of Object.entries(exp.unresolved ?? {})) {
      expect([...(report.sections.find((s) => s.id === id)?.unresolved ?? [])].sort()).toEqual(
        [...tokens].sort(),
      );
    }
    const codes = report.diagnostics.map((d) => d.code);
    for (const code of exp.diagnostics ?? []) expect(codes).toContain(code);
  });
});

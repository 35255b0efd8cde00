/**
 * Named scenarios and their JSON file: what is saved in the app's settings folder,
 * and what "export" writes and "import" reads.
 */
import type { Scenario } from './scenario';
import { PRESET_IDS, scenarioSchema } from './scenario';
import { parseVarsFile } from '../debug-files/parse-vars';
import { parseJsonText } from '../engine';
import { isPlainObject } from '../base/is-plain-object';

/** A scenario saved under a name. */
export interface SavedScenario {
  readonly name: string;
  readonly scenario: Scenario;
  /** `Date.now()` of the last save. */
  readonly savedAt: number;
}

/** Marker of an exported scenario file. */
export const SCENARIO_FILE_FORMAT = 'eck-inspector-scenario';
/** Version of the exported file's shape. */
export const SCENARIO_FILE_VERSION = 1;

/** Longest name a scenario may have. */
export const MAX_SCENARIO_NAME = 120;

/** Why a name cannot be used, or `null` when it can (trimmed, non-empty, printable, short). */
export function scenarioNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'a scenario needs a name';
  if (trimmed.length > MAX_SCENARIO_NAME) return `a name has at most ${MAX_SCENARIO_NAME} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'a name cannot hold control characters';
  return null;
}

/** The text of an exported scenario file. */
export function scenarioFileText(name: string, scenario: Scenario): string {
  return `${JSON.stringify({ format: SCENARIO_FILE_FORMAT, version: SCENARIO_FILE_VERSION, name, scenario }, null, 2)}\n`;
}

/** A file name for an export: the name with unsafe characters replaced. */
export function scenarioFileName(name: string): string {
  const safe = name
    .trim()
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe === '' ? 'scenario' : safe}.scenario.json`;
}

/** What an import read. */
export type ImportedScenario =
  | {
      readonly ok: true;
      readonly name: string | null;
      readonly scenario: Scenario;
      readonly note: string | null;
      /** The file was a vars file (any `vars-<ts>.json` shape), not a scenario. */
      readonly varsFile: boolean;
    }
  | { readonly ok: false; readonly error: string };

/** A scenario from a loosely shaped object: missing fields take their defaults. */
function looseScenario(value: Record<string, unknown>): Scenario | string {
  const presetId = value['presetId'];
  const candidate = {
    presetId:
      typeof presetId === 'string' && (PRESET_IDS as readonly string[]).includes(presetId) ? presetId : null,
    vars: value['vars'],
    sessionType:
      typeof value['sessionType'] === 'string' && value['sessionType'] !== '' ? value['sessionType'] : 'main',
    manifestFile: typeof value['manifestFile'] === 'string' ? value['manifestFile'] : null,
  };
  const parsed = scenarioSchema.safeParse(candidate);
  if (!parsed.success)
    return parsed.error.issues.map((i) => `${i.path.join('.') || 'scenario'}: ${i.message}`).join('; ');
  return parsed.data;
}

/**
 * Reads an imported file: our export, a bare scenario (`{vars, sessionType, …}`) or, leniently,
 * a bare vars object (then session type `main`, and a note says so).
 */
export function parseScenarioFile(text: string): ImportedScenario {
  const json = parseJsonText(text);
  if (!json.ok) return { ok: false, error: `not JSON: ${json.line}:${json.column}: ${json.message}` };
  const top: unknown = json.value;
  if (!isPlainObject(top) && !Array.isArray(top))
    return { ok: false, error: 'a scenario file holds a JSON object' };
  if (Array.isArray(top)) return asVarsFile(text);
  if (top['format'] === SCENARIO_FILE_FORMAT || isPlainObject(top['scenario'])) {
    if (!isPlainObject(top['scenario'])) return { ok: false, error: 'the file has no "scenario" object' };
    const scenario = looseScenario(top['scenario']);
    if (typeof scenario === 'string') return { ok: false, error: scenario };
    const name =
      typeof top['name'] === 'string' && scenarioNameProblem(top['name']) === null
        ? top['name'].trim()
        : null;
    return { ok: true, name, scenario, note: null, varsFile: false };
  }
  if (isPlainObject(top['vars'])) {
    const scenario = looseScenario(top);
    if (typeof scenario === 'string') return { ok: false, error: scenario };
    return { ok: true, name: null, scenario, note: null, varsFile: false };
  }
  return asVarsFile(text);
}

/** A vars file in any shape the debug files use (plain, `{name: {value, description}}`, split, list). */
function asVarsFile(text: string): ImportedScenario {
  const parsed = parseVarsFile(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return {
    ok: true,
    name: null,
    scenario: { presetId: null, vars: { ...parsed.value.vars }, sessionType: 'main', manifestFile: null },
    note: `read as a vars file (${parsed.value.shape}; session type main)`,
    varsFile: true,
  };
}

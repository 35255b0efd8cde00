/**
 * Named scenarios in one JSON file of the app's settings folder: list, save, rename, delete.
 *
 * One file, written whole through a temp file and a rename, so a crash never leaves half a
 * list; an unreadable file is kept aside (`scenarios.json.broken-<ms>`) rather than lost.
 */
import fs from 'node:fs';
import { ApiFailure } from '../../shared/api';
import type { Scenario } from '../../shared/scenarios/scenario';
import { scenarioSchema } from '../../shared/scenarios/scenario';
import type { SavedScenario } from '../../shared/scenarios/scenario-file';
import { scenarioNameProblem } from '../../shared/scenarios/scenario-file';
import { writeTextAtomic } from '../services/pinned-write';

/** Shape of the file on disk. */
interface StoreFile {
  readonly version: 1;
  readonly scenarios: readonly SavedScenario[];
}

/** Named scenarios kept in one file. */
export class ScenarioStore {
  readonly file: string;
  private readonly now: () => number;

  constructor(file: string, now: () => number = Date.now) {
    this.file = file;
    this.now = now;
  }

  /** Every saved scenario, by name (locale order). */
  list(): SavedScenario[] {
    return [...this.read()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Saves under `name`; an existing name is replaced only with `overwrite`. */
  save(name: string, scenario: Scenario, overwrite = false): SavedScenario {
    const clean = checkedName(name);
    const all = this.read();
    const existing = all.findIndex((s) => s.name === clean);
    if (existing >= 0 && !overwrite) {
      throw new ApiFailure('conflict', `a scenario named "${clean}" exists already`);
    }
    const saved: SavedScenario = { name: clean, scenario, savedAt: this.now() };
    const next = existing >= 0 ? all.map((s, i) => (i === existing ? saved : s)) : [...all, saved];
    this.write(next);
    return saved;
  }

  /** Renames; the new name must be free. */
  rename(from: string, to: string): SavedScenario {
    const clean = checkedName(to);
    const all = this.read();
    const found = all.find((s) => s.name === from);
    if (found === undefined) throw new ApiFailure('not-found', `no scenario named "${from}"`);
    if (clean !== from && all.some((s) => s.name === clean)) {
      throw new ApiFailure('conflict', `a scenario named "${clean}" exists already`);
    }
    const renamed = { ...found, name: clean };
    this.write(all.map((s) => (s === found ? renamed : s)));
    return renamed;
  }

  /** Deletes by name; deleting a name that is not there is an error (the list was stale). */
  delete(name: string): void {
    const all = this.read();
    if (!all.some((s) => s.name === name)) throw new ApiFailure('not-found', `no scenario named "${name}"`);
    this.write(all.filter((s) => s.name !== name));
  }

  private read(): SavedScenario[] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ApiFailure('read-error', `cannot read the saved scenarios: ${String(error)}`, this.file);
    }
    const parsed = parseStoreFile(text);
    if (parsed === null) {
      // Keep the broken file for the user instead of overwriting it on the next save.
      const aside = `${this.file}.broken-${this.now()}`;
      fs.renameSync(this.file, aside);
      return [];
    }
    return parsed;
  }

  private write(scenarios: readonly SavedScenario[]): void {
    const body: StoreFile = { version: 1, scenarios };
    try {
      writeTextAtomic(this.file, `${JSON.stringify(body, null, 2)}\n`);
    } catch (error) {
      throw new ApiFailure('write-error', `cannot save the scenarios: ${String(error)}`, this.file);
    }
  }
}

function checkedName(name: string): string {
  const problem = scenarioNameProblem(name);
  if (problem !== null) throw new ApiFailure('invalid-input', problem);
  return name.trim();
}

/** The scenarios of a store file; entries that are not valid scenarios are dropped. `null` if unreadable. */
export function parseStoreFile(text: string): SavedScenario[] | null {
  let top: unknown;
  try {
    top = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof top !== 'object' || top === null || !Array.isArray((top as { scenarios?: unknown }).scenarios))
    return null;
  const out: SavedScenario[] = [];
  for (const entry of (top as { scenarios: unknown[] }).scenarios) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const scenario = scenarioSchema.safeParse(e['scenario']);
    if (typeof e['name'] !== 'string' || !scenario.success) continue;
    out.push({
      name: e['name'],
      scenario: scenario.data,
      savedAt: typeof e['savedAt'] === 'number' ? e['savedAt'] : 0,
    });
  }
  return out;
}

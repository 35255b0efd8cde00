/**
 * The layering ESLint enforces (ARCHITECTURE.md, eslint-rules/layers.js): imports
 * planted where they must not be are refused by `npm run lint`, and the same imports where they
 * belong pass. Lints text as if it were a file at that path, with the repo's own config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The import findings (layers and restricted packages) for `code` as the file `file`. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'local/layers' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const planted = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;

describe('layers ESLint refuses', () => {
  it.each([
    ['the engine importing the API contract', 'shared/engine/planted.ts', '../api/wire'],
    ['the engine importing the lint', 'shared/engine/planted.ts', '../lint/kit-lint'],
    ['the engine importing the history', 'shared/engine/template/planted.ts', '../../history/bundle'],
    ['the format module importing the engine', 'shared/format/planted.ts', '../engine'],
    ['the base importing the format module', 'shared/base/planted.ts', '../format/section-types'],
    ['the base importing the engine', 'shared/base/planted.ts', '../engine/when'],
    ['shared/ importing electron/', 'shared/history/planted.ts', '../../electron/api/dispatch'],
    ['shared/ importing renderer/', 'shared/api/planted.ts', '../../renderer/src/store/app-state'],
    ['electron/ importing renderer/', 'electron/api/planted.ts', '../../renderer/src/main'],
    ['renderer/ importing electron/', 'renderer/src/planted.ts', '../../electron/api/dispatch'],
    [
      'a panel importing electron/',
      'renderer/src/panels/vars/planted.ts',
      '../../../../electron/api/dispatch',
    ],
    [
      'a shared component importing a panel',
      'renderer/src/components/planted.tsx',
      '../panels/claude-md/claude-store',
    ],
    [
      'a panel importing another panel',
      'renderer/src/panels/timeline/planted.tsx',
      '../context/context-panel',
    ],
    ['the store importing a panel', 'renderer/src/store/planted.ts', '../panels/history/history-store'],
    ['the store importing a component', 'renderer/src/store/planted.ts', '../components/bytes'],
    ['a transport importing the store', 'renderer/src/api/planted.ts', '../store/app-state'],
    ['electron/ reaching into an engine file', 'electron/api/planted.ts', '../../shared/engine/when'],
    ['shared/ reaching into an engine file', 'shared/lint/planted.ts', '../engine/template/scan'],
    ['the renderer reaching into an engine file', 'renderer/src/planted.ts', '../../shared/engine/types'],
    ['a script reaching into an engine file', 'scripts/planted.ts', '../shared/engine/merge'],
    ['shared/ importing node', 'shared/history/planted.ts', 'node:fs'],
    ['a service importing a handler table', 'electron/history/planted.ts', './history-handlers'],
    ['a service importing the API side', 'electron/workspace/planted.ts', '../api/dispatch'],
    ['a service importing a transport', 'electron/verify/planted.ts', '../cli/io'],
    ['a handler importing a transport', 'electron/api/planted.ts', '../serve/server'],
    ['a feature handler importing the desktop shell', 'electron/scenarios/planted-handlers.ts', '../main'],
    ['the history importing the API contract', 'shared/history/planted.ts', '../api/snapshot-scenario-read'],
    ['the scenarios importing the API contract', 'shared/scenarios/planted.ts', '../api/methods'],
    ['the debug-file formats importing the API contract', 'shared/debug-files/planted.ts', '../api/wire'],
    ['the renderer importing node', 'renderer/src/planted.ts', 'node:path'],
  ])('%s', async (_label, file, from) => {
    expect(await importErrors(file, planted(from))).toHaveLength(1);
  });

  it.each([
    ['the rest of shared/ importing the engine index', 'shared/lint/planted.ts', '../engine'],
    ['electron/ importing the engine index', 'electron/api/planted.ts', '../../shared/engine'],
    ['the engine importing its own files', 'shared/engine/planted.ts', './when'],
    ['the engine importing the format module', 'shared/engine/planted.ts', '../format/section-types'],
    ['the engine importing the base', 'shared/engine/planted.ts', '../base/posix-path'],
    ['the app shell importing the panel registry', 'renderer/src/planted.tsx', './panels/registry'],
    ['a panel importing its own files', 'renderer/src/panels/timeline/planted.tsx', './timeline-rows'],
    ['the panel registry importing a panel', 'renderer/src/panels/registry.ts', './timeline/timeline-panel'],
    ['a panel importing a component', 'renderer/src/panels/vars/planted.tsx', '../../components/bytes'],
    ['a component reading the store', 'renderer/src/components/planted.tsx', '../store/store-context'],
    ['the store importing a transport type', 'renderer/src/store/planted.ts', '../api/connection-state'],
    [
      'another folder\u2019s test importing the engine fixtures',
      'shared/lint/planted.test.ts',
      '../engine/__fixtures__/kit',
    ],
    ['electron/ importing node', 'electron/api/planted.ts', 'node:fs'],
    ['a handler table importing its services', 'electron/history/planted-handlers.ts', './history-service'],
    ['the API side importing a feature handler', 'electron/api/planted.ts', '../history/history-handlers'],
    ['a transport importing the API side', 'electron/serve/planted.ts', '../api/dispatch'],
    [
      'a service\u2019s test driving it through the API side',
      'electron/history/planted.test.ts',
      '../api/dispatch',
    ],
    ['the API contract importing the history', 'shared/api/planted.ts', '../history/bundle'],
    ['the API contract importing the scenarios', 'shared/api/planted.ts', '../scenarios/scenario'],
  ])('but allows %s', async (_label, file, from) => {
    expect(await importErrors(file, planted(from))).toEqual([]);
  });

  it('names the floors of electron/ and says why', async () => {
    const [message] = await importErrors('electron/history/planted.ts', planted('./history-handlers'));
    expect(message).toContain('electron/services may not import electron/handlers');
    expect(message).toContain('services sit below the handlers');
  });

  it('names both layers and says why', async () => {
    const [message] = await importErrors('shared/engine/planted.ts', planted('../history/bundle'));
    expect(message).toContain('shared/engine may not import shared (shared/history/bundle)');
    expect(message).toContain('the engine imports only the base and the format');
  });
});

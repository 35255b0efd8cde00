/**
 * The layering ESLint enforces (STYLE.md, issue 15): imports planted where they must not be are
 * refused by `npm run lint`. Lints text as if it were a file at that path, with the repo config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers ESLint refuses', () => {
  it.each([
    [
      'the engine importing the API contract',
      'shared/engine/planted.ts',
      "import { x } from '../api/testing/stub-report';\nexport const y = x;\n",
    ],
    [
      'the engine importing the lint',
      'shared/engine/planted.ts',
      "import { lintKit } from '../lint/kit-lint';\nexport const y = lintKit;\n",
    ],
    [
      'electron/ importing renderer/',
      'electron/api/planted.ts',
      "import { x } from '../../renderer/src/main';\nexport const y = x;\n",
    ],
    [
      'shared/ importing node',
      'shared/history/planted.ts',
      "import fs from 'node:fs';\nexport const y = fs;\n",
    ],
    [
      'renderer/ importing electron/',
      'renderer/src/planted.ts',
      "import { x } from '../../electron/api/dispatch';\nexport const y = x;\n",
    ],
  ])('%s', async (_label, file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it('the same imports where they belong pass', async () => {
    expect(
      await importErrors(
        'shared/lint/planted.ts',
        "import { parseWhen } from '../engine/when';\nexport const y = parseWhen;\n",
      ),
    ).toEqual([]);
    expect(
      await importErrors('electron/api/planted.ts', "import fs from 'node:fs';\nexport const y = fs;\n"),
    ).toEqual([]);
  });
});

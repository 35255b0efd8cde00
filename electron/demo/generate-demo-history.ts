/**
 * `npm run demo:history`: regenerates `kits/demo-home/data/eck-debug/` with the engine and
 * the debug writer, so the demo history is exactly what the inspector itself records.
 */
import fs from 'node:fs';
import { renderContext } from '../../shared/engine';
import { createNodeFs, toEnginePath } from '../services/node-fs';
import { APP_ROOT, DEMO_HOME } from '../services/app-paths';
import { writeDebugFiles } from '../history/write-debug-files';
import { debugDirOf } from '../history/debug-dir';
import { createVirtualRootFs } from './virtual-root-fs';
import { demoRenders } from './demo-scenarios';

/** Where the demo pretends the kit and the home live (see virtual-root-fs.ts). */
export const DEMO_VIRTUAL_PACKAGE_ROOT = '/opt/evolcore';
export const DEMO_VIRTUAL_HOME = '/home/demo/.evolcore';

/** Writes the demo history into `home` (default: the demo home); returns the snapshot count. */
export function generateDemoHistory(home: string = DEMO_HOME, packageRoot: string = APP_ROOT): number {
  const dir = debugDirOf(home);
  fs.rmSync(dir, { recursive: true, force: true });
  const engineFs = createVirtualRootFs(createNodeFs(), {
    [DEMO_VIRTUAL_PACKAGE_ROOT]: toEnginePath(packageRoot),
    [DEMO_VIRTUAL_HOME]: toEnginePath(home),
  });
  let count = 0;
  for (const { at, scenario } of demoRenders()) {
    const report = renderContext(
      {
        packageRoot: DEMO_VIRTUAL_PACKAGE_ROOT,
        home: DEMO_VIRTUAL_HOME,
        vars: scenario.vars,
        sessionType: scenario.sessionType,
        ...(scenario.manifestFile ? { manifestFile: scenario.manifestFile } : {}),
      },
      engineFs,
    );
    writeDebugFiles(dir, report, at);
    count++;
  }
  return count;
}

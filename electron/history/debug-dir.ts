/**
 * Where evolcore keeps its debug files: `$EVOLCORE_HOME/data/eck-debug/` ("调试机制").
 */
import { join } from 'node:path';

/** The eck-debug folder of a home. */
export function debugDirOf(home: string): string {
  return join(home, 'data', 'eck-debug');
}

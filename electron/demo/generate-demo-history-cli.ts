/** Entry point of `npm run demo:history`. */
import { generateDemoHistory } from './generate-demo-history';
import { debugDirOf } from '../history/debug-dir';
import { DEMO_HOME } from '../services/app-paths';

const n = generateDemoHistory();
process.stdout.write(`wrote ${n} snapshots to ${debugDirOf(DEMO_HOME)}\n`);

/**
 * Child process of the kill test: imports a home's eck-debug into an archive in small
 * batches, so the parent can SIGKILL it between (or inside) two of them.
 * Usage: tsx import-child.ts HOME ARCHIVE_DIR
 */
import { ArchiveStore } from '../archive-store';
import { importEckDebug } from '../import-eck-debug';
import { debugDirOf } from '../../history/debug-dir';

const [home, dir] = process.argv.slice(2) as [string, string];
const store = ArchiveStore.openWriter(dir);
process.stdout.write('open\n');
await importEckDebug({ debugDir: debugDirOf(home), store, settleMs: 0, batchSnapshots: 5 });
store.close();
process.stdout.write('done\n');

/**
 * Whether the built renderer is older than its sources, so `serve` can say "rebuild" instead
 * of silently showing yesterday's UI. Only meaningful in a source checkout (packaged apps have
 * no renderer/src).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time of the files under `dir` (recursive), 0 when it does not exist. */
export function newestMtime(dir: string): number {
  let newest = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** `true` when some renderer or shared source changed after `dist/renderer/index.html` was built. */
export function isRendererStale(appRoot: string, staticDir: string): boolean {
  let built: number;
  try {
    built = fs.statSync(path.join(staticDir, 'index.html')).mtimeMs;
  } catch {
    return false;
  }
  const sources = Math.max(
    newestMtime(path.join(appRoot, 'renderer', 'src')),
    newestMtime(path.join(appRoot, 'shared')),
  );
  return sources > built;
}

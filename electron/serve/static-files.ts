/**
 * Serves the built renderer (`vite build` output) from one folder, never outside it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Content types of what Vite emits. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A file to send. */
export interface StaticFile {
  readonly absPath: string;
  readonly contentType: string;
  readonly isHtml: boolean;
}

/** `true` when the renderer has been built into `dir`. */
export function isRendererBuilt(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'index.html'));
}

/** Maps a URL path to a file in `root`; `null` for anything missing or outside it. */
export function resolveStatic(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const abs = path.resolve(root, rel);
  const inside = path.relative(path.resolve(root), abs);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const ext = path.extname(abs).toLowerCase();
  return { absPath: abs, contentType: TYPES[ext] ?? 'application/octet-stream', isHtml: ext === '.html' };
}

/**
 * The source of the long-lived driver that runs evolcore's real engine for `npm run compare:real`.
 *
 * It is our own code, kept here as text because it only compiles next to the staged real engine
 * (it imports `./src/eck/*.js`, which is not ours and never enters this repository): the script
 * writes it into `$EVOLCLAW_REAL_DIR/compare-driver.ts` at run time and starts it once with tsx.
 *
 * Protocol: one JSON job per stdin line, one JSON answer per stdout line, in order.
 *   job    {id, packageRoot, home, cwd, vars, sessionId, manifestFile}
 *   answer {id, context, error, walk, debugWrites, renderMs}
 *   a message job {…, message: {items, now}} → {id, body, error} (the real renderMessageBody)
 * Per job the driver points the real stubs at the job's folders (they read ECK_PACKAGE_ROOT and
 * EVOLCLAW_HOME on every call and cache nothing) and changes into `cwd` (relative section paths
 * resolve against the process's working directory). The real render's four debug writes are
 * swallowed (their text is built before the write, so a throw in it still surfaces): thousands of
 * renders would otherwise leave thousands of files and cost most of the time.
 *
 * `walk` repeats the render loop with the real engine's exported primitives, as
 * tools/evolclaw-oracle/stubs/real-diag.ts does, to learn what the returned string does not say:
 * totals (files, bytes, over-total ids) and each section's status. It is trusted only when the
 * context it rebuilds equals the real render's (`walk.agrees`).
 */
export const REAL_DRIVER_FILE = 'compare-driver.ts';

export const REAL_DRIVER_SOURCE = String.raw`// Written by ECK Inspector's scripts/compare-real (own code, not evolclaw's). Safe to delete.
import fs from 'fs';
import readline from 'readline';
import { renderKitSections } from './src/eck/kit-renderer.js';
import {
  loadManifest, loadManifestMeta, evaluateWhen, resolvePathWithDiag, loadSectionFiles,
  loadChildTemplate, renderLoopSection, renderTemplate, buildPathMappings, shortenPath,
} from './src/eck/manifest-engine.js';

const fsAny = fs as any;
const realWriteFile = fsAny.writeFile;
let debugWrites: string[] = [];
let passWrites = false;
fsAny.writeFile = (file: string, data: unknown, cb?: (e: unknown) => void) => {
  if (passWrites) return realWriteFile(file, data, cb);
  debugWrites.push(String(file).split(/[\\/]/).pop() ?? '');
  if (typeof cb === 'function') cb(null);
};

function errOf(e: unknown) {
  return { name: (e as Error)?.name ?? 'Error', message: (e as Error)?.message ?? String(e) };
}

function walk(vars: any, manifestFile: string, realContext: string) {
  const sections = loadManifest(manifestFile) as any[];
  const meta = loadManifestMeta(manifestFile);
  const mappings = buildPathMappings(vars);
  const parts: string[] = [];
  const statuses: { id: unknown; status: string }[] = [];
  const overTotal: unknown[] = [];
  let totalFiles = 0;
  let totalBytes = 0;
  let capReached = false;
  for (const s of sections) {
    const rawPath = s.type === 'file' ? (s.file ?? '') : (s.path ?? '');
    // Statuses in the inspector's vocabulary, mapped from the real engine's own (docs/engine.md
    // §4): the real order of checks decides (the total gate, enabled, when, then the path).
    if (capReached) {
      const hit = s.enabled !== false && evaluateWhen(s.when, vars);
      if (hit) overTotal.push(s.id);
      statuses.push({ id: s.id, status: hit ? 'over-total' : s.enabled === false ? 'disabled' : 'when-false' });
      continue;
    }
    if (s.enabled === false) { statuses.push({ id: s.id, status: 'disabled' }); continue; }
    if (!evaluateWhen(s.when, vars)) { statuses.push({ id: s.id, status: 'when-false' }); continue; }
    let status = 'no-path';
    let resolved: string | null = null;
    if (rawPath) {
      const r = resolvePathWithDiag(rawPath, vars);
      status = r.status;
      resolved = r.resolved;
    }
    const ov: { value?: any } = {};
    const files = loadSectionFiles(s, vars, new Map(), ov);
    if (files.length === 0) {
      // an unknown type reads nothing whatever its path: the inspector calls it invalid (no-path)
      const known = s.type === 'file' || s.type === 'directory';
      const st = !known || status === 'no-path' ? 'invalid' : status === 'ok' ? 'not-exist' : status;
      statuses.push({ id: s.id, status: st });
      continue;
    }
    let blocks = 0;
    let tripped = false;
    for (const [filePath, raw] of files) {
      const size = Buffer.byteLength(raw, 'utf-8');
      if (totalFiles >= meta.totalMaxFiles || totalBytes + size > meta.totalMaxBytes) {
        capReached = true;
        tripped = true;
        break;
      }
      let content: string;
      if (s.loop) {
        const child = loadChildTemplate(s.loop.childFile, vars);
        content = child === null ? '' : renderLoopSection(raw, child, s.loop.forEach, vars, true, s.loop.separator ?? '\n');
      } else content = s.needsInjection ? renderTemplate(raw, vars) : raw;
      if (!content.trim()) continue;
      const label = s.description ? s.id + ' — ' + s.description : s.id;
      parts.push('Contenu de ' + shortenPath(filePath, mappings) + ' (' + label + '):\n\n' + content.trimEnd());
      blocks += 1;
      totalFiles += 1;
      totalBytes += size;
    }
    if (ov.value) {
      const o = ov.value;
      parts.push('[注意] 目录 ' + shortenPath(resolved ?? rawPath, mappings) + ' 未完整加载：' + o.droppedFiles +
        ' 个文件未加载（达' + (o.reason === 'files' ? '文件数' : '字节') + '上限 ' + o.limit +
        (o.reason === 'bytes' ? ' 字节' : ' 个') + '）。');
    }
    statuses.push({ id: s.id, status: tripped && blocks === 0 ? 'over-total' : 'ok' });
  }
  if (capReached && overTotal.length > 0) {
    parts.push('[注意] 上下文清单总量超限（>' + meta.totalMaxFiles + ' 文件 / >' + Math.round(meta.totalMaxBytes / 1024) +
      'KB），以下 section 未加载：' + overTotal.join(', ') + '。');
  }
  const rebuilt = parts.length > 0
    ? '<system-reminder>\nEvolClaw Context Kit documents are shown below.\n\n' + parts.join('\n\n') +
      '\n\nIMPORTANT: Use this context when it affects the current interaction.\n</system-reminder>'
    : '';
  return { agrees: rebuilt === realContext, totalFiles, totalBytes, overTotal, statuses, meta };
}

// A timing job ({bench: {runs, warmup}}): the median of many renders, as bench/measure.ts times
// ours, with the debug writes really happening (they are part of what the real engine does).
function bench(job: any) {
  passWrites = true;
  try {
    const once = () => renderKitSections({ vars: job.vars, sessionId: job.sessionId }, job.manifestFile);
    for (let i = 0; i < job.bench.warmup; i++) once();
    const times: number[] = [];
    let len = 0;
    for (let i = 0; i < job.bench.runs; i++) {
      const t = performance.now();
      len = once().length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const mid = Math.floor(times.length / 2);
    const medianMs = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
    return { id: job.id, medianMs, len };
  } finally {
    passWrites = false;
  }
}

// The message renderer is optional in a staged folder: loaded before "ready" when it is there.
let messageRenderer: any = null;

// A message job ({message: {items, now}}): the real renderMessageBody with Date.now fixed, so
// messages without a timestamp format the same time on both sides.
function renderMessage(job: any) {
  if (!messageRenderer) return { id: job.id, body: null, error: { name: 'Staging', message: 'message-renderer.ts is not staged' } };
  const realNow = Date.now;
  Date.now = () => job.message.now;
  try {
    const r = messageRenderer.renderMessageBody(job.message.items, job.vars, job.sessionId);
    return { id: job.id, body: r.body, error: null };
  } catch (e) {
    return { id: job.id, body: null, error: errOf(e) };
  } finally {
    Date.now = realNow;
  }
}

function run(job: any) {
  process.env.ECK_PACKAGE_ROOT = job.packageRoot;
  process.env.EVOLCLAW_HOME = job.home;
  process.env.EVOLCORE_HOME = job.home;
  process.chdir(job.cwd);
  if (job.bench) return bench(job);
  if (job.message) return renderMessage(job);
  debugWrites = [];
  let context: string | null = null;
  let error: { name: string; message: string } | null = null;
  const t0 = performance.now();
  try {
    context = renderKitSections({ vars: job.vars, sessionId: job.sessionId }, job.manifestFile);
  } catch (e) {
    error = errOf(e);
  }
  const renderMs = performance.now() - t0;
  let w: unknown = null;
  if (context !== null) {
    try { w = walk(job.vars, job.manifestFile, context); } catch (e) { w = { agrees: false, error: errOf(e) }; }
  }
  return { id: job.id, context, error, walk: w, debugWrites, renderMs };
}

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let answer: unknown;
  try { answer = run(JSON.parse(line)); } catch (e) { answer = { id: null, context: null, error: errOf(e), walk: null }; }
  process.stdout.write(JSON.stringify(answer) + '\n');
});
const ready = () => process.stdout.write(JSON.stringify({ ready: true }) + '\n');
if (fs.existsSync('./src/eck/message-renderer.ts'))
  import('./src/eck/message-renderer.js').then((m) => { messageRenderer = m; ready(); }, () => ready());
else ready();
`;

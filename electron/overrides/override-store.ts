/**
 * Loading and saving the override of a manifest file:
 * a load carries the content hash a later save must match; a save validates (schema and
 * engine), refuses with a conflict when the file changed on disk since it was loaded, and
 * writes atomically with a backup. Node only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Json } from '../../shared/engine';
import type { ManifestIssue } from '../../shared/manifest/issue';
import { validateManifest } from '../../shared/manifest/validate';
import { parseOverrideText } from '../../shared/override/draft';
import type {
  ManifestFilePair,
  OverrideOnDisk,
  SaveOverrideResult,
} from '../../shared/override/override-file';
import { overrideEntries } from '../../shared/override/override-ops';
import type { WriteOps } from './atomic-write';
import { ApiFailure } from '../../shared/api/errors';
import { MAX_SHOWN_TEXT_BYTES, tooLargeMessage } from '../../shared/api/answer-caps';
import { readTextCappedSync } from '../services/capped-read';
import { NODE_WRITE_OPS, WriteFailure, writeFileAtomic } from './atomic-write';
import { basePathFor, overridePathFor } from './override-paths';
import type { WriteScope } from '../services/write-scope';
import { overrideChange } from '../../shared/override/override-change';
import type { VersionReason } from '../../shared/override/override-versions';
import type { VersionStore } from '../versions/version-store';

/** What loading and saving need to know. */
export interface OverrideStoreContext {
  readonly home: string;
  readonly packageRoot: string;
  /** Diagnostics of a render with `text` as the override (the engine half of validation). */
  readonly engineCheck?: (manifestFile: string, text: string) => readonly Diagnostic[];
  /** Where writes may go (write-scope.ts); the save is pinned to the folder it approves. */
  readonly scope?: Pick<WriteScope, 'writeTarget'>;
  /** Test seam for the write steps. */
  readonly ops?: WriteOps;
  /**
   * Where the file a save replaces is kept, and why it is saved; without it no
   * version is kept (only the `.bak`).
   */
  readonly versions?: { readonly store: VersionStore; readonly reason: VersionReason };
}

/** A save request as the API receives it. */
export interface SaveOverrideRequest {
  readonly manifestFile: string;
  readonly text: string;
  /** Hash of the file the draft was based on; `null` when there was no file. */
  readonly expectedHash: string | null;
  /** Write even when the file changed on disk (the person chose "overwrite"). */
  readonly force: boolean;
}

/** SHA-256 hex of a text's UTF-8 bytes. */
export function contentHash(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The file as it is on disk now; `null` when it does not exist. Throws other read errors. */
export function readOverrideOnDisk(file: string): OverrideOnDisk | null {
  let text: string;
  let st: fs.Stats;
  try {
    text = readManifestText(file);
    st = fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { text, hash: contentHash(text), mtimeMs: st.mtimeMs, bytes: st.size };
}

/**
 * A manifest file's text, read bounded (answer-caps.ts): a home's override of 200 MB
 * is refused by its size, naming the file, before a byte is read (a draft is at most
 * `MAX_OVERRIDE_TEXT` anyway). Other failures throw with their errno code.
 */
function readManifestText(file: string): string {
  const read = readTextCappedSync(file, MAX_SHOWN_TEXT_BYTES);
  if (read.ok) return read.text;
  if (read.tooLarge !== undefined)
    throw new ApiFailure(
      'read-error',
      `${tooLargeMessage(file, read.tooLarge)}; open it in your editor`,
      file,
    );
  throw Object.assign(new Error(`${read.code}: ${file}`), { code: read.code });
}

function readTextOrNull(file: string): string | null {
  try {
    return readManifestText(file);
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    return null;
  }
}

/** Base and override of one manifest file, as they are on disk. */
export function loadManifestPair(ctx: OverrideStoreContext, manifestFile: string): ManifestFilePair {
  const basePath = basePathFor(ctx.packageRoot, manifestFile);
  const overridePath = overridePathFor(ctx.home, manifestFile);
  const baseText = readTextOrNull(basePath);
  return { manifestFile, basePath, baseText, overridePath, override: readOverrideOnDisk(overridePath) };
}

const isEntry = (e: Json): e is { readonly [key: string]: Json } =>
  typeof e === 'object' && e !== null && !Array.isArray(e);

const samePath = (a: string | undefined, b: string): boolean =>
  a !== undefined && path.resolve(a) === path.resolve(b);

/** Diagnostics of a render evolcore cannot finish (report.failure): the agent would get no turn. */
const FATAL_CODES: ReadonlySet<string> = new Set(['when-missing', 'when-crash', 'manifest-crash']);

/**
 * Findings that decide whether a draft may be saved: the schema validator's (against the
 * base, so a patch entry is checked as merged) and the engine's errors about this override
 * or about sections it writes. Errors block a save; warnings are reported.
 */
export function validateOverrideText(
  text: string,
  baseText: string | null,
  overridePath: string,
  engineDiagnostics: readonly Diagnostic[],
): ManifestIssue[] {
  const parsed = parseOverrideText(text);
  if ('error' in parsed) {
    const { line, column, message } = parsed.error;
    return [{ pointer: '', message: `line ${line}, column ${column}: ${message}`, level: 'error' }];
  }
  const baseParsed = baseText === null ? null : parseOverrideText(baseText);
  const base = baseParsed !== null && 'value' in baseParsed ? baseParsed.value : undefined;
  const issues = validateManifest(parsed.value, 'override', base === undefined ? {} : { base });
  const entries = overrideEntries(parsed.value);
  const indexOf = (id: string): number => entries.findIndex((e) => isEntry(e) && e.id === id);
  for (const d of engineDiagnostics) {
    if (d.level !== 'error') continue;
    // A draft that makes evolcore's engine throw would fail every message: never saved.
    if (FATAL_CODES.has(d.code)) {
      const at = d.section !== undefined ? indexOf(d.section) : -1;
      issues.push({
        pointer: at >= 0 ? `/sections/${at}` : '',
        message: `evolcore would fail every message with this override: ${d.message}`,
        level: 'error',
      });
      continue;
    }
    const touched = d.section !== undefined && indexOf(d.section) >= 0;
    if (!samePath(d.file, overridePath) && !touched) continue;
    const pointer = touched ? `/sections/${indexOf(d.section as string)}` : '';
    if (issues.some((i) => i.level === 'error' && i.pointer.startsWith(pointer) && pointer !== '')) continue;
    issues.push({ pointer, message: d.message, level: 'error' });
  }
  return issues;
}

/** Validates, checks for a conflict, and writes. Never throws for I/O: failures are values. */
export function saveOverride(ctx: OverrideStoreContext, request: SaveOverrideRequest): SaveOverrideResult {
  const target = overridePathFor(ctx.home, request.manifestFile);
  // The app-wide rule (home, settings; links) on top of overridePathFor's $ECK: refused first.
  const approved = ctx.scope?.writeTarget(target);
  const baseText = readTextOrNull(basePathFor(ctx.packageRoot, request.manifestFile));
  const engine = ctx.engineCheck?.(request.manifestFile, request.text) ?? [];
  const issues = validateOverrideText(request.text, baseText, target, engine);
  if (issues.some((i) => i.level === 'error')) return { kind: 'invalid', path: target, issues };

  let disk: OverrideOnDisk | null;
  try {
    disk = readOverrideOnDisk(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return {
      kind: 'write-failed',
      path: target,
      reason: code === 'EACCES' || code === 'EPERM' ? 'read-only' : 'io-error',
      message: `could not read ${target} to check it: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!request.force && (disk?.hash ?? null) !== request.expectedHash) {
    return { kind: 'conflict', path: target, disk };
  }
  const warnings = issues.filter((i) => i.level === 'warning');
  const change = overrideChange(disk?.text ?? null, request.text, baseText);
  if (disk !== null && disk.text === request.text) {
    return {
      kind: 'saved',
      path: target,
      disk,
      backupPath: null,
      warnings,
      change,
      keptVersion: null,
      versionError: null,
    };
  }
  // First the version, then the override: a crash between the two leaves the old text both on
  // disk and in the list; after the override it is in the list (and the .bak). See version-store.ts.
  let keptVersion: string | null = null;
  let versionError: string | null = null;
  if (disk !== null && ctx.versions !== undefined) {
    try {
      keptVersion = ctx.versions.store.keep(
        ctx.home,
        request.manifestFile,
        disk.text,
        change,
        ctx.versions.reason,
      );
    } catch (error) {
      // The save still happens (the .bak keeps the file too); the message says the version is missing.
      versionError = error instanceof Error ? error.message : String(error);
    }
  }
  let backupPath: string | null;
  try {
    backupPath = writeFileAtomic(target, request.text, {
      ops: ctx.ops ?? NODE_WRITE_OPS,
      ...(approved === undefined ? {} : { folder: approved.folder }),
    });
  } catch (error) {
    if (error instanceof WriteFailure) {
      return { kind: 'write-failed', path: target, reason: error.reason, message: error.message };
    }
    throw error;
  }
  ctx.versions?.store.prune(ctx.home, request.manifestFile);
  const written = readOverrideOnDisk(target) ?? {
    text: request.text,
    hash: contentHash(request.text),
    mtimeMs: Date.now(),
    bytes: Buffer.byteLength(request.text),
  };
  return {
    kind: 'saved',
    path: target,
    disk: written,
    backupPath,
    warnings,
    change,
    keptVersion,
    versionError,
  };
}

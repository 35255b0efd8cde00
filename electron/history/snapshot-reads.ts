/**
 * Reading one snapshot's four files through the index and parsing them leniently: the raw
 * text always, the parsed vars and report when they can be read.
 * Every read is capped (answer-caps.ts): a file over the cap comes as its marker, and
 * a snapshot whose files together would make an answer over `MAX_ANSWER_BYTES` sends its
 * largest files as markers too.
 */
import type { SnapshotDetail, SnapshotFileText } from '../../shared/api/history-models';
import { DEBUG_FILE_KINDS } from '../../shared/debug-files/names';
import type { DebugFileKind } from '../../shared/debug-files/names';
import { describeFailure, parseManifestReport, parseVarsFile } from '../../shared/debug-files/parse';
import type { HistoryIndex } from './history-index';
import { ApiFailure } from '../../shared/api';
import { MAX_ANSWER_BYTES, tooLarge, tooLargeMessage } from '../../shared/api/answer-caps';
import { jsonBytes } from '../services/answer-size';
import { join } from 'node:path';

/** The four files of a snapshot, read at once. */
export async function readSnapshotFiles(
  index: HistoryIndex,
  key: string,
): Promise<Record<DebugFileKind, SnapshotFileText>> {
  const reads = await Promise.all(DEBUG_FILE_KINDS.map((kind) => index.readSnapshotFile(key, kind)));
  const out = {} as Record<DebugFileKind, SnapshotFileText>;
  DEBUG_FILE_KINDS.forEach((kind, i) => {
    out[kind] = reads[i] ?? { ok: false, name: null, error: 'not read' };
  });
  return out;
}

/** The text of a read, or `null`. */
export function textOf(file: SnapshotFileText): string | null {
  return file.ok ? file.text : null;
}

/** One snapshot with its files raw and parsed. Throws `not-found` for an unknown key. */
export async function readSnapshotDetail(index: HistoryIndex, key: string): Promise<SnapshotDetail> {
  const summary = index.snapshot(key);
  if (!summary) throw new ApiFailure('not-found', `no snapshot ${key} in ${index.dir}`);
  // At once (see `readSnapshotFileNow`): four small files, read while a user waits for them.
  const files = {} as Record<DebugFileKind, SnapshotFileText>;
  for (const kind of DEBUG_FILE_KINDS) files[kind] = index.readSnapshotFileNow(key, kind);
  const problems: string[] = [];
  let vars: SnapshotDetail['vars'] = null;
  let report: SnapshotDetail['report'] = null;
  const varsText = textOf(files.vars);
  if (varsText !== null) {
    const r = parseVarsFile(varsText);
    if (r.ok) {
      vars = r.value;
      problems.push(...r.warnings.map((w) => `${files.vars.name ?? 'vars'}: ${w}`));
    } else problems.push(`${files.vars.name ?? 'vars'}: ${describeFailure(r)}`);
  }
  const reportText = textOf(files.manifest);
  if (reportText !== null) {
    const r = parseManifestReport(reportText);
    if (r.ok) {
      report = r.value;
      problems.push(...r.warnings.map((w) => `${files.manifest.name ?? 'manifest'}: ${w}`));
    } else problems.push(`${files.manifest.name ?? 'manifest'}: ${describeFailure(r)}`);
  }
  for (const kind of DEBUG_FILE_KINDS) {
    const f = files[kind];
    if (!f.ok && summary.files[kind]) problems.push(f.error);
  }
  return fitDetail({ summary, files, vars, report, problems }, index.dir);
}

/**
 * The detail under `MAX_ANSWER_BYTES`: while it is larger, its largest file read goes as a
 * marker (with the parsed form of that file, which is about as large again).
 */
export function fitDetail(detail: SnapshotDetail, dir: string): SnapshotDetail {
  let size = jsonBytes(detail, MAX_ANSWER_BYTES);
  if (size <= MAX_ANSWER_BYTES) return detail;
  const files = { ...detail.files };
  let { vars, report } = detail;
  const problems = [...detail.problems];
  const largest = DEBUG_FILE_KINDS.flatMap((kind) => {
    const f = files[kind];
    return f.ok ? [{ kind, name: f.name, bytes: f.bytes }] : [];
  }).sort((x, y) => y.bytes - x.bytes);
  for (const f of largest) {
    if (size <= MAX_ANSWER_BYTES) break;
    const marker = tooLarge(f.bytes, MAX_ANSWER_BYTES, join(dir, f.name));
    const error = `${tooLargeMessage(f.name, marker)} with the other files of the snapshot`;
    files[f.kind] = { ok: false, name: f.name, error, tooLarge: marker };
    problems.push(error);
    if (f.kind === 'vars') vars = null;
    if (f.kind === 'manifest') report = null;
    size = jsonBytes({ ...detail, files, vars, report, problems }, MAX_ANSWER_BYTES);
  }
  return { ...detail, files, vars, report, problems };
}

/**
 * Answers that carry file content stay under their caps, through the real core and
 * a copy of the demo home: a 200 MB context file (sparse, so it costs no disk) is stated, never
 * read or sent, by `getSnapshot`, `diffSnapshots`, `replaySnapshot` and the Vars tab's snapshot
 * read; a snapshot of four files each under the per-file cap still makes an answer under the
 * answer's cap; `getFile` and `readClaudeFile` send a marker for a file over the cap.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaudeAssembly, FileText } from '../../shared/api';
import { MAX_ANSWER_BYTES, MAX_SHOWN_TEXT_BYTES } from '../../shared/api/answer-caps';
import type { ReplayResult, SnapshotDetail, SnapshotDiff } from '../../shared/api/history-models';
import type { SnapshotScenarioRead } from '../../shared/api/snapshot-scenario-read';
import { decodeListing } from '../../shared/history/listing-wire';
import { useCoreHarness } from '../api/test-support/core-harness';

const harness = useCoreHarness();
const { call } = harness;

const BIG = 200 * 1024 * 1024;

/** Bytes of an answer as the serve transport sends it. */
const wireBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The demo workspace with snapshot `keys[0]`'s context made a 200 MB sparse file. */
async function startWithBigContext(): Promise<{ home: string; keys: string[]; file: string }> {
  const { home, packageRoot } = harness.appWorkspace('eck-caps-');
  const debug = path.join(home, 'data', 'eck-debug');
  const keys = fs
    .readdirSync(debug)
    .filter((n) => /^context-.*\.md$/.test(n))
    .map((n) => n.slice('context-'.length, -'.md'.length))
    .sort();
  const key = keys[keys.length - 1] as string;
  const file = path.join(debug, `context-${key}.md`);
  fs.truncateSync(file, BIG);
  await harness.start({ choice: { home, packageRoot } });
  const listing = decodeListing(await call<unknown>('getHistory'));
  if (!listing.ok) throw new Error(listing.error);
  return { home, keys: [key, ...keys.slice(0, -1).reverse()], file };
}

describe('answer caps over the demo home', () => {
  it('getSnapshot of a 200 MB context states it and sends a marker, not the bytes', async () => {
    const { keys, file } = await startWithBigContext();
    const detail = await call<SnapshotDetail>('getSnapshot', { key: keys[0] });
    const context = detail.files.context;
    expect(context.ok).toBe(false);
    expect(!context.ok && context.tooLarge).toEqual({ bytes: BIG, cap: MAX_SHOWN_TEXT_BYTES, path: file });
    expect(!context.ok && context.error).toContain('too large to show (200.0 MB');
    // The rest of the snapshot is shown as before.
    expect(detail.files.vars.ok && detail.files.manifest.ok).toBe(true);
    expect(detail.report?.sections.length).toBeGreaterThan(0);
    expect(wireBytes(detail)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
  });

  it('diffSnapshots with one side over the cap says so instead of diffing', async () => {
    const { keys } = await startWithBigContext();
    const diff = await call<SnapshotDiff>('diffSnapshots', { a: keys[0], b: keys[1] });
    expect(diff.tooLarge.a?.bytes).toBe(BIG);
    expect(diff.tooLarge.b).toBeNull();
    expect(diff.contextA).toBeNull();
    // One text against nothing is no diff: neither context is sent or compared.
    expect(diff.contextB).toBeNull();
    expect(diff.diff.contextEqual).toBeNull();
    expect(wireBytes(diff)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
    const reversed = await call<SnapshotDiff>('diffSnapshots', { a: keys[1], b: keys[0] });
    expect(reversed.tooLarge.b?.bytes).toBe(BIG);
    expect(reversed.contextA).toBeNull();
  });

  it('replay and the Vars tab read of that snapshot carry the marker, not the recorded text', async () => {
    const { keys } = await startWithBigContext();
    const replay = await call<ReplayResult>('replaySnapshot', { key: keys[0] });
    expect(replay.tooLarge?.recorded?.bytes).toBe(BIG);
    expect(replay.recordedContext).toBeNull();
    expect(wireBytes(replay)).toBeLessThan(MAX_ANSWER_BYTES);
    const read = await call<SnapshotScenarioRead>('readSnapshotScenario', { key: keys[0], reroot: true });
    expect(read.recordedTooLarge?.bytes).toBe(BIG);
    expect(read.recordedContext).toBeNull();
    expect(read.warnings.join('\n')).toContain('too large');
  });

  it('a vars file over the cap is named in the refusal of snapshotAsScenario', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-caps-vars-');
    const debug = path.join(home, 'data', 'eck-debug');
    const name = fs.readdirSync(debug).find((n) => n.startsWith('vars-')) as string;
    fs.truncateSync(path.join(debug, name), BIG);
    await harness.start({ choice: { home, packageRoot } });
    const key = name.slice('vars-'.length, -'.json'.length);
    const detail = await call<SnapshotDetail>('getSnapshot', { key });
    expect(!detail.files.vars.ok && detail.files.vars.tooLarge?.bytes).toBe(BIG);
    expect(detail.vars).toBeNull();
    const r = await harness.core.dispatch('snapshotAsScenario', { key });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'read-error', path: path.join(debug, name) });
  });

  it('four files each under the per-file cap still make an answer under the answer cap', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-caps-total-');
    const debug = path.join(home, 'data', 'eck-debug');
    const key = '2030-01-01-00-00-00';
    const near = MAX_SHOWN_TEXT_BYTES - 1024;
    const filler = (n: number): string => 'x'.repeat(n);
    const vars = { params: [{ name: 'big', value: filler(near - 100), description: '' }] };
    fs.writeFileSync(path.join(debug, `vars-${key}.json`), JSON.stringify(vars));
    for (const kind of ['context', 'fragments', 'manifest'])
      fs.writeFileSync(path.join(debug, `${kind}-${key}.md`), filler(near));
    await harness.start({ choice: { home, packageRoot } });
    await call('getHistory');
    const detail = await call<SnapshotDetail>('getSnapshot', { key });
    expect(wireBytes(detail)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    const cut = Object.values(detail.files).filter((f) => !f.ok && f.tooLarge?.cap === MAX_ANSWER_BYTES);
    expect(cut.length).toBeGreaterThan(0);
    // The files that fit are still sent whole.
    expect(Object.values(detail.files).some((f) => f.ok && f.bytes >= near - 100)).toBe(true);
  });

  it('getFile of a 200 MB workspace file answers its marker', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-caps-file-');
    const file = path.join(home, 'big.md');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, BIG);
    await harness.start({ choice: { home, packageRoot } });
    const r = await call<FileText>('getFile', { path: file });
    expect(r.tooLarge).toEqual({ bytes: BIG, cap: MAX_SHOWN_TEXT_BYTES, path: file });
    expect(r.text).toBeUndefined();
    expect(wireBytes(r)).toBeLessThan(1024);
    const small = await call<FileText>('getFile', {
      path: path.join(packageRoot, 'kits', 'eck_manifest.json'),
    });
    expect(small.text).toContain('sections');
  });

  it('openBundle of a bundle with a huge var and context sends their markers', async () => {
    const { keys } = await startWithBigContext();
    const out = await call<{ path: string }>('exportBundle', { key: keys[1] });
    const bundle = JSON.parse(fs.readFileSync(out.path, 'utf8')) as {
      scenario: { vars: Record<string, unknown> };
      files: { context: string | null };
    };
    bundle.scenario.vars['huge'] = 'h'.repeat(3 * 1024 * 1024);
    bundle.files.context = 'c'.repeat(3 * 1024 * 1024);
    fs.writeFileSync(out.path, JSON.stringify(bundle));
    const replay = await call<ReplayResult>('openBundle', { path: out.path });
    expect(replay.tooLarge?.recorded?.bytes).toBe(3 * 1024 * 1024);
    expect(replay.recordedContext).toBeNull();
    expect(replay.scenario.vars['huge']).toEqual({
      tooLarge: { bytes: 3 * 1024 * 1024 + 2, cap: MAX_SHOWN_TEXT_BYTES, path: null },
    });
    expect(wireBytes(replay)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
    // A snapshot with a file over the cap is not exported: the bundle would miss it.
    const refused = await harness.core.dispatch('exportBundle', { key: keys[0] });
    expect(refused.ok ? '' : refused.error.message).toContain('too large to show');
  });

  it('loadManifestPair refuses an override over the cap by its size, naming the file', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-caps-override-');
    const override = path.join(home, 'eck', 'eck_manifest.json');
    fs.mkdirSync(path.dirname(override), { recursive: true });
    fs.writeFileSync(override, '');
    fs.truncateSync(override, BIG);
    await harness.start({ choice: { home, packageRoot } });
    const r = await harness.core.dispatch('loadManifestPair', { manifestFile: 'eck_manifest.json' });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'read-error', path: override });
    expect(r.ok ? '' : r.error.message).toContain('too large to show (200.0 MB');
  });

  it('readClaudeFile of a memory file over the cap answers its marker', async () => {
    const root = harness.tempRoot('eck-caps-claude-');
    const cwd = path.join(root, 'project');
    fs.mkdirSync(cwd, { recursive: true });
    const big = path.join(cwd, 'CLAUDE.local.md');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, BIG);
    fs.writeFileSync(path.join(cwd, 'CLAUDE.md'), '# Project\n');
    const { home, packageRoot } = harness.appWorkspace('eck-caps-claude-ws-');
    await harness.start({ choice: { home, packageRoot } });
    await call('openClaudeProject', {
      cwd,
      home: path.join(root, 'user'),
      managedDir: path.join(root, 'managed'),
    });
    const r = await call<FileText>('readClaudeFile', { path: big });
    expect(r.tooLarge?.bytes).toBe(BIG);
    expect(r.text).toBeUndefined();
    const small = await call<FileText>('readClaudeFile', { path: path.join(cwd, 'CLAUDE.md') });
    expect(small.text).toBe('# Project\n');
  });

  it('a Claude Code assembly over the cap sends its text as a marker, answered and pushed', async () => {
    const root = harness.tempRoot('eck-caps-assembly-');
    const cwd = path.join(root, 'project');
    fs.mkdirSync(cwd, { recursive: true });
    // Under Claude Code's own 4 MiB per file, over the 2 MiB shown: it is assembled, not sent.
    fs.writeFileSync(path.join(cwd, 'CLAUDE.md'), `# Big\n${'m'.repeat(3 * 1024 * 1024)}\n`);
    const { home, packageRoot } = harness.appWorkspace('eck-caps-assembly-ws-');
    await harness.start({ choice: { home, packageRoot } });
    const opened = await call<ClaudeAssembly>('openClaudeProject', {
      cwd,
      home: path.join(root, 'user'),
      managedDir: path.join(root, 'managed'),
    });
    expect(opened.report.context).toBe('');
    expect(opened.tooLarge?.context?.bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(opened.report.files.some((f) => f.path.endsWith('/project/CLAUDE.md'))).toBe(true);
    expect(wireBytes(opened)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
    const got = await call<ClaudeAssembly>('getClaudeProject');
    expect(got.tooLarge?.context).not.toBeNull();
    expect(wireBytes(got)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
    const pushed = harness.events.filter((x) => x.event === 'onDidAssembleClaudeMd');
    expect(pushed.length).toBeGreaterThan(0);
    for (const e of pushed) expect(wireBytes(e.payload)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
  });
});

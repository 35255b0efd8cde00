/**
 * The History API over a home whose archive holds snapshots evolcore already deleted: the
 * folder's rows answer first, the archived ones follow as a pushed delta, and detail, compare,
 * replay, what-if and export answer an archived snapshot exactly as a live one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  HistoryDelta,
  ReplayResult,
  SnapshotDetail,
  SnapshotDiff,
} from '../../shared/api/history-models';
import type { HistoryMethodOutputs } from '../../shared/api/methods/history';
import { DEBUG_FILE_KINDS, debugFileName } from '../../shared/debug-files/names';
import type { SnapshotBundle } from '../../shared/history/bundle';
import { decodeListing, decodeRows } from '../../shared/history/listing-wire';
import type { WireListing } from '../../shared/history/listing-wire';
import { useCoreHarness } from '../api/test-support/core-harness';
import { archiveHome } from '../archive/archive-home';
import { until } from '../test-support/until';
import { debugDirOf } from './debug-dir';

const harness = useCoreHarness();

describe('the History over the live folder and the archive', () => {
  it('lists both as one and answers an archived-only snapshot as a live one', async () => {
    const { home, packageRoot } = harness.appWorkspace('eck-history-archive-');
    const debug = debugDirOf(home);
    const settingsDir = process.env['ECK_INSPECTOR_SETTINGS_DIR'] as string;
    await archiveHome({ home, settingsDir, settleMs: 0 });
    const keys = [...new Set(fs.readdirSync(debug).map((n) => /-(\d{4}-[\d-]+)\.\w+$/.exec(n)?.[1]))]
      .filter((k): k is string => k !== undefined)
      .sort();
    // evolcore's cleanup takes the three oldest after they were archived.
    const gone = keys.slice(0, 3);
    const context = fs.readFileSync(path.join(debug, debugFileName('context', gone[0] as string)), 'utf8');
    for (const k of gone)
      for (const kind of DEBUG_FILE_KINDS)
        fs.rmSync(path.join(debug, debugFileName(kind, k)), { force: true });

    await harness.start({ choice: { home, packageRoot } });
    const first = decodeListing(await harness.call<WireListing>('getHistory'));
    if (!first.ok) throw new Error(first.error);
    // The folder's rows are answered first; the archive's come after, pushed.
    expect(first.value.snapshots.map((s) => s.key)).toEqual(keys.slice(3));
    await until(
      () =>
        harness.events.some((e) => {
          if (e.event !== 'onDidChangeHistory') return false;
          const rows = decodeRows((e.payload as HistoryDelta).upserts);
          return rows.ok && rows.value.some((s) => s.where === 'archive');
        }),
      5000,
      'the archived rows',
    );
    const merged = decodeListing(await harness.call<WireListing>('getHistory'));
    if (!merged.ok) throw new Error(merged.error);
    const snapshots = merged.value.snapshots;
    expect(snapshots.map((s) => s.key)).toEqual(keys);
    expect(snapshots.map((s) => s.where)).toEqual([
      ...gone.map(() => 'archive'),
      ...keys.slice(3).map(() => 'both'),
    ]);

    const archived = gone[0] as string;
    const live = keys[5] as string;
    const detail = await harness.call<SnapshotDetail>('getSnapshot', { key: archived });
    expect(detail.files.context).toMatchObject({ ok: true, text: context });
    expect(detail.summary.where).toBe('archive');
    expect(detail.vars).not.toBeNull();

    // Search reads the archived context as it reads a live one.
    const needle = context.slice(0, 40);
    const found = await harness.call<{ keys: string[] }>('searchSnapshots', {
      query: needle,
      keys: [archived],
    });
    expect(found.keys).toEqual([archived]);

    const diff = await harness.call<SnapshotDiff>('diffSnapshots', { a: archived, b: live });
    expect(diff.contextA).toBe(context);

    const replay = await harness.call<ReplayResult>('replaySnapshot', { key: archived });
    expect(replay.recordedContext).toBe(context);
    expect(replay.replayedContext.length).toBeGreaterThan(0);

    const whatIf = await harness.call<HistoryMethodOutputs['whatIf']>('whatIf', {
      keys: [archived, live],
      draft: { manifestFile: 'eck_manifest.json', overrideText: null },
    });
    expect(whatIf).toMatchObject({ rendered: 2, failed: 0 });

    const exported = await harness.call<HistoryMethodOutputs['exportBundle']>('exportBundle', {
      key: archived,
    });
    expect(exported.path).not.toBeNull();
    const bundle = JSON.parse(fs.readFileSync(exported.path ?? '', 'utf8')) as SnapshotBundle;
    expect(bundle.key).toBe(archived);
    expect(bundle.files.context).toBe(context);
  });
});

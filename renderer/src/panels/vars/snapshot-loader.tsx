/**
 * "From a snapshot": pick any snapshot of the home's history, choose whether to re-root its
 * recorded paths onto this workspace, use its vars, and see whether the render reproduces the
 * context it recorded.
 */
import { memo, useCallback, useEffect, useState } from 'react';
import type { Scenario } from '../../../../shared/api';
import type { SnapshotScenarioRead } from '../../../../shared/api/snapshot-scenario-read';
import type { VarsSnapshot } from '../../../../shared/scenarios/snapshot-scenario';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { useApi } from '../../store/use-api';
import type { VarsMessageKey } from './messages';
import { checkReplay, snapshotLabel } from './snapshot-check';

/** How many snapshots the picker lists (newest first); a busy home has tens of thousands. */
const LISTED = 2000;

/** The snapshot loader (see `SnapshotLoader`). */
function SnapshotLoaderView({ t }: { readonly t: PanelTranslate<VarsMessageKey> }) {
  const api = useApi();
  const applyScenario = useApp((s) => s.applyScenario);
  const pushError = useApp((s) => s.pushError);
  const workspaceHome = useApp((s) => s.workspace?.home ?? null);
  const [snapshots, setSnapshots] = useState<readonly VarsSnapshot[] | null>(null);
  const [key, setKey] = useState('');
  const [reroot, setReroot] = useState(true);
  const [loaded, setLoaded] = useState<{ read: SnapshotScenarioRead; scenario: Scenario } | null>(null);
  // A failed render (the recorded kit is not on this machine) is newer than the last good one.
  // Read only once a snapshot is loaded: before that, renders (one per keystroke) are not shown here.
  const render = useApp((s) => (loaded === null ? null : (s.failedRender ?? s.render)));

  const refresh = useCallback(
    () =>
      api.listVarsSnapshots().then((result) => {
        if (!result.ok) return pushError(result.error);
        setSnapshots(result.value);
        setKey((k) => (k !== '' && result.value.some((s) => s.key === k) ? k : (result.value[0]?.key ?? '')));
      }),
    [api, pushError],
  );
  useEffect(() => {
    void refresh();
  }, [refresh, workspaceHome]);

  const use = async (): Promise<void> => {
    const result = await api.readSnapshotScenario({ key, reroot });
    if (!result.ok) return pushError(result.error);
    setLoaded({ read: result.value, scenario: result.value.scenario });
    await applyScenario(result.value.scenario);
  };

  const check =
    loaded === null
      ? null
      : checkReplay(
          loaded.scenario,
          loaded.read.recordedContext,
          render === null ? null : { scenario: render.scenario, context: render.report.context },
        );
  return (
    <div className="snapshot-loader" data-testid="snapshot-loader">
      <label className="field">
        <span>{t('snapshot.title')}</span>
        <select
          value={key}
          data-testid="snapshot-select"
          onFocus={() => void refresh()}
          onChange={(e) => setKey(e.target.value)}
        >
          {snapshots !== null && snapshots.length === 0 && <option value="">{t('snapshot.none')}</option>}
          {(snapshots ?? []).slice(0, LISTED).map((s) => (
            <option key={s.key} value={s.key}>
              {snapshotLabel(s.key)}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={reroot}
          data-testid="snapshot-reroot"
          onChange={(e) => setReroot(e.target.checked)}
        />
        {t('snapshot.reroot')}
      </label>
      <button type="button" disabled={key === ''} onClick={() => void use()} data-testid="snapshot-use">
        {t('snapshot.load')}
      </button>
      {loaded !== null && (
        <span className="snapshot-status" data-testid="snapshot-status">
          {t('snapshot.loaded', { key: snapshotLabel(loaded.read.key) })}
          {loaded.read.rerooted.length > 0 &&
            ` · ${t('snapshot.rerooted', { n: loaded.read.rerooted.length, from: loaded.read.recorded.packageRoot ?? '?' })}`}
          {check !== null && check.kind !== 'waiting' && (
            <span
              className={`replay-check ${check.kind}`}
              data-testid="snapshot-match"
              data-match={check.kind === 'match' ? 'true' : 'false'}
            >
              {' · '}
              {check.kind === 'match'
                ? t('snapshot.match')
                : check.kind === 'differ'
                  ? t('snapshot.differ', { at: check.at })
                  : t('snapshot.noRecord')}
            </span>
          )}
          {loaded.read.warnings.length > 0 && (
            <span className="snapshot-warnings"> · {loaded.read.warnings.join('; ')}</span>
          )}
        </span>
      )}
    </div>
  );
}

/** The snapshot loader: pick a snapshot, load its vars (re-rooted or not), see if it replays. */
export const SnapshotLoader = memo(SnapshotLoaderView);

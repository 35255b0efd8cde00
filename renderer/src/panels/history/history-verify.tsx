/**
 * Verify over History: where the package root holds an installed evolcore, one button replays
 * snapshots with both engines (the N newest, or the first N the filtered table shows) and says
 * how many render identically, listing the ones that do not. Absent otherwise.
 */
import { usePanelT } from '../../i18n/panel-messages';
import { useApp, useAppStore } from '../../store/store-context';
import { verifyMessages } from '../../i18n/verify-messages';
import type { ShownScope } from './shown-scope';

/** How many snapshots one click verifies. */
export const HISTORY_VERIFY_COUNT = 20;

/**
 * `scope`: the rows the table shows, when they are the home's snapshots. Filtered, Verify takes
 * the first of those and says so; unfiltered (or another folder shown), the home's newest.
 */
export function HistoryVerify({ scope }: { readonly scope: ShownScope | null }): React.JSX.Element | null {
  const t = usePanelT(verifyMessages);
  const store = useAppStore();
  const lookup = useApp((s) => s.verify.lookup);
  const running = useApp((s) => s.verify.historyRunning);
  const answer = useApp((s) => s.verify.historyAnswer);
  if (lookup === null || !lookup.available) return null;
  const engine =
    lookup.engine.version === null ? lookup.engine.name : `${lookup.engine.name} ${lookup.engine.version}`;
  const filtered = scope !== null && scope.words !== 'scope.all';
  const n = filtered ? Math.min(HISTORY_VERIFY_COUNT, scope.shown) : HISTORY_VERIFY_COUNT;
  const keys = filtered ? scope.keys.slice(0, n) : undefined;
  return (
    <div className="verify-bar" data-testid="history-verify">
      <button
        type="button"
        disabled={running || n === 0}
        title={t('verify.historyHint', { engine })}
        onClick={() => void store.getState().verify.runHistory(n, keys)}
        data-testid="history-verify-button"
      >
        {running
          ? t('verify.historyRunning', { n })
          : filtered
            ? t('verify.historyShown', { n, shown: scope.shown, total: scope.total, engine })
            : t('verify.history', { n, engine })}
      </button>
      {answer !== null && !running && (
        <div className="verify-answer" role="status" data-testid="history-verify-answer">
          {answer.kind === 'no-engine' && <p>{t('verify.noEngine', { why: answer.why })}</p>}
          {answer.kind === 'engine-failed' && (
            <p>{t('verify.historyEngineFailed', { message: answer.message })}</p>
          )}
          {answer.kind === 'verified' && (
            <>
              <p>
                {t('verify.historyCount', {
                  identical: answer.identical,
                  checked: answer.checked,
                  engine,
                  ms: answer.ms,
                })}
              </p>
              <ul>
                {answer.verdicts.map((v) =>
                  v.kind === 'different' ? (
                    <li key={v.key}>
                      {t('verify.historyDifferent', {
                        key: v.key,
                        line: v.firstLine,
                        sections: v.sections.length > 0 ? ` (${v.sections.join(', ')})` : '',
                      })}
                    </li>
                  ) : v.kind === 'engine-failed' && !v.oursFailed ? (
                    <li key={v.key}>{t('verify.historyFailed', { key: v.key, message: v.message })}</li>
                  ) : v.kind === 'not-replayable' ? (
                    <li key={v.key}>
                      {t('verify.historyNotReplayable', { key: v.key, message: v.message })}
                    </li>
                  ) : null,
                )}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

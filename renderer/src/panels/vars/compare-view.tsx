/**
 * Compare two scenarios: both are rendered through the API's `render` (which leaves the current
 * scenario alone), then the vars that differ and the sections whose status differs are listed.
 */
import { memo, useState } from 'react';
import type { Scenario } from '../../../../shared/api';
import type { SectionDifference, VarDifference } from '../../../../shared/scenarios/compare';
import { diffSectionStatuses, diffVars } from '../../../../shared/scenarios/compare';
import type { SavedScenario } from '../../../../shared/scenarios/scenario-file';
import { useT } from '../../i18n/use-t';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { useApi } from '../../store/use-api';
import { choiceValue, compareChoices, scenarioOfChoice } from './compare-choices';
import type { CompareChoice } from './compare-choices';
import type { VarsMessageKey } from './messages';

/** Props of the compare view. */
export interface CompareViewProps {
  readonly current: Scenario;
  readonly saved: readonly SavedScenario[];
  readonly t: PanelTranslate<VarsMessageKey>;
}

interface Outcome {
  readonly vars: readonly VarDifference[];
  readonly sections: readonly SectionDifference[];
}

function show(value: unknown, unset: string): string {
  return value === undefined ? unset : JSON.stringify(value);
}

/** The compare view. */
function CompareViewView({ current, saved, t }: CompareViewProps) {
  const shellT = useT();
  const api = useApi();
  const pushError = useApp((s) => s.pushError);
  const [left, setLeft] = useState('current');
  const [right, setRight] = useState('preset:private-visitor');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = compareChoices(saved);
  const label = (c: CompareChoice): string =>
    c.kind === 'current' ? t('compare.current') : c.kind === 'preset' ? shellT(`preset.${c.id}`) : c.name;

  const run = async (): Promise<void> => {
    const a = scenarioOfChoice(left, current, saved);
    const b = scenarioOfChoice(right, current, saved);
    if (a === null || b === null) return;
    setBusy(true);
    const [ra, rb] = await Promise.all([api.render(a), api.render(b)]);
    setBusy(false);
    if (!ra.ok) return pushError(ra.error);
    if (!rb.ok) return pushError(rb.error);
    setOutcome({
      vars: diffVars(a.vars, b.vars),
      sections: diffSectionStatuses(ra.value.report, rb.value.report),
    });
  };

  const picker = (value: string, set: (v: string) => void, testId: string, name: string) => (
    <select value={value} aria-label={name} data-testid={testId} onChange={(e) => set(e.target.value)}>
      {choices.map((c) => (
        <option key={choiceValue(c)} value={choiceValue(c)}>
          {c.kind === 'saved' ? `★ ${label(c)}` : label(c)}
        </option>
      ))}
    </select>
  );
  return (
    <section className="vars-compare" data-testid="vars-compare" aria-label={t('compare.title')}>
      <h3>{t('compare.title')}</h3>
      <div className="compare-pickers">
        {picker(left, setLeft, 'compare-left', t('compare.left'))}
        <span aria-hidden="true">⇄</span>
        {picker(right, setRight, 'compare-right', t('compare.right'))}
        <button type="button" disabled={busy} onClick={() => void run()} data-testid="compare-run">
          {t('compare.run')}
        </button>
      </div>
      {outcome !== null && (
        <div className="compare-outcome">
          <h4>{t('compare.vars')}</h4>
          {outcome.vars.length === 0 ? (
            <p className="panel-note">{t('compare.noVars')}</p>
          ) : (
            <table data-testid="compare-vars">
              <tbody>
                {outcome.vars.map((d) => (
                  <tr key={d.name} data-var={d.name} data-kind={d.kind}>
                    <th scope="row">
                      <code>{d.name}</code>
                    </th>
                    <td>
                      <code>{show(d.left, t('compare.unset'))}</code>
                    </td>
                    <td>
                      <code>{show(d.right, t('compare.unset'))}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h4>{t('compare.sections')}</h4>
          {outcome.sections.length === 0 ? (
            <p className="panel-note">{t('compare.noSections')}</p>
          ) : (
            <table data-testid="compare-sections">
              <tbody>
                {outcome.sections.map((d) => (
                  <tr key={d.id} data-section={d.id}>
                    <th scope="row">
                      <code>{d.id}</code>
                    </th>
                    <td className={`status-${d.left ?? 'none'}`}>{d.left ?? t('compare.absent')}</td>
                    <td className={`status-${d.right ?? 'none'}`}>{d.right ?? t('compare.absent')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

/** Two scenarios side by side: the vars and section statuses that differ (memoised: the panel re-renders per render, these only when their props change). */
export const CompareView = memo(CompareViewView);

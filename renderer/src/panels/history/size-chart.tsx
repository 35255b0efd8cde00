/**
 * Context size per snapshot over time, the total budget as a step line of each render's own
 * budget, truncated renders marked; dragging across it brushes a time range that filters the
 * table. The plot is uPlot (history-chart-plot.tsx), loaded on first show like Monaco, so the
 * other tabs do not pay for it.
 */
import { Suspense, lazy, useMemo, useState } from 'react';
import type { SnapshotSummary } from '../../../../shared/history/history-types';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { useDark } from '../../theme/use-dark';
import { chartSeries } from './chart-series';
import type { HistoryFilters } from './history-rows';
import type { HistoryMessageKey } from './messages';

const HistoryChartPlot = lazy(() => import('./history-chart-plot'));

/** Props of the chart. */
export interface SizeChartProps {
  readonly rows: readonly SnapshotSummary[];
  /** The rows are of the filters before the last change (the new ones follow after a paint). */
  readonly updating?: boolean;
  readonly budget: number | null;
  readonly brush: HistoryFilters['brush'];
  readonly selected: string | null;
  readonly onBrush: (brush: HistoryFilters['brush']) => void;
  readonly onPick: (key: string) => void;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

/** The chart. */
export function SizeChart(props: SizeChartProps): React.JSX.Element {
  const { rows, budget, brush, t } = props;
  const language = useApp((s) => s.language);
  const dark = useDark();
  // One point per pixel column of the plot area (its width reported by the plot).
  const [columns, setColumns] = useState(1000);
  const series = useMemo(() => chartSeries(rows, budget, columns), [rows, budget, columns]);
  return (
    <div
      className={props.updating === true ? 'history-chart history-chart-updating' : 'history-chart'}
      data-testid="history-chart"
      data-points={series.xs.length}
      aria-busy={props.updating === true}
    >
      <div className="history-chart-head">
        <span>{t('chartTitle')}</span>
        {budget !== null ? (
          <span className="history-budget-label">— {t('chartBudget', { bytes: formatBytes(budget) })}</span>
        ) : null}
        <span className="history-truncated-label">● {t('chartTruncated')}</span>
        {series.jumps.length > 0 ? <span className="history-jump-label">▲ {t('chartJumps')}</span> : null}
        <span className="history-soft">{t('chartBrush')}</span>
        {brush !== null ? (
          <button type="button" onClick={() => props.onBrush(null)} data-testid="history-clear-brush">
            {t('clearBrush')}
          </button>
        ) : null}
        {/* The budget levels as numbers, for tests and tools (the line itself is on the canvas). */}
        <span
          hidden
          data-testid="history-budget-line"
          data-steps={series.budget.map((s) => s.bytes).join(' ')}
        />
        <span
          hidden
          data-testid="history-truncated-count"
          data-count={series.truncated.filter((v) => v !== null).length}
        />
      </div>
      <Suspense fallback={<div className="history-chart-loading">{t('chartLoading')}</div>}>
        <HistoryChartPlot
          series={series}
          brush={brush}
          selected={props.selected}
          language={language}
          dark={dark}
          onBrush={props.onBrush}
          onPick={props.onPick}
          onWidth={(w) =>
            setColumns((c) => (Math.abs(c - Math.round(w)) > 8 ? Math.max(50, Math.round(w)) : c))
          }
          t={t}
        />
      </Suspense>
    </div>
  );
}

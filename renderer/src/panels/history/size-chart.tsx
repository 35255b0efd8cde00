/**
 * Context size per snapshot over time (plain SVG), the total budget as a step line of each
 * render's own budget, truncated renders marked; dragging across it brushes a time range that
 * filters the table.
 */
import { useMemo, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import type { SnapshotSummary } from '../../../../shared/debug-files/history-types';
import { brushRange, chartModel } from './history-rows';
import type { HistoryFilters } from './history-rows';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { HistoryMessageKey } from './messages';

const WIDTH = 1000;
const HEIGHT = 90;

/** Props of the chart. */
export interface SizeChartProps {
  readonly rows: readonly SnapshotSummary[];
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
  const model = useMemo(() => chartModel(rows, budget, WIDTH, HEIGHT), [rows, budget]);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [drag, setDrag] = useState<{ x1: number; x2: number } | null>(null);
  const xOf = (e: PointerEvent<SVGSVGElement>): number => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    return ((e.clientX - box.left) / box.width) * WIDTH;
  };
  const span = Math.max(1, model.to - model.from);
  const brushX =
    brush === null
      ? null
      : { x1: ((brush.from - model.from) / span) * WIDTH, x2: ((brush.to - model.from) / span) * WIDTH };
  const shown = drag ?? brushX;
  const line = useMemo(
    () => model.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' '),
    [model],
  );
  const budgetPath = useMemo(
    () => model.budget.map((s, i) => `${i === 0 ? `M${s.x1},` : 'V'}${s.y.toFixed(1)}H${s.x2}`).join(''),
    [model],
  );
  return (
    <div className="history-chart" data-testid="history-chart">
      <div className="history-chart-head">
        <span>{t('chartTitle')}</span>
        {budget !== null ? (
          <span className="history-budget-label">— {t('chartBudget', { bytes: budget })}</span>
        ) : null}
        <span className="history-soft">{t('chartBrush')}</span>
        {brush !== null ? (
          <button type="button" onClick={() => props.onBrush(null)} data-testid="history-clear-brush">
            {t('clearBrush')}
          </button>
        ) : null}
      </div>
      <svg
        ref={svgRef}
        viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`}
        preserveAspectRatio="none"
        className="history-chart-svg"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const x = xOf(e);
          setDrag({ x1: x, x2: x });
        }}
        onPointerMove={(e) => {
          if (drag !== null) setDrag({ x1: drag.x1, x2: xOf(e) });
        }}
        onPointerUp={() => {
          if (drag === null) return;
          setDrag(null);
          if (Math.abs(drag.x2 - drag.x1) < 4) return;
          props.onBrush(brushRange(model, WIDTH, drag.x1, drag.x2));
        }}
      >
        {shown !== null ? (
          <rect
            className="history-brush"
            x={Math.min(shown.x1, shown.x2)}
            y={-4}
            width={Math.abs(shown.x2 - shown.x1)}
            height={HEIGHT + 8}
          />
        ) : null}
        {budgetPath !== '' ? (
          <path
            className="history-budget"
            d={budgetPath}
            fill="none"
            vectorEffect="non-scaling-stroke"
            data-testid="history-budget-line"
            data-steps={model.budget.map((s) => s.bytes).join(' ')}
          />
        ) : null}
        <polyline className="history-line" points={line} fill="none" vectorEffect="non-scaling-stroke" />
        {model.points.map((p) =>
          p.truncated || p.key === props.selected ? (
            <circle
              key={p.key}
              cx={p.x}
              cy={p.y}
              r={3}
              className={p.key === props.selected ? 'history-dot-selected' : 'history-dot-truncated'}
              data-testid={p.truncated ? 'history-truncated-mark' : undefined}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => props.onPick(p.key)}
            >
              <title>{p.key}</title>
            </circle>
          ) : null,
        )}
      </svg>
    </div>
  );
}

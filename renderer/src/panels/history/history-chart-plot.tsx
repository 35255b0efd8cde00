/**
 * The History chart drawn by uPlot, loaded lazily like Monaco (size-chart.tsx): a
 * canvas time series made for many points, with time and byte axes labelled in the UI
 * language, the budget as a dashed step line, truncated renders marked, a tooltip per point
 * and drag-to-brush. The tick labels uPlot drew are mirrored into data attributes so tests
 * (and assistive tech, through the summary) read them as text.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Language } from '../../../../shared/api';
import { exactByteCount, formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ChartSeries } from './chart-series';
import { timeTicks, tooltipTime } from './chart-series';
import { byteAxisTicks, timeAxisSplits } from './chart-ticks';
import type { HistoryFilters } from './history-rows';
import type { HistoryMessageKey } from './messages';

const HEIGHT = 150;

/** Props of the plot. */
export interface HistoryChartPlotProps {
  readonly series: ChartSeries;
  readonly brush: HistoryFilters['brush'];
  readonly selected: string | null;
  readonly language: Language;
  readonly dark: boolean;
  readonly onBrush: (brush: HistoryFilters['brush']) => void;
  readonly onPick: (key: string) => void;
  readonly onWidth: (width: number) => void;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

/** Where a jump's mark sits over the plot, in CSS pixels of the frame. */
interface JumpMark {
  readonly key: string;
  readonly left: number;
  readonly top: number;
}

interface Hover {
  readonly idx: number;
  readonly left: number;
  readonly top: number;
}

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v === '' ? fallback : v;
}

const TRUNCATED = 'rgb(220, 53, 69)';

/** The plot; the chart is made again when the language or theme changes, fed new data otherwise. */
export default function HistoryChartPlot(props: HistoryChartPlotProps): React.JSX.Element {
  const { series, language, dark, t } = props;
  const hostRef = useRef<HTMLDivElement | null>(null);
  const plotRef = useRef<uPlot | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [hover, setHover] = useState<Hover | null>(null);
  const [jumpMarks, setJumpMarks] = useState<readonly JumpMark[]>([]);

  const data = useMemo<uPlot.AlignedData>(() => [series.xs, series.bytes, series.truncated], [series]);

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const fg = cssVar('--fg-soft', dark ? '#aab' : '#556');
    const grid = cssVar('--border', dark ? '#333' : '#ddd');
    const accent = cssVar('--accent', '#2f6fde');
    const axisFont = '11px system-ui, sans-serif';
    const ticks = {
      x: [] as string[],
      y: [] as string[],
      xSplits: [] as number[],
      yLabels: new Map<number, string>(),
    };
    // Labels are measured in the axis font, so the time axis can space them (chart-ticks.ts).
    const measureCtx = document.createElement('canvas').getContext('2d');
    if (measureCtx !== null) measureCtx.font = axisFont;
    const measure = (label: string): number => measureCtx?.measureText(label).width ?? label.length * 7;
    const plotWidth = (u: uPlot): number =>
      u.bbox.width > 0 ? u.bbox.width / devicePixelRatio : host.clientWidth;
    const publishTicks = (u: uPlot): void => {
      host.dataset['xTicks'] = ticks.x.join(' | ');
      host.dataset['yTicks'] = ticks.y.join(' | ');
      // Each time label's left and right edge in CSS pixels, centred on its tick as uPlot
      // draws it, for tests to check that none overlaps the next.
      host.dataset['xBoxes'] = ticks.xSplits
        .map((t, i) => {
          const x = u.valToPos(t, 'x');
          const w = measure(ticks.x[i] ?? '');
          return `${(x - w / 2).toFixed(1)},${(x + w / 2).toFixed(1)}`;
        })
        .join(' ');
    };
    const drawBudget = (u: uPlot): void => {
      const levels = latest.current.series.budget;
      if (levels.length === 0) return;
      const ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = TRUNCATED;
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.beginPath();
      levels.forEach((l, i) => {
        const x1 = u.valToPos(l.from, 'x', true);
        const x2 = u.valToPos(l.to, 'x', true);
        const y = u.valToPos(l.bytes, 'y', true);
        if (i === 0) ctx.moveTo(x1, y);
        else ctx.lineTo(x1, y);
        ctx.lineTo(x2, y);
      });
      ctx.stroke();
      ctx.restore();
    };
    const drawSelected = (u: uPlot): void => {
      const { selected, series: s } = latest.current;
      const i = selected === null ? -1 : s.snapshots.findIndex((x) => x.key === selected);
      if (i < 0) return;
      const ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = accent;
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.beginPath();
      ctx.arc(
        u.valToPos(s.xs[i] ?? 0, 'x', true),
        u.valToPos(s.bytes[i] ?? 0, 'y', true),
        5 * devicePixelRatio,
        0,
        2 * Math.PI,
      );
      ctx.stroke();
      ctx.restore();
    };
    // The jumps' marks are buttons over the canvas (focusable, named, clickable); each draw
    // moves them to where their snapshot now sits.
    let placed = '';
    const placeJumps = (u: uPlot): void => {
      const marks = latest.current.series.jumps.map((j) => ({
        key: j.key,
        left: Math.round(u.valToPos(j.time / 1000, 'x') + u.over.offsetLeft),
        top: Math.round(u.valToPos(j.bytes, 'y') + u.over.offsetTop),
      }));
      const id = JSON.stringify(marks);
      if (id === placed) return;
      placed = id;
      setJumpMarks(marks);
    };
    const opts: uPlot.Options = {
      width: Math.max(200, host.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      scales: {
        x: { time: true },
        y: {
          range: (_u, _min, max) => [0, Math.max(max, latest.current.series.maxBytes) * 1.08],
        },
      },
      axes: [
        {
          stroke: fg,
          font: axisFont,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          splits: (u, _axis, min, max) => {
            const labels = (splits: readonly number[]): string[] =>
              timeTicks(latest.current.language, splits, max - min);
            ticks.xSplits = timeAxisSplits({ min, max, width: plotWidth(u), labels, measure });
            return ticks.xSplits;
          },
          values: (u, splits) => {
            const min = u.scales['x']?.min ?? 0;
            const max = u.scales['x']?.max ?? 0;
            ticks.x = timeTicks(latest.current.language, splits, max - min);
            return ticks.x;
          },
        },
        {
          stroke: fg,
          font: axisFont,
          size: 64,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          // Round values of the byte unit: 0 · 25 · 50 · 75 · 100 KB under a 100 KB budget.
          splits: (_u, _axis, _min, max) => {
            const chosen = byteAxisTicks(max);
            ticks.yLabels = new Map(chosen.map((tick) => [tick.value, tick.label]));
            return chosen.map((tick) => tick.value);
          },
          values: (_u, splits) => {
            ticks.y = splits.map((v) => ticks.yLabels.get(v) ?? formatBytes(v));
            return ticks.y;
          },
        },
      ],
      series: [
        {},
        { label: t('chartTitle'), stroke: accent, width: 1.5, points: { show: false } },
        {
          label: t('chartTruncated'),
          stroke: TRUNCATED,
          paths: () => null,
          points: { show: true, size: 7, fill: TRUNCATED, stroke: TRUNCATED },
        },
      ],
      cursor: {
        drag: { x: true, y: false, setScale: false },
        points: { show: false },
      },
      hooks: {
        draw: [drawBudget, drawSelected, publishTicks, placeJumps],
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            const left = u.cursor.left ?? -1;
            if (idx === null || idx === undefined || left < 0) setHover(null);
            else
              setHover({
                idx,
                left: left + u.over.offsetLeft,
                top: u.valToPos(latest.current.series.bytes[idx] ?? 0, 'y') + u.over.offsetTop,
              });
          },
        ],
        setSelect: [
          (u) => {
            // No points yet (the sizes come with the background pass): no time range to take;
            // posToVal over an empty scale gives 0..0, which hid every row.
            if (u.select.width < 4 || (u.data[0]?.length ?? 0) === 0) return;
            const from = u.posToVal(u.select.left, 'x') * 1000;
            const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
            latest.current.onBrush({ from, to });
          },
        ],
      },
    };
    const plot = new uPlot(opts, data, host);
    plotRef.current = plot;
    plot.over.dataset['testid'] = 'history-chart-plot';
    const onClick = (): void => {
      const idx = plot.cursor.idx;
      const s = idx === null || idx === undefined ? undefined : latest.current.series.snapshots[idx];
      if (s !== undefined) latest.current.onPick(s.key);
    };
    const onLeave = (): void => setHover(null);
    plot.over.addEventListener('click', onClick);
    plot.over.addEventListener('mouseleave', onLeave);
    const resize = new ResizeObserver(() => {
      const width = Math.max(200, host.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: HEIGHT });
      latest.current.onWidth(plot.bbox.width / devicePixelRatio);
    });
    resize.observe(host);
    latest.current.onWidth(plot.bbox.width / devicePixelRatio);
    return () => {
      resize.disconnect();
      plot.over.removeEventListener('click', onClick);
      plot.over.removeEventListener('mouseleave', onLeave);
      plot.destroy();
      plotRef.current = null;
    };
    // Made again for the language (axis labels) and theme (colours); data goes in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, dark]);

  useEffect(() => {
    plotRef.current?.setData(data);
  }, [data]);

  // The selection ring follows the selected row.
  useEffect(() => {
    plotRef.current?.redraw(false);
  }, [props.selected]);

  // A brush cleared outside (the button) clears the shaded range.
  useEffect(() => {
    if (props.brush === null) plotRef.current?.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
  }, [props.brush]);

  const point = hover === null ? undefined : series.snapshots[hover.idx];
  const first = series.snapshots[0];
  const last = series.snapshots.at(-1);
  const summary =
    first === undefined || last === undefined
      ? t('chartEmpty')
      : t('chartSummary', {
          n: series.snapshots.length,
          from: tooltipTime(language, first.time / 1000),
          to: tooltipTime(language, last.time / 1000),
          max: formatBytes(Math.max(...series.bytes)),
        });
  return (
    <div className="history-chart-frame">
      <div
        ref={hostRef}
        className="history-chart-plot"
        role="img"
        aria-label={summary}
        data-testid="history-chart-axes"
      />
      {jumpMarks.map((m, i) => {
        const j = series.jumps.find((x) => x.key === m.key);
        if (j === undefined) return null;
        const label = t('jumpLabel', {
          rank: i + 1,
          growth: `+${formatBytes(j.growth)}`,
          before: formatBytes(j.before),
          after: formatBytes(j.bytes),
          time: tooltipTime(language, j.time / 1000),
        });
        return (
          <button
            key={m.key}
            type="button"
            className={m.key === props.selected ? 'history-jump selected' : 'history-jump'}
            data-testid="history-jump"
            data-key={m.key}
            style={{ left: m.left, top: m.top }}
            aria-label={label}
            title={label}
            aria-pressed={m.key === props.selected}
            onClick={() => props.onPick(m.key)}
          >
            ▲
          </button>
        );
      })}
      {point !== undefined && hover !== null ? (
        <div
          className="history-chart-tip"
          role="tooltip"
          data-testid="history-chart-tooltip"
          style={{ left: hover.left, top: hover.top }}
        >
          <div>{tooltipTime(language, point.time / 1000)}</div>
          <div>
            {t('tipSession')}: {point.columns.sessionType ?? t('none')}
          </div>
          <div>
            {t('tipChatType')}: {point.columns.chatType ?? t('none')}
          </div>
          <div>
            {t('tipBytes')}: {formatBytes(point.columns.contextBytes ?? 0)} (
            {t('tipBytesExact', { n: exactByteCount(point.columns.contextBytes ?? 0, language) })})
          </div>
          <div>
            {t('tipTruncated')}: {point.columns.truncated === true ? t('yes') : t('no')}
          </div>
        </div>
      ) : null}
    </div>
  );
}

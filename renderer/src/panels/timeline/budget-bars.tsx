/**
 * The budget picture: one stacked bar per axis of the total budget (bytes, files), a segment
 * per loaded section in order, the gate's cut and the headroom, with text labels so it reads
 * without colour.
 */
import { memo } from 'react';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { BudgetAxis, BudgetPicture } from './budget-picture';
import { formatBytes } from '../../format/bytes';
import type { TimelineKey } from './messages';

interface AxisProps {
  readonly axis: BudgetAxis;
  readonly kind: 'bytes' | 'files';
  readonly t: PanelTranslate<TimelineKey>;
  readonly selected: string | null;
  readonly onSelect: (id: string) => void;
}

const pct = (n: number, scale: number): string => `${(Math.max(0, n) / scale) * 100}%`;

function BudgetAxisBar({ axis, kind, t, selected, onSelect }: AxisProps) {
  const fmt = (n: number): string => (kind === 'bytes' ? formatBytes(n) : String(n));
  const label = t(kind === 'bytes' ? 'budget.bytes' : 'budget.files', {
    used: fmt(axis.used),
    max: fmt(axis.max),
  });
  const cut = axis.cut;
  return (
    <div className="budget-axis" data-testid={`budget-${kind}`}>
      <div className="budget-axis-label">
        <strong>{label}</strong>
        <span className="budget-headroom">{t('budget.headroom', { n: fmt(axis.headroom) })}</span>
        {cut !== null && (
          <span
            className={cut.crossed ? 'budget-cut-text crossed' : 'budget-cut-text'}
            data-testid={`budget-cut-${kind}`}
          >
            {t('budget.over', { id: cut.id, need: fmt(cut.need), left: fmt(cut.left) })}
          </span>
        )}
      </div>
      {/* A group, not an img: its segments are buttons (select the section), and an img's
          children are presentational, so they would be unreachable (axe nested-interactive). */}
      <div className="budget-track" role="group" aria-label={label}>
        {axis.segments
          .filter((s) => s.size > 0)
          .map((s) => {
            const label =
              s.ids.length === 1
                ? t('budget.segment', { id: s.id, n: fmt(s.size) })
                : t('budget.run', {
                    n: s.ids.length,
                    first: s.id,
                    last: s.ids.at(-1) ?? '',
                    size: fmt(s.size),
                  });
            const tint = s.tint < 0 ? 'run' : String(s.tint % 8);
            return (
              <button
                type="button"
                key={s.id}
                className={`budget-seg tint-solid-${tint}${selected !== null && s.ids.includes(selected) ? ' selected' : ''}`}
                style={{ left: pct(s.start, axis.scale), width: pct(s.size, axis.scale) }}
                title={label}
                aria-label={label}
                onClick={() => onSelect(s.id)}
              />
            );
          })}
        {cut !== null && (
          <div
            className="budget-overflow"
            style={{ left: pct(cut.at, axis.scale), width: pct(cut.need, axis.scale) }}
            title={t('budget.segment', { id: cut.id, n: fmt(cut.need) })}
          />
        )}
        <div className="budget-max" style={{ left: pct(axis.max, axis.scale) }} title={fmt(axis.max)} />
        {cut !== null && (
          <div className="budget-cut" style={{ left: pct(cut.at, axis.scale) }} title={t('budget.cutMark')} />
        )}
      </div>
    </div>
  );
}

/** Props of the budget picture. */
export interface BudgetBarsProps {
  readonly picture: BudgetPicture;
  readonly t: PanelTranslate<TimelineKey>;
  readonly selected: string | null;
  readonly onSelect: (id: string) => void;
}

/** Both axes of the total budget, above the rows; memoised, since every scroll re-renders the panel. */
export const BudgetBars = memo(function BudgetBars({ picture, t, selected, onSelect }: BudgetBarsProps) {
  return (
    <section className="budget-picture" aria-label={t('budget.title')} data-testid="budget-picture">
      <BudgetAxisBar axis={picture.bytes} kind="bytes" t={t} selected={selected} onSelect={onSelect} />
      <BudgetAxisBar axis={picture.files} kind="files" t={t} selected={selected} onSelect={onSelect} />
      {picture.overTotal.length === 0 && <span className="budget-nocut">{t('budget.noCut')}</span>}
    </section>
  );
});

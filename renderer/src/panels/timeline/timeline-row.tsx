/**
 * One row of the Timeline: status badge (colour and text), order, id and description, origin,
 * type, the reason in words, sizes with the token estimate, and the two bars.
 */
import { Fragment, memo } from 'react';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { exactByteCount } from '../../format/bytes';
import { formatBytes, formatShare } from '../../format/values';
import type { Language } from '../../../../shared/api';
import type { TimelineKey } from './messages';
import type { ClauseLine, ReasonText } from './reason-text';
import { hazardText } from './hazard-text';
import type { FolderBudget, TimelineRow as Row } from './timeline-rows';
import { RowMark } from '../../components/row-mark';
import type { RowMarkData } from '../../components/use-row-marks';

/** How many not-loaded files a row names before "… and n more". */
export const NOT_LOADED_SHOWN = 8;

function Meter({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <span className="meter" title={label}>
      <span className="meter-track">
        <span
          className={value > max ? 'meter-fill over' : 'meter-fill'}
          style={{ width: `${share * 100}%` }}
        />
      </span>
      <span className="meter-label">{label}</span>
    </span>
  );
}

function FolderBars({ folder, t }: { folder: FolderBudget; t: PanelTranslate<TimelineKey> }) {
  const shown = folder.notLoadedFiles.slice(0, NOT_LOADED_SHOWN);
  const more = folder.notLoaded - shown.length;
  return (
    <div className="folder-budget" data-testid="folder-budget">
      <Meter
        value={folder.files}
        max={folder.maxFiles}
        label={t('bar.folderFiles', { n: folder.files, max: folder.maxFiles })}
      />
      <Meter
        value={folder.bytes}
        max={folder.maxBytes}
        label={t('bar.folderBytes', { n: formatBytes(folder.bytes), max: formatBytes(folder.maxBytes) })}
      />
      {folder.notLoaded > 0 && (
        <div className="not-loaded" data-testid="not-loaded">
          {folder.note !== null && (
            <div className="folder-note" data-testid="folder-note">
              {folder.note}
            </div>
          )}
          <span className="not-loaded-title">{t('folder.notLoadedTitle', { n: folder.notLoaded })}</span>
          <ul>
            {shown.map((f) => (
              <li key={f.path}>
                <code>{f.name}</code>{' '}
                <span className="muted">
                  {f.bytes === null ? t('folder.unknownSize') : formatBytes(f.bytes)}
                </span>
              </li>
            ))}
            {more > 0 && <li className="muted">{t('folder.more', { n: more })}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

const CLAUSE_MARKS: Readonly<Record<ClauseLine['mark'], string>> = { true: '✓', false: '✗', skipped: '·' };

/** The clauses of an and / or condition, nested by depth, each marked with its outcome (also in the detail). */
export function Clauses({ clauses }: { readonly clauses: readonly ClauseLine[] }) {
  if (clauses.length === 0) return null;
  return (
    <ul className="why-clauses" data-testid="why-clauses">
      {clauses.map((c, i) => (
        <li
          key={i}
          className={`why-clause clause-${c.mark}`}
          style={{ paddingInlineStart: `${c.depth * 16}px` }}
          data-mark={c.mark}
        >
          <span className="clause-mark" aria-hidden="true">
            {CLAUSE_MARKS[c.mark]}
          </span>{' '}
          {c.text}
        </li>
      ))}
    </ul>
  );
}

/** Props of a row. */
export interface TimelineRowProps {
  readonly row: Row;
  readonly reason: ReasonText;
  readonly maxBytes: number;
  readonly selected: boolean;
  /** Set when the draft or the last render changed this row. */
  readonly mark?: RowMarkData | undefined;
  readonly t: PanelTranslate<TimelineKey>;
  /** For the exact byte count in the size's tooltip. */
  readonly language: Language;
  readonly onSelect: (id: string, open: boolean) => void;
}

/** A row; memoised so a re-render redraws only rows whose data changed. */
export const TimelineRowView = memo(function TimelineRowView({
  row,
  reason,
  maxBytes,
  selected,
  mark,
  t,
  language,
  onSelect,
}: TimelineRowProps) {
  const origin = t(
    row.origin === 'added' ? 'origin.added' : row.origin === 'override' ? 'origin.override' : 'origin.base',
  );
  return (
    <div
      role="option"
      id={`timeline-row-${row.index}`}
      aria-selected={selected}
      className={`timeline-row status-${row.status}${selected ? ' selected' : ''}`}
      data-testid="timeline-row"
      data-section={row.id}
      data-status={row.status}
      data-marked={mark?.kind}
      data-bytes={row.bytes}
      onClick={() => onSelect(row.id, true)}
    >
      <div className="cell-status">
        <span className={`badge badge-${row.status}`} data-testid="status-badge">
          {t(`status.${row.status}`)}
        </span>
        {/* A space between the badges, so assistive tech reads "loaded truncated", not one word. */}
        {row.truncated && ' '}
        {row.truncated && (
          <span className="badge badge-truncated" data-testid="truncated-mark">
            {t('mark.truncated')}
          </span>
        )}
      </div>
      <div className="cell-order">{row.order ?? '—'}</div>
      <div className="cell-section">
        <div className="section-id">
          {row.tint !== null && <span className={`tint-dot tint-solid-${row.tint % 8}`} aria-hidden="true" />}
          <code>{row.id}</code>
          {row.type !== null && <span className="section-type">{row.type}</span>}
          {row.mode !== null && (
            <span className="section-type" data-testid="section-mode" title={t('mode.hint')}>
              {t(row.mode.isDefault ? 'mode.labelDefault' : 'mode.label', {
                type: row.mode.type,
                name: row.mode.name ?? '?',
              })}
            </span>
          )}
        </div>
        {row.description !== null && <div className="section-desc">{row.description}</div>}
        <span className={`origin origin-${row.origin}`} data-testid="origin">
          {origin}
        </span>
        {/* The space keeps "override" and the marker two words to assistive tech. */}
        {mark !== undefined && ' '}
        {mark !== undefined && <RowMark mark={mark} />}
      </div>
      <div className="cell-why" data-testid="why">
        {reason.lines.map((line, i) => (
          <Fragment key={i}>
            <div className={i === 0 ? 'why-main' : 'why-more'}>{line}</div>
            {i === 0 && reason.condition === null && <Clauses clauses={reason.clauses} />}
          </Fragment>
        ))}
        {reason.condition !== null && <div className="why-cond">{reason.condition}</div>}
        {reason.condition !== null && <Clauses clauses={reason.clauses} />}
        {row.hazards.length > 0 && (
          <ul className="hazards" data-testid="hazards" aria-label={t('hazard.title')}>
            {row.hazards.map((h, i) => (
              <li key={i} className={`hazard hazard-${h.level}`} data-code={h.code} title={h.detail}>
                <span aria-hidden="true">⚠ </span>
                {hazardText(t, h)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="cell-size">
        {row.status === 'ok' && (
          <>
            <div>
              {t('size.files', { n: row.files })} ·{' '}
              {/* The files' bytes as the budgets count them, not the block's size in the context. */}
              <span title={t('size.bytesHint', { n: exactByteCount(row.bytes, language) })}>
                {formatBytes(row.bytes)}
              </span>
            </div>
            {row.tokens !== null && (
              <div className="muted" title={t('size.tokensHint')} data-testid="tokens">
                {t('size.tokens', { n: row.tokens })}
              </div>
            )}
            <Meter
              value={row.bytes}
              max={maxBytes}
              label={t('bar.ofTotal', {
                share: formatShare(row.bytes, maxBytes),
                max: formatBytes(maxBytes),
              })}
            />
            {row.folder !== null && <FolderBars folder={row.folder} t={t} />}
          </>
        )}
      </div>
    </div>
  );
});

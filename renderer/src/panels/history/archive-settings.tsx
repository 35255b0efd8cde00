/**
 * The archive's retention, in the History: how many snapshots the home's archive holds and its
 * size, and how long it keeps them (days, or all). A native disclosure, so the keyboard and a
 * screen reader get its open/closed state for free; the status line says what was saved.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { MAX_ARCHIVE_KEEP_DAYS } from '../../../../shared/api/methods/archive';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { keepInputOf, parseKeep } from './archive-keep';
import type { KeepInput } from './archive-keep';
import type { HistoryStore } from './history-store';
import type { HistoryMessageKey } from './messages';

/** Props of the control. */
export interface ArchiveSettingsProps {
  readonly store: HistoryStore;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

/** The control; nothing until the archive's numbers have come (after the table's rows). */
export function ArchiveSettings({ store, t }: ArchiveSettingsProps): React.JSX.Element | null {
  const archive = useStore(store, (st) => st.archive);
  const saved = useStore(store, (st) => st.archiveSaved);
  // The user's edit; `null` shows the stored settings.
  const [edit, setEdit] = useState<KeepInput | null>(null);
  const daysId = useId();
  const errorId = useId();
  if (archive === null) return null;
  const { stats, settings } = archive;
  const input = edit ?? keepInputOf(settings);
  const parsed = parseKeep(input);
  const invalid = parsed === 'invalid';
  const summary = stats.exists
    ? t('archive.summary', {
        count: stats.snapshots,
        stored: formatBytes(stats.storedBytes),
        raw: formatBytes(stats.rawBytes),
      })
    : t('archive.empty');
  const kept = (keepDays: number | null): string =>
    keepDays === null ? t('archive.keptAll') : t('archive.keptDays', { days: keepDays });
  return (
    <details className="history-archive" data-testid="history-archive">
      <summary data-testid="history-archive-summary">
        {t('archive.title', { summary })} · {kept(settings.keepDays)}
        {settings.enabled ? '' : ` · ${t('archive.off')}`}
      </summary>
      <form
        className="history-archive-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed === 'invalid') return;
          void store
            .getState()
            .saveArchiveKeep(parsed.keepDays)
            .then(() => setEdit(null));
        }}
      >
        <label htmlFor={daysId}>{t('archive.keep')}</label>
        <input
          id={daysId}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ARCHIVE_KEEP_DAYS}
          step={1}
          value={input.days}
          disabled={input.all}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setEdit({ ...input, days: e.target.value })}
          data-testid="history-archive-days"
        />
        <span>{t('archive.days')}</span>
        <label>
          <input
            type="checkbox"
            checked={input.all}
            onChange={(e) => setEdit({ ...input, all: e.target.checked })}
            data-testid="history-archive-keep-all"
          />{' '}
          {t('archive.keepAll')}
        </label>
        <button type="submit" disabled={invalid} data-testid="history-archive-save">
          {t('archive.save')}
        </button>
        {invalid ? (
          <span id={errorId} className="history-archive-error" data-testid="history-archive-invalid">
            {t('archive.invalid', { max: MAX_ARCHIVE_KEEP_DAYS })}
          </span>
        ) : null}
        <span role="status" data-testid="history-archive-saved">
          {saved === null ? '' : t('archive.saved', { what: kept(saved.keepDays) })}
        </span>
      </form>
    </details>
  );
}

/**
 * The marker on a Timeline row that a draft or the last render changed: its status
 * before → after when that moved, and the change in bytes. Text, not only colour, so it reads
 * the same to a screen reader and in either theme.
 */
import type { SectionChange } from '../../../shared/override/draft-compare';
import { formatBytes } from '../format/bytes';
import { usePanelT } from '../i18n/panel-messages';
import type { RenderBandKey } from './render-band-messages';
import { renderBandMessages } from './render-band-messages';
import type { RowMarkData } from './use-row-marks';

/** A byte change with its sign: `+1.2 KB`, `−412 B`. */
export function signedBytes(n: number): string {
  if (n === 0) return '±0 B';
  return n > 0 ? `+${formatBytes(n)}` : `−${formatBytes(-n)}`;
}

/** The status word of one side (`null`: the section is not in that render). */
export function statusKey(status: SectionChange['before']): RenderBandKey {
  return `status.${status ?? 'absent'}`;
}

/** The marker. */
export function RowMark({ mark }: { readonly mark: RowMarkData }) {
  const t = usePanelT(renderBandMessages);
  const { change } = mark;
  const moved = change.before !== change.after;
  const delta = change.bytesAfter - change.bytesBefore;
  return (
    <span
      className={`row-mark row-mark-${mark.kind}`}
      data-testid="row-mark"
      data-kind={mark.kind}
      data-before={change.before ?? 'absent'}
      data-after={change.after ?? 'absent'}
      title={t(mark.kind === 'draft' ? 'mark.draft' : 'mark.recent')}
    >
      {moved ? `${t(statusKey(change.before))} → ${t(statusKey(change.after))}` : null}
      {moved && delta !== 0 ? ' · ' : null}
      {delta !== 0 || !moved ? signedBytes(delta) : null}
    </span>
  );
}

/**
 * The "Changes" list: what the last var edit or change on disk changed in the
 * render — rows, Δ bytes, Δ files, lines of the context added and removed — kept until the
 * next change, so the operator need not compare the Timeline with their memory.
 */
import { formatBytes } from '../format/bytes';
import { usePanelT } from '../i18n/panel-messages';
import { useApp } from '../store/store-context';
import { renderBandMessages } from './render-band-messages';
import { signedBytes, statusKey } from './row-mark';

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour12: false });
}

/** The list; nothing before the first change. */
export function ChangesList() {
  const t = usePanelT(renderBandMessages);
  const note = useApp((s) => s.changeNote);
  if (note === null) return null;
  const c = note.changes;
  return (
    <section className="changes-list" aria-label={t('changes.title')} data-testid="changes-list">
      <details>
        <summary>
          <strong>
            {t(note.trigger === 'disk' ? 'changes.disk' : 'changes.scenario', { time: clock(note.at) })}
          </strong>{' '}
          <span data-testid="changes-summary">
            {t('changes.summary', {
              rows: c.rows.length,
              bytes: signedBytes(c.bytesDelta),
              files: signed(c.filesDelta),
              added: c.linesAdded,
              removed: c.linesRemoved,
            })}
          </span>
        </summary>
        {c.rows.length > 0 ? (
          <table className="changes-rows">
            <thead>
              <tr>
                <th scope="col">{t('changes.col.section')}</th>
                <th scope="col">{t('changes.col.status')}</th>
                <th scope="col">{t('changes.col.bytes')}</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={r.id} data-testid={`change-${r.id}`}>
                  <td>
                    <code>{r.id}</code>
                  </td>
                  <td>
                    {r.before === r.after
                      ? t(statusKey(r.after))
                      : `${t(statusKey(r.before))} → ${t(statusKey(r.after))}`}
                  </td>
                  <td title={`${formatBytes(r.bytesBefore)} → ${formatBytes(r.bytesAfter)}`}>
                    {signedBytes(r.bytesAfter - r.bytesBefore)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>
    </section>
  );
}

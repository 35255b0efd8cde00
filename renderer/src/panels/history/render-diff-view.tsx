/**
 * A comparison at three levels: vars that differ, sections that differ (each labelled by its
 * cause), and the context text in a Monaco diff. Used by compare, replay and bundles.
 */
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { TooLargeNote } from '../../components/too-large-note';
import { isTooLargeMarker } from '../../../../shared/api/answer-caps';
import type { TooLarge } from '../../../../shared/api/answer-caps';
import { formatBytes } from '../../format/bytes';
import type { RenderDiff } from '../../../../shared/history/render-diff';
import type { SectionFacts } from '../../../../shared/history/section-facts';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { HistoryMessageKey } from './messages';
import { statusWord } from './status-word';

/** Props of the view. */
export interface RenderDiffViewProps {
  readonly diff: RenderDiff;
  readonly before: string | null;
  readonly after: string | null;
  readonly dark: boolean;
  readonly t: PanelTranslate<HistoryMessageKey>;
  /** A side whose context was over its cap (not sent, not diffed): said instead of the diff. */
  readonly tooLarge?: { readonly before: TooLarge | null; readonly after: TooLarge | null };
  /** The names of the two context texts (which snapshot, or recorded / now). */
  readonly labels?: { readonly original: string; readonly modified: string };
}

function valueText(value: unknown, present: boolean, unset: string): string {
  if (!present) return unset;
  // A value over its cap came as its marker (answer-caps.ts): its size, not its JSON.
  if (isTooLargeMarker(value)) return `… ${formatBytes(value.tooLarge.bytes)}`;
  return JSON.stringify(value) ?? String(value);
}

function factsText(f: SectionFacts | null, t: PanelTranslate<HistoryMessageKey>): string {
  if (f === null) return t('none');
  const line = t('facts.line', {
    status: statusWord(f.status, t),
    files: f.files ?? '?',
    bytes: f.bytes === null ? '?' : formatBytes(f.bytes),
  });
  // Over total is a status of its own already; only say it when the status is another.
  const cut =
    f.overTotal && f.status !== 'over-total'
      ? t('status.over-total')
      : f.truncated
        ? t('facts.truncated')
        : null;
  return cut === null ? line : `${line} · ${cut}`;
}

/** The view. */
export function RenderDiffView({
  diff,
  before,
  after,
  dark,
  t,
  tooLarge,
  labels,
}: RenderDiffViewProps): React.JSX.Element {
  const markers = [tooLarge?.before ?? null, tooLarge?.after ?? null].filter(
    (m): m is TooLarge => m !== null,
  );
  return (
    <div className="history-diff" data-testid="history-diff">
      <p className={diff.identical ? 'history-ok' : 'history-warn'} data-testid="history-diff-verdict">
        {diff.identical ? t('identical') : t('different')}
      </p>
      {diff.vars.length > 0 ? (
        <section>
          <h4>{t('varsDiff')}</h4>
          <table className="history-grid" data-testid="history-vars-diff">
            <tbody>
              {diff.vars.map((v) => (
                <tr key={v.name}>
                  <td className="history-mono">{v.name}</td>
                  <td className="history-mono">{valueText(v.before, v.presentBefore, t('unset'))}</td>
                  <td>→</td>
                  <td className="history-mono">{valueText(v.after, v.presentAfter, t('unset'))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {diff.manifest.length > 0 ? (
        <section>
          <h4>{t('manifestDiff')}</h4>
          <ul>
            {diff.manifest.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {diff.sections.length > 0 ? (
        <section>
          <h4>{t('sectionsDiff')}</h4>
          <table className="history-grid" data-testid="history-sections-diff">
            <tbody>
              {diff.sections.map((s) => (
                <tr key={s.id} data-testid="history-section-diff" data-section={s.id}>
                  <td className="history-mono">{s.id}</td>
                  <td>{factsText(s.before, t)}</td>
                  <td>→</td>
                  <td>{factsText(s.after, t)}</td>
                  <td>
                    {(s.causes.length ? s.causes : (['unknown'] as const)).map((c) => (
                      <span
                        key={c}
                        className={`history-cause history-cause-${c}`}
                        data-testid="history-cause"
                      >
                        {t(`cause.${c}`)}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <section>
        <h4>{t('contextDiff')}</h4>
        {markers.length > 0 ? (
          <div data-testid="history-context-too-large">
            {markers.map((m, i) => (
              <TooLargeNote key={i} marker={m} />
            ))}
          </div>
        ) : diff.contextEqual === null ? (
          <p>{t('contextUnknown')}</p>
        ) : diff.contextEqual ? (
          <p data-testid="history-context-same">{t('contextSame')}</p>
        ) : (
          <MonacoDiff
            original={before ?? ''}
            modified={after ?? ''}
            language="markdown"
            dark={dark}
            height={360}
            testId="history-context-diff"
            labels={labels ?? { original: t('contextBefore'), modified: t('contextAfter') }}
          />
        )}
      </section>
    </div>
  );
}

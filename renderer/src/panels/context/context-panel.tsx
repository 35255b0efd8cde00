/**
 * The Context tab: the final `<system-reminder>` text of the current render, live, each
 * block tinted by its section.
 */
import { useMemo, useState } from 'react';
import { useApp } from '../../store/store-context';
import { useT } from '../../i18n/use-t';
import { contextSegments } from './context-segments';

/** The Context panel. */
export function ContextPanel() {
  const t = useT();
  const render = useApp((s) => s.render);
  const failed = useApp((s) => s.failedRender);
  const [copied, setCopied] = useState(false);
  const report = render?.report ?? null;
  const segments = useMemo(
    () => (report === null ? [] : contextSegments(report.context, report.sections)),
    [report],
  );
  const loaded = useMemo(() => report?.sections.filter((s) => s.status === 'ok') ?? [], [report]);

  if (report === null) {
    return <p className="panel-note">{t('context.loading')}</p>;
  }
  const copy = (): void => {
    void navigator.clipboard?.writeText(report.context).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1200);
    });
  };
  return (
    <section className="context-panel" aria-label={t('tab.context')}>
      {failed !== null && <p className="panel-note warn">{t('context.notRendered')}</p>}
      <div className="context-toolbar">
        <span className="context-label">{t('context.sections')}</span>
        <ul className="section-chips" data-testid="loaded-sections">
          {loaded.map((s, i) => (
            <li key={s.id} className={`chip tint-${i % 8}`} data-section={s.id}>
              {s.id}
            </li>
          ))}
        </ul>
        <span className="context-bytes">
          {t('context.bytes', { bytes: new TextEncoder().encode(report.context).length })}
        </span>
        <button type="button" onClick={copy}>
          {copied ? t('context.copied') : t('context.copy')}
        </button>
      </div>
      {report.context === '' ? (
        <p className="panel-note">{t('context.empty')}</p>
      ) : (
        <pre className="context-text" data-testid="context-text">
          {segments.map((seg, i) =>
            seg.section === null ? (
              <span key={i}>{seg.text}</span>
            ) : (
              <span
                key={i}
                className={`block tint-${seg.tint % 8}`}
                data-section={seg.section}
                title={seg.section}
              >
                {seg.text}
              </span>
            ),
          )}
        </pre>
      )}
    </section>
  );
}

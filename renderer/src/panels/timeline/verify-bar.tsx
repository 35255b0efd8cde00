/**
 * The Timeline's Verify: a button where the package root holds an installed engine
 * (absent otherwise, never an error), and its answer in words — identical, or which sections
 * differ and the first differing line — with the side-by-side diff and the installed text.
 */
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import type { InstalledEngineInfo, VerifyAnswer } from '../../../../shared/api/methods/verify';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { verifyMessages, type VerifyKey } from '../../i18n/verify-messages';

function engineWords(engine: InstalledEngineInfo): { engine: string; file: string } {
  return {
    engine: engine.version === null ? engine.name : `${engine.name} ${engine.version}`,
    file: engine.file,
  };
}

/** The answer as one sentence. */
export function verifySentence(t: PanelTranslate<VerifyKey>, answer: VerifyAnswer): string {
  if (answer.kind === 'no-engine') return t('verify.noEngine', { why: answer.why });
  const words = engineWords(answer.engine);
  if (answer.kind === 'engine-failed') {
    const alike = answer.reason === 'threw' && answer.oursFailed;
    return t(alike ? 'verify.failedAlike' : 'verify.failed', { ...words, message: answer.message });
  }
  const c = answer.comparison;
  if (c.identical) return t('verify.identical', { ...words, lines: c.lines, ms: answer.ms });
  if (c.sections.length === 0) return t('verify.differentNoSection', { ...words, line: c.firstLine });
  return t('verify.different', {
    ...words,
    count: c.sections.length,
    ids: c.sections.join(', '),
    line: c.firstLine,
  });
}

/** The button and the answer. */
export function VerifyBar({ dark }: { readonly dark: boolean }): React.JSX.Element | null {
  const t = usePanelT(verifyMessages);
  const lookup = useApp((s) => s.verify.lookup);
  const running = useApp((s) => s.verify.running);
  const answer = useApp((s) => s.verify.answer);
  const error = useApp((s) => s.verify.error);
  const view = useApp((s) => s.verify.view);
  const run = useApp((s) => s.verify.run);
  const setView = useApp((s) => s.verify.setView);
  const context = useApp((s) => s.render?.report.context ?? null);
  if (lookup === null || !lookup.available) return null;
  const words = engineWords(lookup.engine);
  const different = answer?.kind === 'compared' && !answer.comparison.identical;
  const stale = answer?.kind === 'compared' && context !== answer.oursContext;
  return (
    <div className="verify-bar" data-testid="verify-bar">
      <button
        type="button"
        onClick={() => void run()}
        disabled={running}
        title={t('verify.buttonHint', words)}
        data-testid="verify-button"
      >
        {running ? t('verify.running', words) : t('verify.button', words)}
      </button>
      {error !== null && (
        <p className="panel-note error" role="alert" data-testid="verify-error">
          {t('verify.error', { message: error.message })}
        </p>
      )}
      {answer !== null && !running && (
        <div
          className={different ? 'verify-answer warn' : 'verify-answer'}
          role="status"
          data-testid="verify-answer"
        >
          <p>{verifySentence(t, answer)}</p>
          {stale && <p className="muted">{t('verify.stale')}</p>}
          {answer.kind === 'compared' && !answer.comparison.identical && (
            <>
              <p className="muted" data-testid="verify-first-line">
                {t('verify.lines', {
                  line: answer.comparison.firstLine,
                  ours: answer.comparison.oursLine ?? t('verify.noLine'),
                  theirs: answer.comparison.theirsLine ?? t('verify.noLine'),
                })}
              </p>
              <div className="verify-actions">
                <button
                  type="button"
                  aria-pressed={view === 'diff'}
                  onClick={() => setView(view === 'diff' ? 'summary' : 'diff')}
                  data-testid="verify-show-diff"
                >
                  {view === 'diff' ? t('verify.hide') : t('verify.showDiff')}
                </button>
                <button
                  type="button"
                  aria-pressed={view === 'installed'}
                  onClick={() => setView(view === 'installed' ? 'summary' : 'installed')}
                  data-testid="verify-show-installed"
                >
                  {view === 'installed' ? t('verify.hide') : t('verify.showInstalled')}
                </button>
              </div>
              {view !== 'summary' && (answer.installedContext === null || answer.oursContext === null) && (
                <p className="muted">{t('verify.tooLarge', { size: formatBytes(answer.installedBytes) })}</p>
              )}
              {view === 'diff' && answer.installedContext !== null && answer.oursContext !== null && (
                <section aria-label={t('verify.diffLabel')}>
                  <MonacoDiff
                    original={answer.oursContext}
                    modified={answer.installedContext}
                    language="markdown"
                    dark={dark}
                    height={360}
                    testId="verify-diff"
                    labels={{ original: t('verify.oursSide'), modified: t('verify.installedSide') }}
                  />
                </section>
              )}
              {view === 'installed' && answer.installedContext !== null && (
                <pre
                  className="verify-installed"
                  tabIndex={0}
                  aria-label={t('verify.installedLabel')}
                  data-testid="verify-installed"
                >
                  {answer.installedContext}
                </pre>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}

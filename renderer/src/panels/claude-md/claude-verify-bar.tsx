/**
 * The CLAUDE.md view's Verify: where the user's `claude` is found, a button that runs
 * it once and says whether it sends the memory this view assembles — start block and, with a
 * target, the attachments after the Read — naming the version and whether it is the modelled one.
 * Absent where no `claude` is found.
 */
import { useEffect, useState } from 'react';
import { CLAUDE_CODE_VERSION } from '../../../../shared/claude-md/types';
import type { ClaudeVerifyAnswer } from '../../../../shared/api/methods/verify';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp, useAppStore } from '../../store/store-context';
import { claudeVerifyMessages, type ClaudeVerifyKey } from './claude-verify-messages';

/** The answer as sentences. */
export function claudeVerifySentences(t: PanelTranslate<ClaudeVerifyKey>, a: ClaudeVerifyAnswer): string[] {
  if (a.kind === 'no-claude') return [t('cv.noClaude', { looked: a.looked.join(', ') })];
  if (a.kind === 'no-project') return [t('cv.noProject')];
  const version = a.version ?? t('cv.unknownVersion');
  if (a.kind === 'claude-failed') return [t('cv.failed', { version, message: a.message })];
  const out: string[] = [];
  if (a.identical) {
    out.push(
      a.attachments === null
        ? t('cv.identical', { version })
        : t('cv.identicalRead', { version, n: a.attachments.theirs }),
    );
  } else {
    const what: string[] = [];
    if (!a.start.identical)
      what.push(
        t('cv.startAt', {
          line: a.start.firstLine,
          ours: a.start.oursLine ?? t('cv.noLine'),
          theirs: a.start.theirsLine ?? t('cv.noLine'),
        }),
      );
    if (a.attachments !== null && a.attachments.firstDifferent !== null)
      what.push(
        t('cv.attachmentAt', {
          n: a.attachments.firstDifferent + 1,
          ours: a.attachments.ours,
          theirs: a.attachments.theirs,
        }),
      );
    out.push(t('cv.different', { version, what: what.join('; ') }));
  }
  if (!a.modelled) out.push(t('cv.notModelled', { modelled: CLAUDE_CODE_VERSION, version }));
  if (a.managedElsewhere !== null) out.push(t('cv.managed', { dir: a.managedElsewhere }));
  return out;
}

/** The button and the answer. */
export function ClaudeVerifyBar({ dark }: { readonly dark: boolean }): React.JSX.Element | null {
  const t = usePanelT(claudeVerifyMessages);
  const store = useAppStore();
  const lookup = useApp((s) => s.verify.claudeLookup);
  const running = useApp((s) => s.verify.claudeRunning);
  const answer = useApp((s) => s.verify.claudeAnswer);
  const error = useApp((s) => s.verify.claudeError);
  const [diff, setDiff] = useState(false);
  useEffect(() => {
    if (store.getState().verify.claudeLookup === null) void store.getState().verify.checkClaude();
  }, [store]);
  if (lookup === null || !lookup.available) return null;
  const version = lookup.version ?? t('cv.unknownVersion');
  const compared = answer?.kind === 'compared' ? answer : null;
  return (
    <div className="verify-bar" data-testid="claude-verify-bar">
      <button
        type="button"
        disabled={running}
        title={t('cv.buttonHint', { file: lookup.file })}
        onClick={() => void store.getState().verify.runClaude()}
        data-testid="claude-verify-button"
      >
        {running ? t('cv.running', { version }) : t('cv.button', { version })}
      </button>
      {error !== null && (
        <p className="panel-note error" role="alert">
          {t('cv.error', { message: error.message })}
        </p>
      )}
      {answer !== null && !running && (
        <div
          className={compared !== null && !compared.identical ? 'verify-answer warn' : 'verify-answer'}
          role="status"
          data-testid="claude-verify-answer"
        >
          {claudeVerifySentences(t, answer).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {compared !== null &&
            !compared.start.identical &&
            compared.installedStart !== null &&
            compared.oursStart !== null && (
              <>
                <button type="button" aria-pressed={diff} onClick={() => setDiff(!diff)}>
                  {diff ? t('cv.hide') : t('cv.showDiff')}
                </button>
                {diff && (
                  <section aria-label={t('cv.diffLabel')}>
                    <MonacoDiff
                      original={compared.oursStart}
                      modified={compared.installedStart}
                      language="markdown"
                      dark={dark}
                      height={320}
                      testId="claude-verify-diff"
                      labels={{ original: t('cv.oursSide'), modified: t('cv.installedSide') }}
                    />
                  </section>
                )}
              </>
            )}
        </div>
      )}
    </div>
  );
}

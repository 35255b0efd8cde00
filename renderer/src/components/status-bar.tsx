/**
 * The status bar: render time, sections loaded, bytes and files against the budget, and the
 * last change seen on disk; for a Claude Code project, the items the shell gives it instead.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { ConnectionState } from '../api/connection-state';
import { exactByteCount, formatBytes } from '../format/bytes';
import type { MessageKey } from '../i18n/en';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';
import { verifyMark } from '../store/verify-slice';
import { shownRender, showsDraft } from '../store/shown-render';
import { ContextSize } from './context-size';
import { useDraftRefresh } from './draft-render-refresh';

/** What the status bar says while calls do not go through. */
const CONNECTION_TEXT = {
  connecting: 'status.connecting',
  closed: 'status.disconnected',
  unauthorized: 'status.unauthorized',
} as const satisfies Record<Exclude<ConnectionState, 'open'>, MessageKey>;

/** The Verify mark for the render on screen. */
const VERIFY_TEXT = {
  identical: 'status.verifiedIdentical',
  different: 'status.verifiedDifferent',
  failed: 'status.verifiedFailed',
} as const satisfies Record<'identical' | 'different' | 'failed', MessageKey>;

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour12: false });
}

/** The status bar; `claudeItems` replace the render's items while a Claude Code project is shown. */
export function StatusBar({ claudeItems }: { readonly claudeItems: ReactNode }) {
  const t = useT();
  // The draft's render while a draft is unsaved; the bar is always on screen, so it
  // also keeps that render current after a var edit in any tab.
  const render = useApp(shownRender);
  const draftShown = useApp(showsDraft);
  useDraftRefresh();
  const disk = useApp((s) => s.diskChange);
  const connection = useApp((s) => s.connection);
  const kind = useApp((s) => s.claude.kind);
  const language = useApp((s) => s.language);
  const counts = useMemo(() => {
    const sections = render?.report.sections ?? [];
    return { loaded: sections.filter((s) => s.status === 'ok').length, total: sections.length };
  }, [render]);
  const totals = render?.report.totals;
  const verifyAnswer = useApp((s) => s.verify.answer);
  const mark = useMemo(
    () => verifyMark(verifyAnswer, render?.report.context ?? null),
    [verifyAnswer, render],
  );
  return (
    <footer className="status-bar" data-testid="status-bar">
      {connection !== 'open' && (
        <span className="status-item warn" data-testid="status-connection">
          {t(CONNECTION_TEXT[connection])}
        </span>
      )}
      {kind === 'claude' ? (
        claudeItems
      ) : (
        <>
          {render !== null && (
            <>
              {draftShown && (
                <span className="status-item warn" data-testid="status-draft">
                  {t('status.draft')}
                </span>
              )}
              <span className="status-item" data-testid="status-render-time">
                {t('status.renderTime', { ms: render.elapsedMs.toFixed(1) })}
              </span>
              <span className="status-item" data-testid="status-sections">
                {t('status.sections', counts)}
              </span>
              <span className="status-item">
                {t('status.context')}{' '}
                <ContextSize text={render.report.context} testId="status-context-size" />
              </span>
              {totals !== undefined && (
                <>
                  <span
                    className="status-item"
                    data-testid="status-bytes"
                    title={t('status.bytesExact', {
                      bytes: exactByteCount(totals.bytes, language),
                      max: exactByteCount(totals.maxBytes, language),
                    })}
                  >
                    {t('status.bytes', {
                      bytes: formatBytes(totals.bytes),
                      max: formatBytes(totals.maxBytes),
                    })}
                  </span>
                  <span className="status-item">
                    {t('status.files', { files: totals.files, max: totals.maxFiles })}
                  </span>
                </>
              )}
            </>
          )}
          {mark.kind !== 'none' && (
            <span
              className={mark.kind === 'identical' && mark.current ? 'status-item' : 'status-item warn'}
              data-testid="status-verify"
            >
              {t(mark.current ? VERIFY_TEXT[mark.kind] : 'status.verifiedEarlier', { time: clock(mark.at) })}
            </span>
          )}
          <span className="status-item grow" data-testid="status-disk">
            {disk === null
              ? t('status.noChange')
              : t('status.lastChange', { time: clock(disk.at), count: disk.count })}
          </span>
        </>
      )}
    </footer>
  );
}

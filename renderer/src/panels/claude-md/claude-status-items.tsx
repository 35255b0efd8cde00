/**
 * The status bar's items for a Claude Code project: assembly time, files loaded, what the
 * watcher observes and the last change it saw.
 */
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { claudeMdMessages } from './messages';

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour12: false });
}

/** The items, in place of the ECK render's. */
export function ClaudeStatusItems() {
  const t = usePanelT(claudeMdMessages);
  const assembly = useApp((s) => s.claude.assembly);
  const lastDisk = useApp((s) => s.claude.lastDisk);
  if (assembly === null) {
    return <span className="status-item grow">{t('statusBar.noProject')}</span>;
  }
  const report = assembly.report;
  return (
    <>
      <span className="status-item" data-testid="claude-status-time">
        {t('statusBar.assembled', { ms: assembly.elapsedMs.toFixed(1) })}
      </span>
      <span className="status-item">
        {t('statusBar.loaded', { loaded: report.totals.loaded, files: report.files.length })}
      </span>
      <span className="status-item">{t('statusBar.watching', { n: assembly.watched })}</span>
      <span className="status-item grow" data-testid="claude-status-disk">
        {lastDisk === null
          ? ''
          : t('statusBar.lastChange', {
              time: clock(lastDisk.assembledAt),
              count: lastDisk.changedPaths.length,
            })}
      </span>
    </>
  );
}

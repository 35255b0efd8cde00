/**
 * The view of a "Claude Code project" workspace: its options, the files in load
 * order with phase, level, status, load reason, include tree and size, the selected file
 * read-only in Monaco, and what Claude Code sends in its two phases side by side — the block
 * at session start and the messages a Read of the target attaches. Shown instead of the ECK
 * tabs while the workspace bar's kind is "Claude Code project".
 */
import { useCallback, useMemo } from 'react';
import { formatBytes } from '../../format/bytes';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { ClaudeFileDetail } from './claude-file-detail';
import { ClaudeFilesTable } from './claude-files-table';
import { ClaudeOptionsBar } from './claude-options-bar';
import { claudeFileRows } from './claude-rows';
import { ClaudePhasesView } from './claude-phases-view';
import { displaySettingsPath } from './claude-settings-effects';
import { ClaudeSettingsView } from './claude-settings-view';
import { CLAUDE_CODE_VERSION } from '../../../../shared/claude-md/types';
import { claudeMdMessages } from './messages';
import './claude-md.css';
import { useDark } from '../../theme/use-dark';
import { ClaudeVerifyBar } from './claude-verify-bar';

/** The Claude Code project view. */
export default function ClaudeMdPanel() {
  const t = usePanelT(claudeMdMessages);
  const dark = useDark();
  const assembly = useApp((s) => s.claude.assembly);
  const busy = useApp((s) => s.claude.busy);
  const error = useApp((s) => s.claude.error);
  const selected = useApp((s) => s.claude.selected);
  const view = useApp((s) => s.claude.view);
  const file = useApp((s) => s.claude.file);
  const report = assembly?.report ?? null;
  const rows = useMemo(() => (report === null ? [] : claudeFileRows(report)), [report]);
  const select = useApp((s) => s.claude.select);
  const setOptions = useApp((s) => s.claude.setOptions);
  const setView = useApp((s) => s.claude.setView);
  const onSelect = useCallback((path: string) => void select(path), [select]);

  if (assembly === null || report === null) {
    return (
      <section className="claude-panel" aria-label={t('kind.claude')} data-testid="claude-panel">
        {error !== null && (
          <p className="panel-note warn" data-testid="claude-error">
            {error.message}
            {error.path !== undefined && `: ${error.path}`}
          </p>
        )}
        <p className="panel-note">{busy ? t('opening') : t('empty.noProject')}</p>
      </section>
    );
  }

  const hasTarget = assembly.options.target !== null;
  const selectedRow = rows.find((r) => r.file.path === selected) ?? null;
  const totals = report.totals;
  return (
    <section className="claude-panel" aria-label={t('kind.claude')} data-testid="claude-panel">
      <ClaudeOptionsBar options={assembly.options} t={t} onChange={setOptions} />
      <ClaudeVerifyBar dark={dark} />
      {error !== null && (
        <p className="panel-note warn" data-testid="claude-error">
          {error.message}
          {error.path !== undefined && `: ${error.path}`}
        </p>
      )}
      <div className="claude-summary">
        <nav className="claude-views" role="tablist">
          {(['files', 'text'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className={view === v ? 'tab active' : 'tab'}
              onClick={() => setView(v)}
              data-testid={`claude-view-${v}`}
            >
              {t(`view.${v}`)}
            </button>
          ))}
        </nav>
        <span className="claude-totals" data-testid="claude-totals" data-seq={assembly.seq}>
          {t('totals', {
            loaded: totals.loaded,
            files: report.files.length,
            chars: totals.chars.toLocaleString(),
            bytes: formatBytes(totals.bytes),
            ms: assembly.elapsedMs.toFixed(1),
            trigger: t(`trigger.${assembly.trigger}`),
          })}
          {report.attachedOnRead !== null && (
            <span data-testid="claude-totals-attached">
              {' · '}
              {t('totals.attached', { n: report.attachedOnRead.length })}
            </span>
          )}
          {totals.overWarning > 0 && (
            <strong className="warn"> · {t('totals.over', { n: totals.overWarning })}</strong>
          )}
        </span>
      </div>
      {report.diagnostics.length > 0 && (
        <details className="claude-diagnostics" data-testid="claude-diagnostics">
          <summary>
            {t('diagnostics')} ({report.diagnostics.length})
          </summary>
          <ul>
            {report.diagnostics.map((d, i) => (
              <li key={i} className={`diag-${d.level}`}>
                <code>{d.code}</code> {d.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <ClaudeSettingsView report={report} display={(p) => displaySettingsPath(report, p)} t={t} />
      {view === 'files' ? (
        <div className="claude-split">
          <div className="claude-list">
            <ClaudeFilesTable
              rows={rows}
              selected={selected}
              hasTarget={hasTarget}
              t={t}
              onSelect={onSelect}
              onClear={() => void select(null)}
            />
          </div>
          {selectedRow !== null && (
            <ClaudeFileDetail
              row={selectedRow}
              file={file}
              hasTarget={hasTarget}
              dark={dark}
              t={t}
              onShowInText={
                selectedRow.contributes || selectedRow.file.attachment !== null ? () => setView('text') : null
              }
            />
          )}
        </div>
      ) : (
        <ClaudePhasesView
          report={report}
          contextTooLarge={assembly.tooLarge?.context ?? null}
          selected={selected}
          t={t}
          onSelect={onSelect}
        />
      )}
      <p className="panel-note claude-version" data-testid="claude-version">
        {t('version.note', { version: CLAUDE_CODE_VERSION })}
      </p>
    </section>
  );
}

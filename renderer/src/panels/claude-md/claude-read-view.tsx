/**
 * The second phase of what Claude Code sends: the messages it attaches after Claude reads the
 * target file, one per file, each exactly as sent, with the file's reason in plain words.
 */
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ClaudeMdKey } from './messages';
import { reasonWords, statusWords } from './status-words';

/** Props of the Read column. */
export interface ClaudeReadViewProps {
  readonly report: ClaudeMdReport;
  readonly selected: string | null;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
}

/** The attachments of the Read, or a note when there is no target or nothing to attach. */
export function ClaudeReadView({ report, selected, t, onSelect }: ClaudeReadViewProps) {
  const attached = report.attachedOnRead;
  if (attached === null) return <p className="panel-note">{t('phase.read.noTarget')}</p>;
  if (attached.length === 0) {
    const failed = report.diagnostics.some((d) => d.code === 'target-not-a-file');
    return (
      <p className="panel-note" data-testid="claude-read-none">
        {t(failed ? 'phase.read.notAFile' : 'phase.read.nothing')}
      </p>
    );
  }
  const displayOf = new Map(report.files.map((f) => [f.path, f.display]));
  return (
    <div className="claude-text-wrap">
      <div className="claude-text-bar">
        <span className="context-bytes">{t('phase.count', { n: attached.length })}</span>
      </div>
      <ol className="claude-attachments" data-testid="claude-attachments">
        {attached.map((a, i) => {
          const file = report.files.find((f) => f.attachment === i);
          const parent = file?.parent == null ? null : (displayOf.get(file.parent) ?? file.parent);
          return (
            <li
              key={a.path}
              className={`claude-attachment${a.path === selected ? ' selected' : ''}`}
              data-testid="claude-attachment"
              data-path={a.path}
            >
              <button type="button" className="claude-attachment-head" onClick={() => onSelect(a.path)}>
                <strong>{file?.display ?? a.path}</strong>
                {file !== undefined && (
                  <span className="claude-attachment-why" data-testid="claude-attachment-why">
                    {statusWords(t, file, true)} · {reasonWords(t, file, parent)}
                  </span>
                )}
              </button>
              <pre className="context-text claude-text" data-testid="claude-attachment-text">
                {a.text}
              </pre>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * The selected file: where it is, why it loaded or did not, and its text in a read-only
 * Monaco pane.
 */
import { TooLargeNote } from '../../components/too-large-note';
import { MonacoEditor } from '../../components/monaco/monaco-editor';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ClaudeFileRow } from './claude-rows';
import type { ClaudeFileState } from '../../store/claude-project-slice';
import type { ClaudeMdKey } from './messages';
import { reasonWords, statusWords } from './status-words';

/** Props of the detail pane. */
export interface ClaudeFileDetailProps {
  readonly row: ClaudeFileRow;
  readonly file: ClaudeFileState | null;
  readonly hasTarget: boolean;
  readonly dark: boolean;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onShowInText: (() => void) | null;
}

/** The detail pane. */
export function ClaudeFileDetail({ row, file, hasTarget, dark, t, onShowInText }: ClaudeFileDetailProps) {
  const f = row.file;
  const facts: [string, string][] = [[t('detail.path'), f.path]];
  if (f.realPath !== null) facts.push([t('detail.realPath'), f.realPath]);
  if (f.directive !== null) facts.push([t('detail.directive'), f.directive]);
  if (f.globs !== null) facts.push([t('detail.globs'), f.globs.join(', ')]);
  if (f.testedPath !== null) facts.push([t('detail.tested'), f.testedPath]);
  facts.push([t('detail.why'), `${statusWords(t, f, hasTarget)} · ${reasonWords(t, f, row.parentDisplay)}`]);
  return (
    <section className="claude-detail" data-testid="claude-detail" aria-label={f.display}>
      <header className="claude-detail-head">
        <strong>{t('detail.title', { file: f.display })}</strong>
        {onShowInText !== null && (
          <button type="button" onClick={onShowInText} data-testid="claude-show-in-text">
            {t('detail.showInText')}
          </button>
        )}
      </header>
      <dl className="claude-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="panel-note" data-testid="claude-detail-engine">
        {f.detail}
      </p>
      {f.differsFromDisk && <p className="panel-note">{t('detail.differs')}</p>}
      {f.bytes === null ? (
        <p className="panel-note">{t('detail.noFile')}</p>
      ) : file === null || file.kind === 'loading' ? (
        <p className="panel-note">{t('detail.loading', { path: f.display })}</p>
      ) : file.kind === 'error' ? (
        <p className="panel-note warn" data-testid="claude-detail-error">
          {t('detail.error', { path: file.path, message: file.error.message })}
        </p>
      ) : file.file.tooLarge !== undefined ? (
        <TooLargeNote marker={file.file.tooLarge} />
      ) : (
        <MonacoEditor
          value={file.file.text}
          language="markdown"
          uri={`inmemory://claude-md/${encodeURIComponent(file.file.path)}`}
          readOnly
          dark={dark}
          height="100%"
          ariaLabel={f.display}
          testId="claude-file-editor"
        />
      )}
    </section>
  );
}

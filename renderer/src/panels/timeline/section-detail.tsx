/**
 * The selected row's details: its source file(s) read-only in Monaco with the conditional
 * blocks marked kept or dropped, the list of those blocks, its block in the final context
 * (and a jump to the Context tab), and "open in editor" for the file on disk.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { InspectorApi } from '../../../../shared/api';
import type { OpenInEditorResult } from '../../../../shared/api/open-in-editor';
import type { RenderReport, SectionReport } from '../../../../shared/engine';
import type { EditorDecoration } from '../../components/monaco/monaco-editor';
import { MonacoEditor } from '../../components/monaco/monaco-editor';
import { TooLargeNote } from '../../components/too-large-note';
import type { TooLarge } from '../../../../shared/api/answer-caps';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { formatBytes } from '../../format/bytes';
import type { TimelineKey } from './messages';
import { valueText } from './reason-text';
import { traceBlocks } from './trace-blocks';

/** Props of the detail pane. */
export interface SectionDetailProps {
  readonly section: SectionReport;
  readonly report: RenderReport;
  /** Sequence number of the render, so each new render re-reads the file. */
  readonly seq: number;
  readonly api: InspectorApi;
  readonly t: PanelTranslate<TimelineKey>;
  readonly dark: boolean;
  readonly onShowInContext: (id: string) => void;
  readonly onClose: () => void;
  /** The render's context was over its cap and not sent (its blocks are then empty). */
  readonly contextTooLarge?: TooLarge | null;
  /** Under the header: why a section that did not load did not, and its fix (skipped-detail.tsx). */
  readonly skipped?: ReactNode;
  /** In the header, after the title: the section's "Copy link". */
  readonly headerExtra?: ReactNode;
  /** Width in px the split gives the pane. */
  readonly width?: number;
}

type FileState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ok'; readonly text: string }
  /** Over its cap: the main side stated it and sent no text (answer-caps.ts). */
  | { readonly kind: 'tooLarge'; readonly marker: TooLarge }
  | { readonly kind: 'error'; readonly message: string };

/** A read of one file, tagged with what it was read for (path and render). */
interface FileRead {
  readonly key: string;
  readonly state: FileState;
}

/** The manifest that defines the section: the override for override/added sections. */
function manifestOf(section: SectionReport, report: RenderReport): string | null {
  const merged = report.merged;
  if (merged === null) return null;
  return section.origin === 'base' ? merged.basePath : merged.overridePath;
}

function OpenButton({ path, api, t }: { path: string; api: InspectorApi; t: PanelTranslate<TimelineKey> }) {
  // The parent keys this by path, so another file starts with no result.
  const [result, setResult] = useState<OpenInEditorResult | string | null>(null);
  const open = async (): Promise<void> => {
    const r = await api.openInEditor({ path });
    setResult(r.ok ? r.value : r.error.message);
  };
  return (
    <span className="open-in-editor">
      <button type="button" onClick={() => void open()} data-testid="open-in-editor">
        {t('detail.openInEditor')}
      </button>
      {result !== null && (
        <span className="muted" data-testid="open-result">
          {typeof result === 'string' ? (
            result
          ) : result.opened ? (
            t('detail.opened', { path: result.path })
          ) : result.revealed ? (
            t('detail.revealed', { path: result.path })
          ) : (
            <>
              {t('detail.openUrl')}{' '}
              {/* Text to copy, not a link: a browser page may not open file:// URLs, and a
                  link built from a workspace path is a link the workspace chose. */}
              <code className="open-url">{result.url}</code>
            </>
          )}
        </span>
      )}
    </span>
  );
}

/** The detail pane of one section. */
export function SectionDetail({
  section,
  report,
  seq,
  api,
  t,
  dark,
  onShowInContext,
  onClose,
  contextTooLarge = null,
  skipped = null,
  headerExtra = null,
  width,
}: SectionDetailProps) {
  const sources = section.files;
  // The parent keys this pane by section id, so another section starts at its first file.
  const [fileIndex, setFileIndex] = useState(0);
  const file = sources[Math.min(fileIndex, Math.max(0, sources.length - 1))] ?? null;
  const path = file?.path ?? null;
  // The file's contents come through the API (the renderer reads no disk); re-read on each
  // render, since a render usually follows a change of the file.
  const readKey = `${path ?? ''}\u0000${seq}`;
  const [read, setRead] = useState<FileRead | null>(null);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    void api.getFile({ path }).then((r) => {
      if (!live) return;
      setRead({
        key: readKey,
        state: !r.ok
          ? { kind: 'error', message: r.error.message }
          : r.value.tooLarge !== undefined
            ? { kind: 'tooLarge', marker: r.value.tooLarge }
            : { kind: 'ok', text: r.value.text },
      });
    });
    return () => {
      live = false;
    };
  }, [api, path, readKey]);
  const state: FileState = read !== null && read.key === readKey ? read.state : { kind: 'loading' };

  const text = state.kind === 'ok' ? state.text : '';
  const blocks = useMemo(
    () => (path === null ? [] : traceBlocks(text, section.trace, path)),
    [text, section.trace, path],
  );
  const decorations = useMemo<EditorDecoration[]>(
    () =>
      blocks.map((b) => ({
        startLine: b.startLine,
        endLine: b.endLine,
        className: `trace-${b.outcome}`,
        glyphClassName: `trace-glyph-${b.outcome}`,
        hover: t(b.outcome === 'dropped' ? 'detail.dropped' : 'detail.kept', {
          expr: b.expression,
          key: b.key,
          value: valueText(t, b.actual),
        }),
      })),
    [blocks, t],
  );
  const rendered = section.span === null ? null : report.context.slice(section.span.start, section.span.end);
  const manifest = manifestOf(section, report);

  return (
    <aside
      className="section-detail"
      aria-label={t('detail.title', { id: section.id })}
      data-testid="section-detail"
      style={width === undefined ? undefined : { flexBasis: width, width }}
    >
      <header className="detail-head">
        <strong>{t('detail.title', { id: section.id })}</strong>
        <span className={`badge badge-${section.status}`}>{t(`status.${section.status}`)}</span>
        {headerExtra}
        {section.span !== null && (
          <button type="button" onClick={() => onShowInContext(section.id)} data-testid="show-in-context">
            {t('detail.showInContext')}
          </button>
        )}
        {manifest !== null && <OpenButton key={manifest} path={manifest} api={api} t={t} />}
        <button type="button" className="detail-close" onClick={onClose} aria-label={t('detail.close')}>
          ×
        </button>
      </header>
      {skipped}
      {sources.length === 0 && skipped !== null ? null : <h3>{t('detail.source')}</h3>}
      {sources.length === 0 ? (
        skipped === null && <p className="muted">{t('detail.noFiles')}</p>
      ) : (
        <>
          {sources.length > 1 && (
            <div className="file-tabs" role="tablist">
              {sources.map((f, i) => (
                <button
                  key={`${f.path}-${i}`}
                  type="button"
                  role="tab"
                  aria-selected={i === fileIndex}
                  className={i === fileIndex ? 'file-tab active' : 'file-tab'}
                  onClick={() => setFileIndex(i)}
                >
                  {f.display.split('/').at(-1)} <span className="muted">{formatBytes(f.bytes)}</span>
                </button>
              ))}
            </div>
          )}
          {file !== null && (
            <div className="file-head">
              <code title={file.path}>{file.display}</code> <span className="muted">{file.role}</span>
              <OpenButton key={file.path} path={file.path} api={api} t={t} />
            </div>
          )}
          {!section.needsInjection && <p className="muted">{t('detail.notTemplate')}</p>}
          {state.kind === 'error' && file !== null ? (
            <p className="panel-note warn">
              {t('detail.fileError', { path: file.display, message: state.message })}
            </p>
          ) : state.kind === 'loading' && file !== null ? (
            <p className="muted">{t('detail.loadingFile', { path: file.display })}</p>
          ) : state.kind === 'tooLarge' ? (
            <TooLargeNote marker={state.marker} />
          ) : (
            <MonacoEditor
              value={text}
              language="markdown"
              readOnly
              dark={dark}
              decorations={decorations}
              {...(blocks[0] !== undefined ? { revealLine: blocks[0].startLine } : {})}
              height={260}
              ariaLabel={file?.display ?? ''}
              testId="source-editor"
            />
          )}
          {section.needsInjection && (
            <div className="trace-list" data-testid="trace-list">
              <h4>{t('detail.trace')}</h4>
              {blocks.length === 0 ? (
                <p className="muted">{t('detail.noTrace')}</p>
              ) : (
                <ul>
                  {blocks.map((b) => (
                    <li
                      key={`${b.startLine}-${b.expression}`}
                      className={`trace-item trace-item-${b.outcome}`}
                    >
                      <span className="trace-line">L{b.startLine}</span>{' '}
                      {t(b.outcome === 'dropped' ? 'detail.dropped' : 'detail.kept', {
                        expr: b.expression,
                        key: b.key,
                        value: valueText(t, b.actual),
                      })}
                      {b.count > 1 && (
                        <span className="muted">
                          {' '}
                          ({b.keptCount}/{b.count})
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      )}
      {rendered !== null && (
        <>
          <h3>{t('detail.rendered')}</h3>
          {contextTooLarge !== null ? (
            <TooLargeNote marker={contextTooLarge} />
          ) : (
            // It scrolls on its own: focusable and named, so a keyboard can reach and scroll it.
            <pre
              className="rendered-block"
              tabIndex={0}
              role="region"
              aria-label={t('detail.rendered')}
              data-testid="rendered-block"
            >
              {rendered}
            </pre>
          )}
        </>
      )}
    </aside>
  );
}

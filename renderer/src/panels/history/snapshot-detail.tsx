/**
 * One snapshot: its four files (context and fragments as text, the manifest report as a table,
 * the vars as a table), the raw text of each always, and what went wrong reading them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SnapshotDetail } from '../../../../shared/api/history-models';
import type { DebugFileKind } from '../../../../shared/debug-files/names';
import { Bytes } from '../../components/bytes';
import { TooLargeNote } from '../../components/too-large-note';
import { CopyLinkButton } from '../../components/copy-link-button';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { historyLinkMessages } from './link-messages';
import './history-link.css';
import type { HistoryMessageKey } from './messages';
import { statusWord } from './status-word';

/** Props of the detail. */
export interface SnapshotDetailViewProps {
  readonly detail: SnapshotDetail;
  readonly t: PanelTranslate<HistoryMessageKey>;
}

type Tab = DebugFileKind;
const TABS: readonly Tab[] = ['context', 'fragments', 'manifest', 'vars'];

function ReportTable({
  detail,
  t,
  linked,
}: SnapshotDetailViewProps & { readonly linked: string | null }): React.JSX.Element | null {
  const l = usePanelT(historyLinkMessages);
  const linkedRow = useRef<HTMLTableRowElement | null>(null);
  // A link named this section: bring its row into view once the table is there.
  useEffect(() => {
    linkedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [linked]);
  const report = detail.report;
  if (report === null) return null;
  const key = detail.summary.key;
  return (
    <table className="history-grid" data-testid="history-report-table">
      <thead>
        <tr>
          <th>{t('report.id')}</th>
          <th>{t('report.status')}</th>
          <th>{t('report.used')}</th>
          <th>{t('report.files')}</th>
          <th>{t('report.bytes')}</th>
          <th>{t('report.truncated')}</th>
          <th>{l('link.column')}</th>
        </tr>
      </thead>
      <tbody>
        {report.sections.map((s) => (
          <tr
            key={s.id}
            {...(s.id === linked
              ? { ref: linkedRow, className: 'is-linked', 'aria-current': 'true' as const }
              : {})}
            data-section={s.id}
          >
            <td className="history-mono">{s.id}</td>
            <td>{s.status === null ? (s.pathStatus ?? '?') : statusWord(s.status, t)}</td>
            <td>{s.used === null ? '' : s.used ? t('yes') : t('no')}</td>
            <td>{s.files ?? ''}</td>
            <td>{s.bytes === null || s.bytes === undefined ? '' : <Bytes n={s.bytes} />}</td>
            <td>{s.truncated ? t('yes') : ''}</td>
            <td>
              <CopyLinkButton
                link={{ tab: 'history', snapshot: key, section: s.id }}
                label={l('link.copySection')}
                ariaLabel={l('link.sectionName', { id: s.id })}
                copiedLabel={l('link.copied')}
                failedLabel={l('link.copyFailed')}
                testId="history-section-copy-link"
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function VarsTable({ detail, t }: SnapshotDetailViewProps): React.JSX.Element | null {
  const vars = detail.vars;
  if (vars === null) return null;
  return (
    <table className="history-grid" data-testid="history-vars-table">
      <thead>
        <tr>
          <th>{t('vars.name')}</th>
          <th>{t('vars.value')}</th>
          <th>{t('vars.description')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(vars.vars).map(([name, value]) => (
          <tr key={name}>
            <td className="history-mono">{name}</td>
            <td className="history-mono">{JSON.stringify(value) ?? String(value)}</td>
            <td>{vars.descriptions[name] ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Lines per block of a shown file. */
const CHUNK_LINES = 40;
/** A line's height in px (12 px monospace), for the size of a block not laid out yet. */
const LINE_PX = 16;

/**
 * A file's text in blocks of `CHUNK_LINES` lines, each `content-visibility: auto`: only the
 * blocks in view are laid out. Shaping a whole context file (thousands of CJK characters in a
 * monospace font fall back to another font) took ~120 ms on opening a snapshot; the blocks below
 * the fold now cost nothing until scrolled to. All the text stays in the DOM (find, copy, select).
 */
function ChunkedText({ text, label }: { readonly text: string; readonly label: string }): React.JSX.Element {
  const chunks = useMemo(() => {
    const lines = text.split('\n');
    const out: { text: string; lines: number }[] = [];
    for (let i = 0; i < lines.length; i += CHUNK_LINES) {
      const part = lines.slice(i, i + CHUNK_LINES);
      const last = i + CHUNK_LINES >= lines.length;
      out.push({ text: part.join('\n') + (last ? '' : '\n'), lines: part.length });
    }
    return out;
  }, [text]);
  return (
    // It scrolls on its own, so it takes focus and has a name: a keyboard can reach and scroll it.
    <pre className="history-pre" tabIndex={0} role="region" aria-label={label}>
      {chunks.map((c, i) => (
        <span
          key={i}
          className="history-pre-chunk"
          style={{ containIntrinsicSize: `auto ${c.lines * LINE_PX}px` }}
        >
          {c.text}
        </span>
      ))}
    </pre>
  );
}

/** The detail. */
export function SnapshotDetailView({ detail, t }: SnapshotDetailViewProps): React.JSX.Element {
  const l = usePanelT(historyLinkMessages);
  // The section a link named in this snapshot: its report opens with that row marked.
  const linked = useApp((s) => (s.view.snapshot === detail.summary.key ? s.view.snapshotSection : null));
  const [tab, setTab] = useState<Tab>(linked !== null && detail.report !== null ? 'manifest' : 'context');
  const [raw, setRaw] = useState(false);
  const file = detail.files[tab];
  const structured = !raw && ((tab === 'manifest' && detail.report) || (tab === 'vars' && detail.vars));
  return (
    <div className="history-detail" data-testid="history-detail" data-key={detail.summary.key}>
      <CopyLinkButton
        link={{ tab: 'history', snapshot: detail.summary.key, section: null }}
        label={l('link.copySnapshot')}
        copiedLabel={l('link.copied')}
        failedLabel={l('link.copyFailed')}
        testId="history-copy-link"
      />
      {detail.summary.where === 'archive' ? (
        <p className="history-soft" data-testid="history-detail-archived">
          {t('archivedNote')}
        </p>
      ) : null}
      {detail.summary.missing.length > 0 ? (
        <p className="history-soft">{t('missing', { kinds: detail.summary.missing.join(', ') })}</p>
      ) : null}
      {detail.problems.length > 0 || detail.summary.error ? (
        <details className="history-problems" open data-testid="history-problems">
          <summary>{t('problems')}</summary>
          <ul>
            {[...new Set([...(detail.summary.error ? [detail.summary.error] : []), ...detail.problems])].map(
              (p) => (
                <li key={p}>{p}</li>
              ),
            )}
          </ul>
        </details>
      ) : null}
      <div className="history-tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'is-active' : ''}
            onClick={() => setTab(k)}
            data-testid={`history-tab-${k}`}
          >
            {t(`tab.${k}`)}
          </button>
        ))}
        {tab === 'manifest' || tab === 'vars' ? (
          <label className="history-raw">
            <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> {t('tab.raw')}
          </label>
        ) : null}
      </div>
      <div className="history-file" data-testid="history-file">
        {!file.ok && detail.summary.files[tab] === undefined ? (
          <p>{t('noFile', { kind: tab })}</p>
        ) : !file.ok && file.tooLarge !== undefined ? (
          <TooLargeNote marker={file.tooLarge} />
        ) : !file.ok ? (
          <p className="history-warn">{file.error}</p>
        ) : structured ? (
          tab === 'manifest' ? (
            <ReportTable detail={detail} t={t} linked={linked} />
          ) : (
            <VarsTable detail={detail} t={t} />
          )
        ) : (
          <ChunkedText text={file.text} label={t(`tab.${tab}`)} />
        )}
      </div>
    </div>
  );
}

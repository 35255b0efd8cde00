/**
 * The assembled CLAUDE.md text exactly as Claude Code injects it, each file's block tinted;
 * clicking a block selects its file.
 */
import { ContextSize } from '../../components/context-size';
import { useEffect, useMemo, useRef } from 'react';
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { claudeTextSegments } from './claude-text-segments';
import type { ClaudeMdKey } from './messages';

/** Props of the text view. */
export interface ClaudeTextViewProps {
  readonly report: ClaudeMdReport;
  readonly selected: string | null;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
}

/** The text view. */
export function ClaudeTextView({ report, selected, t, onSelect }: ClaudeTextViewProps) {
  const segments = useMemo(() => claudeTextSegments(report), [report]);
  const selectedIndex = report.files.find((f) => f.path === selected && f.span !== null)?.index ?? null;
  const selectedRef = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);
  if (report.context === '') return <p className="panel-note">{t('text.empty')}</p>;
  return (
    <div className="claude-text-wrap">
      <div className="claude-text-bar">
        {/* The text as sent, measured as the inspector's context is; the totals above count the
            files' own characters, without the wrappers Claude Code adds. */}
        <ContextSize text={report.context} className="context-bytes" testId="claude-text-chars" />
        <button type="button" onClick={() => void navigator.clipboard?.writeText(report.context)}>
          {t('text.copy')}
        </button>
      </div>
      {/* It scrolls on its own: focusable and named, so a keyboard can reach and scroll it. */}
      <pre
        className="context-text claude-text"
        tabIndex={0}
        role="region"
        aria-label={t('view.text')}
        data-testid="claude-context-text"
      >
        {segments.map((s, i) => {
          if (s.file === null) return <span key={i}>{s.text}</span>;
          const file = report.files[s.file];
          const isSelected = s.file === selectedIndex;
          return (
            <span
              key={i}
              ref={isSelected ? selectedRef : undefined}
              className={`block tint-${s.tint % 8}${isSelected ? ' selected' : ''}`}
              title={file?.display}
              onClick={() => file !== undefined && onSelect(file.path)}
            >
              {s.text}
            </span>
          );
        })}
      </pre>
    </div>
  );
}

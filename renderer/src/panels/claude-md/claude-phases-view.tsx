/**
 * What Claude Code sends, both phases side by side: the block at session start (tinted per
 * file) and the messages a Read of the target attaches; under each, every file of that phase
 * with its status and reason in plain words.
 */
import { TooLargeNote } from '../../components/too-large-note';
import type { TooLarge } from '../../../../shared/api/answer-caps';
import type { ClaudeMdFile, ClaudeMdPhase, ClaudeMdReport } from '../../../../shared/claude-md/types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { ClaudeReadView } from './claude-read-view';
import { ClaudeTextView } from './claude-text-view';
import type { ClaudeMdKey } from './messages';
import { reasonWords, statusWords } from './status-words';

/** Props of the two-phase view. */
export interface ClaudePhasesViewProps {
  readonly report: ClaudeMdReport;
  /** The assembled text was over its cap and not sent (answer-caps.ts). */
  readonly contextTooLarge?: TooLarge | null;
  readonly selected: string | null;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
}

function Reasons(props: {
  readonly files: readonly ClaudeMdFile[];
  readonly report: ClaudeMdReport;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onSelect: (path: string) => void;
  readonly phase: ClaudeMdPhase;
}) {
  const { files, t } = props;
  if (files.length === 0) return null;
  const displayOf = new Map(props.report.files.map((f) => [f.path, f.display]));
  const hasTarget = props.report.input.target !== null;
  return (
    <details className="claude-reasons" open data-testid={`claude-reasons-${props.phase}`}>
      <summary>{t('phase.why')}</summary>
      <ul>
        {files.map((f) => (
          <li key={f.index} data-testid="claude-reason" data-status={f.status}>
            <button type="button" className="linklike" onClick={() => props.onSelect(f.path)}>
              {f.display}
            </button>{' '}
            — {statusWords(t, f, hasTarget)};{' '}
            {reasonWords(t, f, f.parent === null ? null : (displayOf.get(f.parent) ?? f.parent))}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The two phases. */
export function ClaudePhasesView({
  report,
  contextTooLarge = null,
  selected,
  t,
  onSelect,
}: ClaudePhasesViewProps) {
  const target = report.input.target;
  const targetDisplay =
    target === null
      ? ''
      : (report.files.find((f) => f.path === target)?.display ?? shortPath(report, target));
  const ofPhase = (phase: ClaudeMdPhase) => report.files.filter((f) => f.phase === phase);
  return (
    <div className="claude-phases" data-testid="claude-phases">
      <section className="claude-phase" aria-label={t('phase.start')} data-testid="claude-phase-start">
        <h3>{t('phase.start')}</h3>
        {contextTooLarge !== null ? (
          <TooLargeNote marker={contextTooLarge} />
        ) : (
          <ClaudeTextView report={report} selected={selected} t={t} onSelect={onSelect} />
        )}
        <Reasons files={ofPhase('start')} report={report} t={t} onSelect={onSelect} phase="start" />
      </section>
      <section
        className="claude-phase"
        aria-label={
          target === null ? t('phase.read', { file: '…' }) : t('phase.read', { file: targetDisplay })
        }
        data-testid="claude-phase-read"
      >
        <h3>{t('phase.read', { file: target === null ? '…' : targetDisplay })}</h3>
        <ClaudeReadView report={report} selected={selected} t={t} onSelect={onSelect} />
        <Reasons files={ofPhase('read')} report={report} t={t} onSelect={onSelect} phase="read" />
      </section>
    </div>
  );
}

/** The target relative to the project folder when inside it. */
function shortPath(report: ClaudeMdReport, path: string): string {
  const cwd = report.input.cwd;
  return path.startsWith(cwd + '/') ? path.slice(cwd.length + 1) : path;
}

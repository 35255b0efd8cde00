/**
 * The detail of a section that did not load (in place of "No file loaded: nothing to
 * show"): why, the condition as it was evaluated clause by clause, and the change that would
 * load it, with a button that puts that change into the override draft (one undoable draft
 * edit; the draft note and the Manifest tab show it, nothing is saved).
 */
import { useState } from 'react';
import type { SectionExplanation } from '../../../../shared/explain';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { sessionDirty } from '../../store/draft-session';
import { useAppStore } from '../../store/store-context';
import type { TimelineKey } from './messages';
import { fixText, reasonText } from './reason-text';
import type { SkipFix } from './skip-fix';
import { fixEdit, skipFix } from './skip-fix';
import { Clauses } from './timeline-row';
import type { TimelineViewKey } from './view-messages';

/** The manifest evolcore reads when the render names none. */
const DEFAULT_MANIFEST = 'eck_manifest.json';

/** Props of the part. */
export interface SkippedDetailProps {
  readonly explanation: SectionExplanation;
  readonly t: PanelTranslate<TimelineKey>;
  readonly v: PanelTranslate<TimelineViewKey>;
}

function applyLabel(v: PanelTranslate<TimelineViewKey>, fix: SkipFix): string {
  switch (fix.kind) {
    case 'enable':
      return v('skip.apply.enable');
    case 'always':
      return v('skip.apply.always');
    case 'budget':
      return v('skip.apply.budget', { field: fix.field, value: fix.value });
    case 'budgets':
      return v('skip.apply.budget', {
        field: 'totalMaxBytes / totalMaxFiles',
        value: `${fix.bytes} / ${fix.files}`,
      });
  }
}

type Outcome =
  | { readonly kind: 'applied' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'other-draft'; readonly file: string }
  | null;

/** The part; the caller shows it for sections whose status is not `ok`. */
export function SkippedDetail({ explanation, t, v }: SkippedDetailProps) {
  const store = useAppStore();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reason = reasonText(t, explanation);
  const fix = skipFix(explanation);
  const varsFix =
    explanation.reason.status === 'when-false' && explanation.reason.fix !== null
      ? fixText(t, explanation.reason.fix)
      : null;

  const apply = async (change: SkipFix): Promise<void> => {
    const s = store.getState();
    const file = s.render?.report.manifestFile ?? DEFAULT_MANIFEST;
    const session = s.draft.session;
    // A draft of another manifest file with edits in it is never dropped to make room.
    if (session !== null && session.pair.manifestFile !== file && sessionDirty(session)) {
      setOutcome({ kind: 'other-draft', file: session.pair.manifestFile });
      return;
    }
    if (session === null || session.pair.manifestFile !== file) await s.draft.load(file);
    const draft = store.getState().draft;
    if (draft.session === null) {
      setOutcome({ kind: 'failed', message: draft.loadError?.message ?? file });
      return;
    }
    draft.edit(fixEdit(change), `skip-fix:${explanation.id}`);
    setOutcome({ kind: 'applied' });
  };

  // The "why" lines without the vars fix, which is said under "What would load it".
  const why = reason.lines.filter((line) => line !== varsFix);
  return (
    <section className="skipped-detail" data-testid="skipped-detail" data-status={explanation.status}>
      <h3>{v('skip.title')}</h3>
      {why.map((line, i) => (
        <p key={i} className={i === 0 ? 'why-main' : 'why-more'}>
          {line}
        </p>
      ))}
      {(reason.condition !== null || reason.clauses.length > 0) && (
        <div data-testid="skipped-trace">
          <h4>{v('skip.trace')}</h4>
          {reason.condition !== null && <p className="why-cond">{reason.condition}</p>}
          <Clauses clauses={reason.clauses} />
        </div>
      )}
      <h4>{v('skip.fix')}</h4>
      {fix.kind === 'none' ? (
        fix.why !== 'loaded' && (
          <p className="muted" data-testid="skipped-no-fix">
            {v('skip.noFix', { why: v(`skip.noFix.${fix.why}`) })}
          </p>
        )
      ) : (
        <p>
          <button type="button" onClick={() => void apply(fix)} data-testid="skipped-apply">
            {applyLabel(v, fix)}
          </button>
        </p>
      )}
      {varsFix !== null && (
        <p className="muted" data-testid="skipped-vars-fix">
          {v('skip.varsInstead', { fix: varsFix })}
        </p>
      )}
      {outcome !== null && (
        <p
          className={outcome.kind === 'applied' ? 'muted' : 'panel-note warn'}
          role="status"
          data-testid="skipped-outcome"
        >
          {outcome.kind === 'applied'
            ? v('skip.applied')
            : outcome.kind === 'other-draft'
              ? v('skip.otherDraft', { file: outcome.file })
              : v('skip.applyFailed', { message: outcome.message })}
        </p>
      )}
    </section>
  );
}

/**
 * A section's status in the words the Timeline uses ("loaded", not the report's "ok"): a status
 * the engine knows gets the shared words (section-status-messages.ts); anything else a recorded
 * report says is shown as written.
 */
import { SECTION_STATUSES } from '../../../../shared/engine';
import type { SectionStatus } from '../../../../shared/engine';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { HistoryMessageKey } from './messages';

const KNOWN = new Set<string>(SECTION_STATUSES);

function isSectionStatus(status: string): status is SectionStatus {
  return KNOWN.has(status);
}

/** The words for `status`, or it as written; `?` when the report said none. */
export function statusWord(status: string | null | undefined, t: PanelTranslate<HistoryMessageKey>): string {
  if (status === null || status === undefined) return '?';
  return isSectionStatus(status) ? t(`status.${status}`) : status;
}

/**
 * An override change in words for people: "persona now on, venue-client off" — the
 * save message, the versions list and a restore's preview say the same thing the same way.
 */
import type { OverrideChange } from '../../../../shared/override/override-change';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

/** At most this many ids are named in one list; the rest are counted. */
const MAX_NAMED = 4;

function ids(list: readonly string[]): string {
  if (list.length <= MAX_NAMED) return list.join(', ');
  return `${list.slice(0, MAX_NAMED).join(', ')} +${list.length - MAX_NAMED}`;
}

/** The change as one phrase (no final full stop); "no section changed" when empty. */
export function changeWords(change: OverrideChange, t: PanelTranslate<ManifestMessageKey>): string {
  const parts = [
    change.on.length > 0 ? t('words.on', { ids: ids(change.on) }) : null,
    change.off.length > 0 ? t('words.off', { ids: ids(change.off) }) : null,
    change.changed.length > 0 ? t('words.changed', { ids: ids(change.changed) }) : null,
    change.other ? t('words.other') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return t('words.none');
  // Ids stay exactly as written (never capitalised at the start of a sentence).
  return parts.join(t('words.sep'));
}

/**
 * A file's status and load reason in plain words, in the UI's language.
 */
import type { ClaudeMdFile } from '../../../../shared/claude-md/types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { settingSourceOf } from './claude-rows';
import type { ClaudeMdKey } from './messages';

type T = PanelTranslate<ClaudeMdKey>;

/** What became of the file. */
export function statusWords(t: T, file: ClaudeMdFile, hasTarget: boolean): string {
  if (file.phase === 'read' && file.status === 'loaded') return t('status.attached');
  switch (file.status) {
    case 'excluded-by-setting':
      return t('status.excluded-by-setting', { source: settingSourceOf(file.level) });
    case 'conditional-not-matched':
      return t(hasTarget ? 'status.conditional-not-matched' : 'status.conditional-not-matched.noTarget');
    default:
      return t(`status.${file.status}`);
  }
}

/** Why the file was reached. */
export function reasonWords(t: T, file: ClaudeMdFile, parentDisplay: string | null): string {
  if (file.reason === 'include') return t('reason.include', { parent: parentDisplay ?? '?' });
  return t(`reason.${file.reason}`);
}

/**
 * The "When" badge: when the file's text is sent, read off its status so the two never disagree
 * (a `paths:` rule listed in the start phase is not sent at start: it waits for a matching Read).
 */
export type WhenBadge = 'start' | 'read' | 'waits' | 'none';

/** The badge of a file. */
export function whenBadge(file: ClaudeMdFile): WhenBadge {
  if (isLoadedStatus(file.status))
    return file.phase === 'read' || file.status === 'conditional-matched' ? 'read' : 'start';
  if (file.status === 'deferred') return 'waits';
  if (file.status === 'conditional-not-matched') return file.phase === 'start' ? 'waits' : 'none';
  return 'none';
}

/** `true` for the statuses that put the file into the assembled text. */
export function isLoadedStatus(status: ClaudeMdFile['status']): boolean {
  return status === 'loaded' || status === 'conditional-matched';
}

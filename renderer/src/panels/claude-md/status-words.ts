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

/** `true` for the statuses that put the file into the assembled text. */
export function isLoadedStatus(status: ClaudeMdFile['status']): boolean {
  return status === 'loaded' || status === 'conditional-matched';
}

/**
 * The words of a too-large marker: what the UI shows instead of a text the main side
 * did not send. Pure, so both languages are tested without a DOM.
 */
import type { TooLarge } from '../../../shared/api/answer-caps';
import { formatBytes } from '../format/bytes';
import type { Translate } from '../i18n/translate';

/** "Too large to show (200.0 MB); open it in your editor." — or, for a value, without the editor. */
export function tooLargeText(t: Translate, marker: TooLarge): string {
  return t(marker.path === null ? 'tooLarge.value' : 'tooLarge.file', { size: formatBytes(marker.bytes) });
}

/** `true` when `file` is under the home or the package root (the only files `openInEditor` opens). */
export function isWorkspaceFile(
  file: string,
  workspace: { readonly home: string; readonly packageRoot: string } | null,
): boolean {
  if (workspace === null) return false;
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const f = norm(file);
  return [workspace.home, workspace.packageRoot].some((root) => f.startsWith(`${norm(root)}/`));
}

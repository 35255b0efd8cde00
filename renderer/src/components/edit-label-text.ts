/**
 * A draft edit's name in words ("disable persona"), and the Undo / Redo button texts built on
 * it, for the Manifest tab's toolbar and the draft band.
 */
import type { PanelTranslate } from '../i18n/panel-messages';
import type { EditLabel } from '../store/edit-label';
import type { RenderBandKey } from './render-band-messages';

type T = PanelTranslate<RenderBandKey>;

/** The edit's name. */
export function editLabelText(t: T, label: EditLabel): string {
  return 'id' in label ? t(`edit.${label.kind}`, { id: label.id }) : t(`edit.${label.kind}`);
}

/** "Undo: disable persona", or that there is nothing to undo. */
export function undoText(t: T, label: EditLabel | null): string {
  return label === null ? t('undo.none') : t('undo.named', { what: editLabelText(t, label) });
}

/** "Redo: disable persona", or that there is nothing to redo. */
export function redoText(t: T, label: EditLabel | null): string {
  return label === null ? t('redo.none') : t('redo.named', { what: editLabelText(t, label) });
}

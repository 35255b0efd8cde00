/**
 * The name of one draft edit, so Undo and Redo can say what they take back ("Undo: disable
 * persona"). Data, not words: the Manifest tab and the draft band put it in the
 * UI's language.
 */

/** Edits about one section. */
export type SectionEditKind =
  'enable' | 'disable' | 'condition' | 'order' | 'add' | 'remove' | 'reset' | 'mode';

/** What an edit did. `edit` names one whose caller gave no name. */
export type EditLabel =
  { readonly kind: SectionEditKind; readonly id: string } | { readonly kind: 'json' | 'discard' | 'edit' };

/** The label of an edit that came without one. */
export const UNNAMED_EDIT: EditLabel = { kind: 'edit' };

/**
 * The manifest change that would load a section that did not (a skipped section's
 * detail shows "the change that would load it, with a button that applies that change as a
 * draft"). Pure: the explanation in, one override edit (or why there is none) out. The edit is
 * applied through the draft slice's `edit`, so it is one undoable step like any other.
 */
import type { SectionExplanation } from '../../../../shared/explain';
import type { BaseSections, OverrideValue } from '../../../../shared/override/override-ops';
import { setSectionEnabled, setSectionField } from '../../../../shared/override/override-ops';

/** A change of the override that loads the section. */
export type SkipFix =
  | { readonly kind: 'enable'; readonly id: string }
  | { readonly kind: 'always'; readonly id: string }
  | { readonly kind: 'budget'; readonly field: 'totalMaxBytes' | 'totalMaxFiles'; readonly value: number }
  /** Two limits at once: both are raised in one edit. */
  | { readonly kind: 'budgets'; readonly bytes: number; readonly files: number };

/** Why no override change alone would load it. */
export type NoFixReason = 'vars' | 'file' | 'invalid' | 'budget' | 'loaded';

/** The fix of a section's status, or why there is none. */
export function skipFix(
  e: SectionExplanation,
): SkipFix | { readonly kind: 'none'; readonly why: NoFixReason } {
  const r = e.reason;
  switch (r.status) {
    case 'ok':
      return { kind: 'none', why: 'loaded' };
    case 'disabled':
      return { kind: 'enable', id: e.id };
    case 'when-false':
      // The vars fix (shown beside it) changes the scenario; in the manifest the one change
      // that surely loads it is to stop asking.
      return { kind: 'always', id: e.id };
    case 'unresolved-vars':
      return { kind: 'none', why: 'vars' };
    case 'not-exist':
      return { kind: 'none', why: 'file' };
    case 'invalid':
      return { kind: 'none', why: 'invalid' };
    case 'over-total': {
      const o = r.overTotal;
      // Cut after another section tripped the gate: raising the limit for this one alone would
      // first load that one; the operator should look at the first cut instead.
      if (o === null || o.afterCut) return { kind: 'none', why: 'budget' };
      const bytes = o.bytesBefore + o.bytes;
      const files = o.filesBefore + o.files;
      if (o.limit === 'both') return { kind: 'budgets', bytes, files };
      return o.limit === 'bytes'
        ? { kind: 'budget', field: 'totalMaxBytes', value: bytes }
        : { kind: 'budget', field: 'totalMaxFiles', value: files };
    }
  }
}

/** The override edit of a fix, for `draft.edit`. */
export function fixEdit(fix: SkipFix): (doc: OverrideValue, base: BaseSections) => OverrideValue {
  switch (fix.kind) {
    case 'enable':
      return (doc, base) => setSectionEnabled(doc, base, fix.id, true);
    case 'always':
      return (doc, base) => setSectionField(doc, base, fix.id, 'when', 'always');
    case 'budget':
      return (doc) => ({ ...doc, [fix.field]: fix.value });
    case 'budgets':
      return (doc) => ({ ...doc, totalMaxBytes: fix.bytes, totalMaxFiles: fix.files });
  }
}

/**
 * The draft of an override: what is on disk, what the person wants, and the text that saving
 * would write (every edit is a draft; save writes only the minimal patch).
 *
 * The text is always laid on an *anchor* — the file as loaded, or the last text typed in
 * expert mode — so an edit that is undone, or a switch toggled twice, gives the anchor back
 * byte for byte.
 */
import type { Json } from '../engine';
import { isJsonObject, parseJsonText } from '../engine';
import { jsonEqual } from './json-equal';
import { formatFreshFile, rewriteJsonText } from './json-patch-writer';
import type { OverrideValue } from './override-ops';
import { EMPTY_OVERRIDE, overrideEntries } from './override-ops';

/** Where a draft's text fails to parse (expert mode), 1-based. */
export interface DraftParseError {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** One state of the draft. Plain data, so undo/redo is a list of these. */
export interface OverrideDraft {
  /** The override file as loaded; `null` when there is none yet. */
  readonly loadedText: string | null;
  /** The text edits are laid on. */
  readonly anchorText: string | null;
  /** The override the person wants; `null` = no override file. Stale while `parseError` is set. */
  readonly value: OverrideValue | null;
  /** What saving writes; `null` = nothing to write (no file, and none wanted). */
  readonly text: string | null;
  /** Set when the expert text is not a JSON object; the form is read-only meanwhile. */
  readonly parseError: DraftParseError | null;
}

const isObject = (v: Json): v is OverrideValue => isJsonObject(v);

/** Parses an override text into its value or the error the editor marks. */
export function parseOverrideText(text: string): { value: OverrideValue } | { error: DraftParseError } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { error: { message: parsed.message, line: parsed.line, column: parsed.column } };
  if (!isObject(parsed.value)) {
    return { error: { message: 'an override must be a JSON object', line: 1, column: 1 } };
  }
  return { value: parsed.value };
}

/** A draft with no edits over the file as loaded (`null`: no override file yet). */
export function loadDraft(loadedText: string | null): OverrideDraft {
  if (loadedText === null) {
    return { loadedText, anchorText: null, value: null, text: null, parseError: null };
  }
  const parsed = parseOverrideText(loadedText);
  return {
    loadedText,
    anchorText: loadedText,
    value: 'value' in parsed ? parsed.value : null,
    text: loadedText,
    parseError: 'error' in parsed ? parsed.error : null,
  };
}

/**
 * Drops entries that hold only an id (a section switched off and on again): they change
 * nothing. One that the anchor already had stays, so the file is not touched for it.
 */
function pruneEmptyEntries(value: OverrideValue, anchor: OverrideValue | null): OverrideValue {
  if (!Array.isArray(value.sections)) return value;
  const anchorEmpty = new Set(
    (anchor === null ? [] : overrideEntries(anchor))
      .filter((e) => isObject(e) && Object.keys(e).length === 1 && typeof e.id === 'string')
      .map((e) => (e as OverrideValue).id as string),
  );
  const entries = overrideEntries(value);
  const kept = entries.filter(
    (e) =>
      !(isObject(e) && Object.keys(e).length === 1 && typeof e.id === 'string' && !anchorEmpty.has(e.id)),
  );
  return kept.length === entries.length ? value : { ...value, sections: kept };
}

/** The text saving would write for `value` laid on `anchorText`. */
export function draftTextFor(anchorText: string | null, value: OverrideValue | null): string | null {
  if (value === null) return anchorText;
  const anchorParsed = anchorText === null ? null : parseOverrideText(anchorText);
  const anchorValue = anchorParsed !== null && 'value' in anchorParsed ? anchorParsed.value : null;
  const pruned = pruneEmptyEntries(value, anchorValue);
  if (anchorText === null) return jsonEqual(pruned, EMPTY_OVERRIDE) ? null : formatFreshFile(pruned);
  if (anchorValue !== null && jsonEqual(pruned, anchorValue)) return anchorText;
  return rewriteJsonText(anchorText, pruned);
}

/** Applies a form edit (a pure function of the override value). Refused while the text does not parse. */
export function applyFormEdit(
  draft: OverrideDraft,
  edit: (value: OverrideValue) => OverrideValue,
): OverrideDraft {
  if (draft.parseError !== null) return draft;
  const value = edit(draft.value ?? EMPTY_OVERRIDE);
  const text = draftTextFor(draft.anchorText, value);
  return { ...draft, value, text };
}

/** Takes a text typed in expert mode as the new draft (and the anchor of later form edits). */
export function applyTextEdit(draft: OverrideDraft, text: string): OverrideDraft {
  if (draft.loadedText === null && text.trim() === '') {
    return { ...draft, anchorText: null, value: null, text: null, parseError: null };
  }
  const parsed = parseOverrideText(text);
  if ('error' in parsed) return { ...draft, text, parseError: parsed.error };
  return { ...draft, anchorText: text, value: parsed.value, text, parseError: null };
}

/** `true` when saving would change the file. */
export function isDraftDirty(draft: OverrideDraft): boolean {
  return draft.text !== draft.loadedText;
}

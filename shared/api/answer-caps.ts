/**
 * Size caps of the answers that carry file content: snapshot files, diffs, the last
 * render, file reads. A home can hold any file (a 200 MB `context-*.md` copied from a colleague,
 * a var of 4 MiB typed into the Vars tab); without a cap one answer grew the server to 1.3 GB and
 * stalled every other client for seconds while it was read, serialised and sent.
 *
 * Over a cap the answer carries no bytes of the text but a {@link TooLarge} marker, and the UI
 * says "too large to show (N MB); open it in your editor" instead.
 */

/**
 * Largest text shown from one file or one field (a snapshot file, a context, one var's value,
 * a workspace file). evolcore's default context budget is 100 KB (`totalMaxBytes` 102400) and kit
 * files are a few KB: 2 MiB is twenty times a full context, far past anything read by eye, and
 * still a size Monaco and the History pane render without stalling.
 */
export const MAX_SHOWN_TEXT_BYTES = 2 * 1024 * 1024;

/**
 * Largest answer (its JSON) that carries file content. A snapshot is four files plus their
 * parsed forms, a compare two of each: 8 MiB holds a full snapshot of files just under the
 * per-text cap. Over it the largest texts are replaced by markers until the answer fits.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** A text that was not sent because it is larger than its cap. */
export interface TooLarge {
  /** Its size in bytes (UTF-8 for a value: its JSON). */
  readonly bytes: number;
  /** The cap it is over. */
  readonly cap: number;
  /** The file it is, when it is one (the UI offers to open it in an editor); `null` for a value. */
  readonly path: string | null;
}

/** A value replaced by its marker (a var's value, a trace's value: places that hold `unknown`). */
export interface TooLargeMarker {
  readonly tooLarge: TooLarge;
}

/** The marker of a text of `bytes` over `cap`. */
export function tooLarge(bytes: number, cap: number, path: string | null = null): TooLarge {
  return { bytes, cap, path };
}

/** `true` for a value the main side replaced by its marker. */
export function isTooLargeMarker(value: unknown): value is TooLargeMarker {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'tooLarge') return false;
  const inner = (value as { tooLarge: unknown }).tooLarge;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as { bytes?: unknown }).bytes === 'number' &&
    typeof (inner as { cap?: unknown }).cap === 'number'
  );
}

/** `200.0 MB`: the size a refusal names (the UI formats its own, localised). */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The English sentence of a marker, for problem lists and errors that carry words only. */
export function tooLargeMessage(name: string, marker: TooLarge): string {
  return `${name} is too large to show (${megabytes(marker.bytes)}; the cap is ${megabytes(marker.cap)})`;
}

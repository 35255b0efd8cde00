/**
 * The app's markers and decorations as Monaco's objects: the one place they are built, so
 * untrusted text in them (var values, expressions read from a template, file names) reaches
 * Monaco as text. Pure: plain ranges, no Monaco instance needed.
 */
import type * as Monaco from 'monaco-editor';
import { plainMarkdown } from './plain-markdown';

/** A problem to show in the text. */
export interface EditorMarker {
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'info';
}

/** A range to highlight, with a CSS class (defined by the caller's stylesheet). */
export interface EditorDecoration {
  readonly startLine: number;
  readonly endLine: number;
  readonly className: string;
  /** Shown as plain text on hover (escaped: it may hold a var value or template text). */
  readonly hover?: string;
  /** A class for the glyph margin (e.g. a kept / dropped mark). */
  readonly glyphClassName?: string;
}

/** Monaco's `MarkerSeverity` values (the enum lives on the lazily loaded namespace). */
const SEVERITY = { error: 8, warning: 4, info: 2 } as const;

/**
 * Markers for `setModelMarkers`. Monaco shows a marker's message with `innerText`, so it is
 * text already; `code` and `relatedInformation` (which Monaco turns into links) are never set.
 */
export function toMarkerData(markers: readonly EditorMarker[]): Monaco.editor.IMarkerData[] {
  return markers.map((m) => ({
    startLineNumber: m.line,
    startColumn: m.column,
    endLineNumber: m.endLine ?? m.line,
    endColumn: m.endColumn ?? m.column + 1,
    message: m.message,
    severity: SEVERITY[m.severity],
  }));
}

/** Whole-line decorations for `deltaDecorations`, their hover escaped (plain-markdown.ts). */
export function toModelDecorations(
  decorations: readonly EditorDecoration[],
): Monaco.editor.IModelDeltaDecoration[] {
  return decorations.map((d) => ({
    range: { startLineNumber: d.startLine, startColumn: 1, endLineNumber: d.endLine, endColumn: 1 },
    options: {
      isWholeLine: true,
      className: d.className,
      ...(d.glyphClassName ? { glyphMarginClassName: d.glyphClassName } : {}),
      ...(d.hover ? { hoverMessage: plainMarkdown(d.hover) } : {}),
    },
  }));
}

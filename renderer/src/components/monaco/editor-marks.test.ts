/**
 * The decorations and markers the editor pane hands Monaco: a hover holding a
 * hostile var value or template text reaches Monaco escaped and untrusted; a marker's message
 * goes as the plain string Monaco shows with innerText, with nothing Monaco would turn into a link.
 */
import { describe, expect, it } from 'vitest';
import { toMarkerData, toModelDecorations } from './editor-marks';
import { escapeMarkdown } from './plain-markdown';

const HOSTILE =
  'kept: {{?peerName}} (peerName = "[click](https://evil.example/x)") <img src=x onerror=alert(1)>';

describe('toModelDecorations', () => {
  it('makes the hover an escaped, untrusted markdown string without HTML', () => {
    const [decoration] = toModelDecorations([
      {
        startLine: 3,
        endLine: 5,
        className: 'trace-kept',
        glyphClassName: 'trace-glyph-kept',
        hover: HOSTILE,
      },
    ]);
    expect(decoration).toEqual({
      range: { startLineNumber: 3, startColumn: 1, endLineNumber: 5, endColumn: 1 },
      options: {
        isWholeLine: true,
        className: 'trace-kept',
        glyphMarginClassName: 'trace-glyph-kept',
        hoverMessage: {
          value: escapeMarkdown(HOSTILE),
          isTrusted: false,
          supportHtml: false,
          supportThemeIcons: false,
        },
      },
    });
    const value = decoration?.options.hoverMessage;
    expect(value && !Array.isArray(value) ? value.value : '').not.toContain('](');
  });

  it('sets no hover for a decoration without one', () => {
    const [decoration] = toModelDecorations([{ startLine: 1, endLine: 1, className: 'x' }]);
    expect(decoration?.options).toEqual({ isWholeLine: true, className: 'x' });
  });
});

describe('toMarkerData', () => {
  it('passes the message as text and sets no code or related links', () => {
    const [marker] = toMarkerData([{ line: 2, column: 4, message: HOSTILE, severity: 'warning' }]);
    expect(marker).toEqual({
      startLineNumber: 2,
      startColumn: 4,
      endLineNumber: 2,
      endColumn: 5,
      message: HOSTILE,
      severity: 4,
    });
  });

  it('maps severities to Monaco’s values', () => {
    const severities = toMarkerData([
      { line: 1, column: 1, message: 'e', severity: 'error' },
      { line: 1, column: 1, endLine: 2, endColumn: 3, message: 'i', severity: 'info' },
    ]).map((m) => [m.severity, m.endLineNumber, m.endColumn]);
    expect(severities).toEqual([
      [8, 1, 2],
      [2, 2, 3],
    ]);
  });
});

/**
 * A Monaco diff pane (base vs merged manifest, recorded vs replayed context…), read-only.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { NO_LINK_OPTIONS } from './link-policy';
import { loadMonaco, monacoTheme } from './load-monaco';

/** Props of the diff pane. */
export interface MonacoDiffProps {
  readonly original: string;
  readonly modified: string;
  readonly language: 'json' | 'markdown' | 'plaintext';
  readonly dark?: boolean;
  readonly height?: number | string;
  /** Side by side (default) or inline. */
  readonly inline?: boolean;
  readonly testId?: string;
  /** The names of the two sides for assistive tech (each side is a textbox to a screen reader). */
  readonly labels: { readonly original: string; readonly modified: string };
}

/** The diff pane. */
export function MonacoDiff(props: MonacoDiffProps): React.JSX.Element {
  const host = useRef<HTMLDivElement | null>(null);
  const diffRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const models = useRef<{ original: Monaco.editor.ITextModel; modified: Monaco.editor.ITextModel } | null>(
    null,
  );
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    loadMonaco().then((monaco) => {
      if (disposed || !host.current) return;
      const diff = monaco.editor.createDiffEditor(host.current, {
        readOnly: true,
        automaticLayout: true,
        renderSideBySide: !props.inline,
        minimap: { enabled: false },
        wordWrap: 'on',
        theme: monacoTheme(props.dark ?? false),
        ...NO_LINK_OPTIONS,
        // A "dimmed" last line number is 1.8:1 against the editor (axe color-contrast).
        renderFinalNewline: 'on',
      });
      // Set on each side's editor: the diff editor's originalAriaLabel / modifiedAriaLabel do not
      // reach the EditContext textbox Monaco 0.57 uses (axe aria-input-field-name).
      diff.getOriginalEditor().updateOptions({ ariaLabel: props.labels.original });
      diff.getModifiedEditor().updateOptions({ ariaLabel: props.labels.modified });
      const original = monaco.editor.createModel(props.original, props.language);
      const modified = monaco.editor.createModel(props.modified, props.language);
      diff.setModel({ original, modified });
      diffRef.current = diff;
      models.current = { original, modified };
      setReady(true);
    });
    return () => {
      disposed = true;
      diffRef.current?.dispose();
      models.current?.original.dispose();
      models.current?.modified.dispose();
      diffRef.current = null;
      models.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.language, props.inline]);

  useEffect(() => {
    const m = models.current;
    if (!m) return;
    if (m.original.getValue() !== props.original) m.original.setValue(props.original);
    if (m.modified.getValue() !== props.modified) m.modified.setValue(props.modified);
  }, [props.original, props.modified, ready]);

  return (
    <div
      className="monaco-pane"
      data-testid={props.testId}
      data-ready={ready ? 'true' : 'false'}
      style={{ height: props.height ?? 360 }}
    >
      <div ref={host} style={{ height: '100%' }} />
    </div>
  );
}

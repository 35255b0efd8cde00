/**
 * A Monaco editor pane: read-only viewer or editor of one text, with markers (diagnostics at
 * line and column) and decorations (e.g. kept / dropped template blocks). Loads Monaco lazily.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import type { EditorDecoration, EditorMarker } from './editor-marks';
import { toMarkerData, toModelDecorations } from './editor-marks';
import { NO_LINK_OPTIONS } from './link-policy';
import { loadMonaco, monacoTheme, type MonacoApi } from './load-monaco';

export type { EditorDecoration, EditorMarker } from './editor-marks';

/** Props of the editor pane. */
export interface MonacoEditorProps {
  readonly value: string;
  readonly language: 'json' | 'markdown' | 'plaintext';
  /** A model URI (e.g. `inmemory://vars.json`); JSON schemas are matched against it. */
  readonly uri?: string;
  readonly readOnly?: boolean;
  readonly dark?: boolean;
  readonly onChange?: (value: string) => void;
  readonly markers?: readonly EditorMarker[];
  readonly decorations?: readonly EditorDecoration[];
  /** A line to reveal and highlight when it changes. */
  readonly revealLine?: number;
  /** Called once the editor exists (to register schemas, actions…). */
  readonly onReady?: (monaco: MonacoApi, editor: Monaco.editor.IStandaloneCodeEditor) => void;
  readonly height?: number | string;
  readonly ariaLabel?: string;
  readonly testId?: string;
}

/** The editor pane. */
export function MonacoEditor(props: MonacoEditorProps): React.JSX.Element {
  const host = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  const decorationIds = useRef<string[]>([]);
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  }, [props.onChange]);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let editor: Monaco.editor.IStandaloneCodeEditor | null = null;
    let model: Monaco.editor.ITextModel | null = null;
    loadMonaco().then(
      (monaco) => {
        if (disposed || !host.current) return;
        monacoRef.current = monaco;
        const uri = props.uri ? monaco.Uri.parse(props.uri) : undefined;
        monaco.editor.getModel(uri ?? monaco.Uri.parse('inmemory://none'))?.dispose();
        model = monaco.editor.createModel(props.value, props.language, uri);
        editor = monaco.editor.create(host.current, {
          model,
          readOnly: props.readOnly ?? false,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          glyphMargin: true,
          fontSize: 13,
          theme: monacoTheme(props.dark ?? false),
          ariaLabel: props.ariaLabel ?? '',
          ...NO_LINK_OPTIONS,
          // A "dimmed" last line number is 1.8:1 against the editor (axe color-contrast).
          renderFinalNewline: 'on',
        });
        editor.onDidChangeModelContent(() => onChange.current?.(editor?.getValue() ?? ''));
        editorRef.current = editor;
        props.onReady?.(monaco, editor);
        setReady(true);
      },
      (err: unknown) => setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      disposed = true;
      editor?.dispose();
      model?.dispose();
      editorRef.current = null;
    };
    // The editor is created once per mount; value and options are synced by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.language, props.uri]);

  // Outside changes (a re-render, a file change on disk) replace the text, keeping the cursor.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || editor.getValue() === props.value) return;
    const position = editor.getPosition();
    editor.getModel()?.setValue(props.value);
    if (position) editor.setPosition(position);
  }, [props.value, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly ?? false });
    monacoRef.current?.editor.setTheme(monacoTheme(props.dark ?? false));
  }, [props.readOnly, props.dark, ready]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    monaco.editor.setModelMarkers(model, 'eck', toMarkerData(props.markers ?? []));
  }, [props.markers, ready, props.value]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    decorationIds.current = editor.deltaDecorations(
      decorationIds.current,
      toModelDecorations(props.decorations ?? []),
    );
  }, [props.decorations, ready, props.value]);

  useEffect(() => {
    if (props.revealLine && editorRef.current) {
      editorRef.current.revealLineInCenter(props.revealLine);
      editorRef.current.setPosition({ lineNumber: props.revealLine, column: 1 });
    }
  }, [props.revealLine, ready]);

  return (
    <div
      className="monaco-pane"
      data-testid={props.testId}
      data-ready={ready ? 'true' : 'false'}
      style={{ height: props.height ?? 320 }}
    >
      {failed ? <pre className="monaco-failed">{failed}</pre> : null}
      {!ready && !failed ? <pre className="monaco-loading">{props.value}</pre> : null}
      <div ref={host} style={{ height: '100%', display: ready ? 'block' : 'none' }} />
    </div>
  );
}

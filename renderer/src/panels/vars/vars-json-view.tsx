/**
 * The JSON view: Monaco with the vars JSON Schema (completion, hover descriptions, type errors),
 * unknown vars and catalog errors marked at their key, and a syntax error marked where it is.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { BROWSER_CLOCK } from './browser-clock';
import { buildVarsJsonSchema } from '../../../../shared/vars/schema';
import type { EditorMarker } from '../../components/monaco/monaco-editor';
import { toMarkerData } from '../../components/monaco/editor-marks';
import { MonacoEditor } from '../../components/monaco/monaco-editor';
import type { MonacoApi } from '../../components/monaco/load-monaco';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { EditorState } from './editor-sync';
import type { VarsMessageKey } from './messages';
import type { DeferredSync } from './deferred-sync';
import { createDeferredSync } from './deferred-sync';
import { minimalEdit } from './minimal-edit';
import type { RenderTimingStore } from './render-timing';
import { useRenderTiming } from './render-timing';
import { varsMarkers } from './vars-text';

/** The model URI the schema is bound to. */
export const VARS_MODEL_URI = 'inmemory://eck-inspector/vars.json';
const SCHEMA_URI = 'inmemory://eck-inspector/schemas/vars.schema.json';

/** Props of the JSON view. */
export interface VarsJsonViewProps {
  readonly state: EditorState;
  /** The request state: a form edit waiting for its render holds the JSON sync back. */
  readonly timing: RenderTimingStore;
  readonly dark: boolean;
  readonly t: PanelTranslate<VarsMessageKey>;
  readonly onText: (text: string) => void;
}

/** Registers the vars schema once per Monaco instance (the JSON defaults are global). */
function registerSchema(monaco: MonacoApi): void {
  const schema = JSON.parse(JSON.stringify(buildVarsJsonSchema())) as Monaco.json.JSONSchema;
  monaco.json.jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [{ uri: SCHEMA_URI, fileMatch: [VARS_MODEL_URI], schema }],
  });
}

/** How long a form edit may keep the JSON view behind, at most (deferred-sync.ts). */
export const JSON_SYNC_MAX_DELAY_MS = 250;

/** The markers for a state: the syntax error, or unknown vars and catalog errors at their key. */
function markersOf(state: EditorState): EditorMarker[] {
  if (state.textError !== null) {
    const { line, column, message } = state.textError;
    return [{ line, column, message, severity: 'error' }];
  }
  return varsMarkers(state.text, state.vars);
}

/** The JSON view. */
export function VarsJsonView({ state, timing, dark, t, onText }: VarsJsonViewProps) {
  const { pending } = useRenderTiming(timing);
  // The pane gets its first text only; later texts are applied here as the smallest edit, so a
  // form keystroke does not make Monaco re-tokenise and re-layout the whole model.
  const [initialText] = useState(state.text);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  const latestRef = useRef(state);
  const [ready, setReady] = useState(false);
  /** Brings the model and its markers up to the newest state. */
  const applyLatest = useCallback(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const latest = latestRef.current;
    const edit = minimalEdit(model.getValue(), latest.text);
    if (edit !== null) applyTextEdit(model, edit);
    // Markers after the edit, so their positions are those of the text they were computed on.
    monacoRef.current?.editor.setModelMarkers(model, 'eck-vars', toMarkerData(markersOf(latest)));
  }, []);
  const syncRef = useRef<DeferredSync | null>(null);
  useEffect(() => {
    const sync = createDeferredSync(applyLatest, BROWSER_CLOCK, JSON_SYNC_MAX_DELAY_MS);
    syncRef.current = sync;
    return () => {
      sync.dispose();
      syncRef.current = null;
    };
  }, [applyLatest]);
  const onReady = useCallback((monaco: MonacoApi, editor: Monaco.editor.IStandaloneCodeEditor) => {
    registerSchema(monaco);
    monacoRef.current = monaco;
    editorRef.current = editor;
    editor.onDidFocusEditorText(() => syncRef.current?.flush());
    setReady(true);
  }, []);
  useEffect(() => {
    latestRef.current = state;
    // The view's own typing is never held back; a form edit waits for its render (deferred-sync.ts).
    if (ready) syncRef.current?.update(pending && editorRef.current?.hasTextFocus() !== true);
  }, [state, pending, ready]);
  useEffect(() => () => void (editorRef.current = null), []);

  return (
    <div className="vars-json">
      <MonacoEditor
        value={initialText}
        language="json"
        uri={VARS_MODEL_URI}
        dark={dark}
        onChange={onText}
        onReady={onReady}
        height="100%"
        ariaLabel="vars JSON"
        testId="vars-json-editor"
      />
      <p
        className={`vars-json-status${state.textError === null ? '' : ' is-error'}`}
        data-testid="vars-json-status"
        role={state.textError === null ? undefined : 'alert'}
      >
        {state.textError === null
          ? t('json.valid')
          : t('json.invalid', {
              line: state.textError.line,
              column: state.textError.column,
              message: state.textError.message,
            })}
      </p>
    </div>
  );
}

/** Applies one replacement to the model, on the undo stack. */
function applyTextEdit(
  model: Monaco.editor.ITextModel,
  edit: { start: number; end: number; text: string },
): void {
  const start = model.getPositionAt(edit.start);
  const end = model.getPositionAt(edit.end);
  model.pushEditOperations(
    [],
    [
      {
        range: {
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        },
        text: edit.text,
      },
    ],
    () => null,
  );
}

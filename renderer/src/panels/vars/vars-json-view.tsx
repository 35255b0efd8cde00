/**
 * The JSON view: Monaco with the vars JSON Schema (completion, hover descriptions, type errors),
 * unknown vars and catalog errors marked at their key, and a syntax error marked where it is.
 */
import { useCallback, useMemo } from 'react';
import type * as Monaco from 'monaco-editor';
import { buildVarsJsonSchema } from '../../../../shared/vars/schema';
import type { EditorMarker } from '../../components/monaco/monaco-editor';
import { MonacoEditor } from '../../components/monaco/monaco-editor';
import type { MonacoApi } from '../../components/monaco/load-monaco';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { EditorState } from './editor-sync';
import type { VarsMessageKey } from './messages';
import { varsMarkers } from './vars-text';

/** The model URI the schema is bound to. */
export const VARS_MODEL_URI = 'inmemory://eck-inspector/vars.json';
const SCHEMA_URI = 'inmemory://eck-inspector/schemas/vars.schema.json';

/** Props of the JSON view. */
export interface VarsJsonViewProps {
  readonly state: EditorState;
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

/** The JSON view. */
export function VarsJsonView({ state, dark, t, onText }: VarsJsonViewProps) {
  const markers = useMemo((): EditorMarker[] => {
    if (state.textError !== null) {
      const { line, column, message } = state.textError;
      return [{ line, column, message, severity: 'error' }];
    }
    return varsMarkers(state.text, state.vars);
  }, [state]);
  const onReady = useCallback((monaco: MonacoApi) => registerSchema(monaco), []);
  return (
    <div className="vars-json">
      <MonacoEditor
        value={state.text}
        language="json"
        uri={VARS_MODEL_URI}
        dark={dark}
        onChange={onText}
        markers={markers}
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

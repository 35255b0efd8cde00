/**
 * Base, override and merged side by side, each a Monaco pane with its diagnostics at line and
 * column; the override pane is the expert editor (override schema) when expert mode is on.
 */
import { useCallback, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { buildManifestJsonSchema } from '../../../../shared/manifest/schema';
import type { MonacoApi } from '../../components/monaco/load-monaco';
import type { EditorMarker } from '../../components/monaco/monaco-editor';
import { MonacoEditor } from '../../components/monaco/monaco-editor';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { idLine } from './id-line';
import { LazyMount } from './lazy-mount';
import type { ManifestMessageKey } from './messages';

const SCHEMA_URI = 'inmemory://eck-inspector/schemas/eck_manifest.override.schema.json';

/** The override model's URI (the schema is bound to it). */
export function overrideModelUri(manifestFile: string): string {
  return `inmemory://eck-inspector/override/${manifestFile}`;
}

/**
 * Adds the override schema to Monaco's JSON defaults, keeping schemas other panels registered
 * (the defaults are global to the Monaco instance).
 */
function registerOverrideSchema(monaco: MonacoApi, modelUri: string): void {
  const defaults = monaco.json.jsonDefaults;
  const others = (defaults.diagnosticsOptions.schemas ?? []).filter((s) => s.uri !== SCHEMA_URI);
  const schema = JSON.parse(JSON.stringify(buildManifestJsonSchema('override'))) as Monaco.json.JSONSchema;
  defaults.setDiagnosticsOptions({
    ...defaults.diagnosticsOptions,
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...others, { uri: SCHEMA_URI, fileMatch: [modelUri], schema }],
  });
}

/** The problems of a pane as a list under it (line:column, message), for readers without the editor. */
function Problems({ markers, testId }: { markers: readonly EditorMarker[]; testId: string }) {
  if (markers.length === 0) return null;
  return (
    <ul className="pane-problems" data-testid={testId}>
      {markers.map((m, i) => (
        <li key={`${m.line}:${m.column}:${i}`} className={m.severity}>
          <code>
            {m.line}:{m.column}
          </code>{' '}
          {m.message}
        </li>
      ))}
    </ul>
  );
}

/** Props of the panes. */
export interface FilePanesProps {
  readonly manifestFile: string;
  readonly basePath: string;
  readonly baseText: string;
  readonly baseMarkers: readonly EditorMarker[];
  readonly overridePath: string;
  readonly overrideText: string;
  readonly overrideExists: boolean;
  readonly overrideMarkers: readonly EditorMarker[];
  readonly mergedText: string;
  readonly expert: boolean;
  readonly dark: boolean;
  readonly onType: (text: string) => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
  /**
   * `side`: one pane at a time, chosen above it, tall, for the split beside the table in
   * expert mode; `row`: the three side by side under the form.
   */
  readonly layout?: 'row' | 'side';
  /** The section whose entry each pane scrolls to. */
  readonly revealId?: string | null;
}

type PaneId = 'base' | 'override' | 'merged';
const PANES: readonly PaneId[] = ['base', 'override', 'merged'];

/** The panes. */
export function FilePanes(p: FilePanesProps) {
  const uri = overrideModelUri(p.manifestFile);
  const onReady = useCallback((monaco: MonacoApi) => registerOverrideSchema(monaco, uri), [uri]);
  const { t } = p;
  const [chosen, setChosen] = useState<PaneId>('override');
  const side = p.layout === 'side';
  const height = side ? 'calc(100vh - 260px)' : 380;
  // Lines are found when the selection changes, then held: typing in the override must not
  // scroll the editor each time the entry's line moves.
  const revealId = p.revealId ?? null;
  const find = (): Record<PaneId, number | undefined> => {
    const at = (text: string) => (revealId === null ? undefined : (idLine(text, revealId) ?? undefined));
    return { base: at(p.baseText), override: at(p.overrideText), merged: at(p.mergedText) };
  };
  const [lines, setLines] = useState(() => ({ id: revealId, at: find() }));
  if (lines.id !== revealId) setLines({ id: revealId, at: find() });
  const panes: Record<PaneId, React.JSX.Element> = {
    base: (
      <div className="file-pane" data-testid="pane-base">
        <h3>
          {t('state.base')} <code title={p.basePath}>{p.basePath}</code>
        </h3>
        <MonacoEditor
          value={p.baseText}
          language="json"
          readOnly
          dark={p.dark}
          markers={p.baseMarkers}
          height={height}
          ariaLabel={t('state.base')}
          {...optionalLine(lines.at.base)}
        />
        <Problems markers={p.baseMarkers} testId="base-problems" />
      </div>
    ),
    override: (
      <div className={`file-pane${p.expert ? ' expert' : ''}`} data-testid="pane-override">
        <h3>
          {t('state.override')} <code title={p.overridePath}>{p.overridePath}</code>
        </h3>
        {!p.overrideExists && p.overrideText === '' ? (
          <p className="none-yet" data-testid="override-none">
            {t('state.noneYet', { path: p.overridePath })}
          </p>
        ) : null}
        {p.expert ? <p className="hint">{t('expert.hint')}</p> : null}
        <MonacoEditor
          value={p.overrideText}
          language="json"
          uri={uri}
          readOnly={!p.expert}
          dark={p.dark}
          markers={p.overrideMarkers}
          onReady={onReady}
          height={height}
          ariaLabel={t('state.override')}
          testId="override-editor"
          {...(p.expert ? { onChange: p.onType } : {})}
          {...optionalLine(lines.at.override)}
        />
        <Problems markers={p.overrideMarkers} testId="override-problems" />
      </div>
    ),
    merged: (
      <div className="file-pane" data-testid="pane-merged">
        <h3>{t('state.merged')}</h3>
        <MonacoEditor
          value={p.mergedText}
          language="json"
          readOnly
          dark={p.dark}
          height={height}
          ariaLabel={t('state.merged')}
          {...optionalLine(lines.at.merged)}
        />
      </div>
    ),
  };
  if (side) {
    return (
      <div className="file-panes-side" data-testid="expert-side">
        <div className="pane-chooser" role="group" aria-label={t('expert.panes')}>
          {PANES.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={chosen === id}
              onClick={() => setChosen(id)}
              data-testid={`choose-${id}`}
            >
              {t(`state.${id}`)}
            </button>
          ))}
        </div>
        {panes[chosen]}
      </div>
    );
  }
  return (
    <LazyMount height={420} eager={p.expert}>
      <div className="file-panes">
        {panes.base}
        {panes.override}
        {panes.merged}
      </div>
    </LazyMount>
  );
}

/** `revealLine` only when there is a line (the prop is optional, never `undefined`). */
function optionalLine(line: number | undefined): { revealLine?: number } {
  return line === undefined ? {} : { revealLine: line };
}

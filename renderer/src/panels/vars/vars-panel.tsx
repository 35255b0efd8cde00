/**
 * The Vars tab: the scenario a render runs for. A form and a Monaco JSON view of the
 * same vars, in sync, every edit re-rendered live; presets, saved scenarios, snapshots and a
 * comparison of two scenarios around them.
 */
import { useState } from 'react';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { SavedScenario } from '../../../../shared/scenarios/scenario-file';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { CompareView } from './compare-view';
import type { VarsMessageKey } from './messages';
import { VARS_MESSAGES } from './messages';
import type { RenderTimingStore } from './render-timing';
import { useRenderTiming } from './render-timing';
import { ScenarioTools } from './scenario-tools';
import { SnapshotLoader } from './snapshot-loader';
import { useVarsEditor } from './use-vars-editor';
import { VarsForm } from './vars-form';
import { VarsJsonView } from './vars-json-view';
import './vars-panel.css';
import { useDark } from '../../theme/use-dark';

/** The Vars panel. */
export default function VarsPanel() {
  const t = usePanelT(VARS_MESSAGES);
  const scenario = useApp((s) => s.scenario);
  const render = useApp((s) => s.render);
  const language = useApp((s) => s.language);
  const dark = useDark();
  const editor = useVarsEditor();
  const [saved, setSaved] = useState<readonly SavedScenario[]>([]);
  if (scenario === null) return <p className="panel-note">{t('panel.loading')}</p>;
  const report = render?.report ?? null;
  return (
    <section className="vars-panel" aria-label={t('panel.label')}>
      <ScenarioTools scenario={scenario} t={t} onSavedChange={setSaved} />
      <SnapshotLoader t={t} />
      <RenderStatus timing={editor.timing} t={t} />
      <div className="vars-split">
        <div className="vars-pane vars-form-pane" aria-label={t('view.form')}>
          <VarsForm
            vars={editor.state.vars}
            sections={report?.sections ?? []}
            pathVars={report?.pathVars ?? {}}
            language={language}
            t={t}
            onVars={editor.setVars}
            onField={editor.setField}
          />
        </div>
        <div className="vars-pane vars-json-pane" aria-label={t('view.json')}>
          <VarsJsonView
            state={editor.state}
            timing={editor.timing}
            dark={dark}
            t={t}
            onText={editor.setText}
          />
        </div>
      </div>
      <CompareView current={scenario} saved={saved} t={t} />
    </section>
  );
}

/** "rendered in … · round trip …": its own component, so the request state re-renders only it. */
function RenderStatus({
  timing,
  t,
}: {
  readonly timing: RenderTimingStore;
  readonly t: PanelTranslate<VarsMessageKey>;
}) {
  const { pending, roundTripMs } = useRenderTiming(timing);
  const elapsedMs = useApp((s) => s.render?.elapsedMs ?? null);
  return (
    <p className="vars-render-status" data-testid="vars-render-status">
      {pending
        ? t('render.pending')
        : elapsedMs !== null && roundTripMs !== null
          ? t('render.timing', { engine: elapsedMs.toFixed(1), trip: roundTripMs.toFixed(1) })
          : ''}
    </p>
  );
}

/**
 * Vars figures ("typing re-renders within one frame"): the work behind one keystroke
 * in the Vars form for the default kit, end to end except React's commit and the browser's
 * paint (those are timed in e2e/vars.spec.ts). Main side: the `setScenario` call through the
 * real dispatcher (input check, render on the caching fs, the pushed event and the reply
 * serialised as `serve` sends them). Renderer side: parsing the pushed render, the store update,
 * the form's effects and unknown-var check, the JSON text, its minimal edit and its markers.
 * Baseline: the engine's render of the same vars on a plain node fs, in the same run.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RenderResult, Scenario } from '../shared/api';
import { renderContext } from '../shared/engine';
import { presetScenario } from '../shared/scenarios/presets';
import { findUnknownVars } from '../shared/vars/suggest';
import { startInspectorCore } from '../electron/api/inspector-core';
import { createNodeFs } from '../electron/services/node-fs';
import { nextRenderState } from '../renderer/src/store/render-slice';
import { fromForm } from '../renderer/src/panels/vars/editor-sync';
import { minimalEdit } from '../renderer/src/panels/vars/minimal-edit';
import { varEffects } from '../renderer/src/panels/vars/var-effects';
import { varsMarkers } from '../renderer/src/panels/vars/vars-text';
import type { BenchResult } from './measure';
import { median, medianMs, round } from './measure';

const root = path.resolve(import.meta.dirname, '..');
const home = path.join(root, 'kits', 'demo-home');
/** One frame at 60 Hz. */
const FRAME_MS = 1000 / 60;
const RUNS = 60;

/** Runs the keystroke path `RUNS` times after a warm-up; medians of each part. */
export async function benchVarsKeystroke(): Promise<BenchResult> {
  const core = await startInspectorCore({
    appRoot: root,
    choice: { home, packageRoot: root },
    watch: false,
    log: () => undefined,
  });
  try {
    let eventText = '';
    core.hub.subscribe((event, payload) => {
      if (event === 'onDidRender') eventText = JSON.stringify({ type: 'event', event, payload });
    });
    const base: Scenario = presetScenario('private-owner');
    let state = {
      render: null as RenderResult | null,
      failedRender: null as RenderResult | null,
      renderSeq: 0,
    };
    let text = fromForm(base.vars).text;
    const mainMs: number[] = [];
    const rendererMs: number[] = [];
    for (let i = 0; i < RUNS + 10; i++) {
      const vars = { ...base.vars, peerName: `Bob ${'B'.repeat(i % 12)}` };
      const t0 = performance.now();
      const reply = await core.dispatch('setScenario', { ...base, presetId: null, vars });
      const replyText = JSON.stringify({ type: 'result', id: i, result: reply });
      const t1 = performance.now();
      const message = JSON.parse(eventText) as { payload: RenderResult };
      state = nextRenderState(state, message.payload);
      const sections = state.render?.report.sections ?? [];
      varEffects(sections);
      findUnknownVars(vars);
      const next = fromForm(vars).text;
      minimalEdit(text, next);
      varsMarkers(next, vars);
      text = next;
      JSON.parse(replyText);
      const t2 = performance.now();
      if (i >= 10) {
        mainMs.push(t1 - t0);
        rendererMs.push(t2 - t1);
      }
    }
    const fs = createNodeFs();
    const engineMs = medianMs(
      () => renderContext({ packageRoot: root, home, vars: base.vars, sessionType: base.sessionType }, fs),
      RUNS,
    );
    const main = median(mainMs);
    const renderer = median(rendererMs);
    const total = main + renderer;
    return {
      name: 'vars-keystroke-default-kit',
      medianMs: round(total),
      baselineMs: round(engineMs),
      ratio: round(total / engineMs),
      baseline: 'the engine alone rendering the same vars on a plain node fs',
      mainSideMs: round(main),
      rendererSideMs: round(renderer),
      target: `main + renderer work of one keystroke under one frame (${round(FRAME_MS)} ms); React commit and paint are timed in e2e`,
      meetsTarget: total < FRAME_MS,
    };
  } finally {
    await core.close();
  }
}

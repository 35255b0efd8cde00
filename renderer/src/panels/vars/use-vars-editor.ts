/**
 * The Vars tab's editing state, bound to the store: one EditorState for both views, edits sent
 * through the RenderScheduler, and outside changes of the scenario taken in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../../../shared/api';
import { BROWSER_CLOCK } from './browser-clock';
import { jsonEqual } from '../../../../shared/scenarios/compare';
import { useAppStore } from '../../store/store-context';
import type { EditorState } from './editor-sync';
import { editorStateOf, fromForm, fromText, replacesEditor } from './editor-sync';
import { RecentRenderTimes, RenderScheduler } from './render-scheduler';
import type { RenderTimingStore } from './render-timing';
import { createRenderTimingStore } from './render-timing';
import type { FieldState } from './field-model';
import { withField } from './field-model';

/** What the views get. */
export interface VarsEditor {
  readonly state: EditorState;
  /** The form (or a path-var switch, a rename) produced new vars. */
  setVars(vars: Readonly<Record<string, unknown>>): void;
  /** One field of the form changed. */
  setField(name: string, next: FieldState): void;
  /** The JSON view's text changed. */
  setText(text: string): void;
  /** Pending request and last round trip, outside React state (see render-timing.ts). */
  readonly timing: RenderTimingStore;
}

/** The editor over the store's current scenario. */
export function useVarsEditor(): VarsEditor {
  const store = useAppStore();
  const [initial] = useState(() => editorStateOf(store.getState().scenario?.vars ?? {}));
  const [state, setState] = useState<EditorState>(initial);
  const [timing] = useState(createRenderTimingStore);
  const stateRef = useRef(initial);
  const sentRef = useRef<Scenario | null>(null);
  const schedulerRef = useRef<RenderScheduler<Record<string, unknown>> | null>(null);

  useEffect(() => {
    const recent = new RecentRenderTimes();
    const scheduler = new RenderScheduler<Record<string, unknown>>(
      async (vars) => {
        // Built at send time, so a session type or agent chosen meanwhile is kept.
        const base = store.getState().scenario;
        if (base === null) return;
        const next: Scenario = { ...base, presetId: null, vars };
        sentRef.current = next;
        const started = performance.now();
        const sent = store.getState().applyScenario(next); // On its way before any UI work.
        timing.set({ ...timing.get(), pending: true });
        await sent;
        timing.set({ pending: false, roundTripMs: performance.now() - started });
        const elapsed = store.getState().render?.elapsedMs;
        if (elapsed !== undefined) recent.push(elapsed);
      },
      () => recent.median() ?? store.getState().render?.elapsedMs ?? null,
      BROWSER_CLOCK,
    );
    schedulerRef.current = scheduler;
    // A scenario from outside (preset, snapshot, workspace switch) replaces what is shown, unless
    // it is the one this editor just sent: its echo must not undo typing done since.
    const off = store.subscribe((s, prev) => {
      const scenario = s.scenario;
      if (scenario === prev.scenario || scenario === null) return;
      if (!replacesEditor(scenario, stateRef.current, sentRef.current)) return;
      scheduler.cancel();
      const next = editorStateOf(scenario.vars);
      stateRef.current = next;
      setState(next);
    });
    return () => {
      off();
      scheduler.cancel();
      schedulerRef.current = null;
    };
  }, [store, timing]);

  const commit = useCallback((next: EditorState) => {
    const before = stateRef.current;
    stateRef.current = next;
    setState(next);
    if (!jsonEqual(before.vars, next.vars)) schedulerRef.current?.request(next.vars);
  }, []);

  const setVars = useCallback((vars: Readonly<Record<string, unknown>>) => commit(fromForm(vars)), [commit]);
  const setField = useCallback(
    (name: string, next: FieldState) => commit(fromForm(withField(stateRef.current.vars, name, next))),
    [commit],
  );
  const setText = useCallback(
    (text: string) => {
      if (text === stateRef.current.text) return; // Our own text, set back into the editor.
      commit(fromText(stateRef.current, text));
    },
    [commit],
  );
  return { state, setVars, setField, setText, timing };
}

/**
 * The Vars tab's editing state, bound to the store: one EditorState for both views, edits sent
 * through the RenderScheduler, and outside changes of the scenario taken in.
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../../../shared/api';
import { jsonEqual } from '../../../../shared/scenarios/compare';
import { StoreContext } from '../../store/store-context';
import type { AppStore } from '../../store/create-store';
import type { EditorState } from './editor-sync';
import { editorStateOf, fromForm, fromText, replacesEditor } from './editor-sync';
import { RenderScheduler } from './render-scheduler';
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
  /** Wall time of the last request until its answer, in ms (`null` before the first). */
  readonly roundTripMs: number | null;
  readonly pending: boolean;
}

const browserClock = {
  setTimeout: (fn: () => void, ms: number): unknown => window.setTimeout(fn, ms),
  clearTimeout: (handle: unknown): void => window.clearTimeout(handle as number),
};

function useStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useVarsEditor outside <StoreContext.Provider>');
  return store;
}

/** The editor over the store's current scenario. */
export function useVarsEditor(): VarsEditor {
  const store = useStoreApi();
  const [initial] = useState(() => editorStateOf(store.getState().scenario?.vars ?? {}));
  const [state, setState] = useState<EditorState>(initial);
  const [roundTripMs, setRoundTripMs] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const stateRef = useRef(initial);
  const sentRef = useRef<Scenario | null>(null);
  const schedulerRef = useRef<RenderScheduler<Record<string, unknown>> | null>(null);

  useEffect(() => {
    const scheduler = new RenderScheduler<Record<string, unknown>>(
      async (vars) => {
        // Built at send time, so a session type or agent chosen meanwhile is kept.
        const base = store.getState().scenario;
        if (base === null) return;
        const next: Scenario = { ...base, presetId: null, vars };
        sentRef.current = next;
        setPending(true);
        const started = performance.now();
        await store.getState().applyScenario(next);
        setRoundTripMs(performance.now() - started);
        setPending(false);
      },
      () => store.getState().render?.elapsedMs ?? null,
      browserClock,
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
  }, [store]);

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
  return { state, setVars, setField, setText, roundTripMs, pending };
}

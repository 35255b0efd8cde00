/**
 * Keeping the form and the JSON view in sync ("the two views stay in sync" and "never
 * loses what was typed").
 *
 * One state holds the vars both views show, the JSON text, and the text's error. The form
 * writes vars and the text follows; the JSON view writes text and the vars follow only when it
 * parses, so a half-typed JSON keeps the last valid vars (and their render) while the error is
 * marked in place. A change from outside (a preset, a snapshot, another window) replaces both.
 */
import type { Scenario } from '../../../../shared/api';
import { jsonEqual } from '../../../../shared/scenarios/compare';
import { parseVarsText, varsToText } from './vars-text';

/** The editor's state. */
export interface EditorState {
  /** The last valid vars: what the form shows and what renders. */
  readonly vars: Record<string, unknown>;
  /** The JSON view's text (may be invalid while typing). */
  readonly text: string;
  /** The text's problem, or `null` when it parses to `vars`. */
  readonly textError: { readonly message: string; readonly line: number; readonly column: number } | null;
}

/** The state for vars that came from outside. */
export function editorStateOf(vars: Readonly<Record<string, unknown>>): EditorState {
  return { vars: { ...vars }, text: varsToText(vars), textError: null };
}

/** The form changed the vars: the text is written again (a broken text is replaced). */
export function fromForm(vars: Readonly<Record<string, unknown>>): EditorState {
  return editorStateOf(vars);
}

/** The JSON view changed: the text is kept as typed; the vars follow when it parses. */
export function fromText(state: EditorState, text: string): EditorState {
  const parsed = parseVarsText(text);
  if (!parsed.ok) {
    return {
      vars: state.vars,
      text,
      textError: { message: parsed.message, line: parsed.line, column: parsed.column },
    };
  }
  return { vars: parsed.vars, text, textError: null };
}

/**
 * Whether a new current scenario from the store replaces what the editor shows. Not when it is
 * the editor's own echo (`sent`), nor when it shows the same vars already, nor when only the
 * session type or manifest changed around the vars the editor sent (typing since is kept).
 */
export function replacesEditor(scenario: Scenario, shown: EditorState, sent: Scenario | null): boolean {
  if (scenario === sent) return false;
  if (jsonEqual(scenario.vars, shown.vars) && shown.textError === null) return false;
  if (sent !== null && jsonEqual(scenario.vars, sent.vars)) return false;
  return true;
}

/**
 * The ui slice: selected tab, language, theme, connection and the error banner.
 */
import type { ApiError, Language, PanelId, ThemeChoice } from '../../../shared/api';
import type { ConnectionState } from '../api/connection-state';
import type { SliceCreator } from './app-state';

/** An error in the banner, with an id so dismissing one keeps the others. */
export interface BannerError {
  readonly id: number;
  readonly error: ApiError;
}

/** State and actions of the UI chrome. */
export interface UiSlice {
  readonly tab: PanelId;
  readonly languageChoice: Language | 'system';
  /** The language shown: the choice, or the OS language for `system`. */
  readonly language: Language;
  readonly systemLanguage: Language;
  readonly theme: ThemeChoice;
  readonly errors: readonly BannerError[];
  readonly connection: ConnectionState;
  setTab(tab: PanelId): void;
  setLanguage(choice: Language | 'system'): void;
  setTheme(theme: ThemeChoice): void;
  pushError(error: ApiError): void;
  dismissError(id: number): void;
  setConnection(state: ConnectionState): void;
}

/** At most this many errors stay in the banner; older ones drop off. */
export const MAX_BANNER_ERRORS = 5;

let nextErrorId = 1;

/** The pure update of `pushError`: the same error twice shows once; the list stays short. */
export function withError(errors: readonly BannerError[], error: ApiError): readonly BannerError[] {
  const rest = errors.filter((e) => e.error.message !== error.message || e.error.path !== error.path);
  return [...rest, { id: nextErrorId++, error }].slice(-MAX_BANNER_ERRORS);
}

/** What the ui slice starts from (read from storage and the OS by the caller). */
export interface UiDefaults {
  readonly systemLanguage: Language;
  readonly languageChoice: Language | 'system';
  readonly theme: ThemeChoice;
}

/** Creates the ui slice. */
export function createUiSlice(defaults: UiDefaults): SliceCreator<UiSlice> {
  return () => (set) => ({
    // The operator's daily look starts at the Timeline; a link may name another tab.
    tab: 'timeline',
    languageChoice: defaults.languageChoice,
    language: defaults.languageChoice === 'system' ? defaults.systemLanguage : defaults.languageChoice,
    systemLanguage: defaults.systemLanguage,
    theme: defaults.theme,
    errors: [],
    connection: 'connecting',
    setTab: (tab) => set({ tab }),
    setLanguage: (choice) =>
      set((s) => ({ languageChoice: choice, language: choice === 'system' ? s.systemLanguage : choice })),
    setTheme: (theme) => set({ theme }),
    pushError: (error) => set((s) => ({ errors: withError(s.errors, error) })),
    dismissError: (id) => set((s) => ({ errors: s.errors.filter((e) => e.id !== id) })),
    setConnection: (connection) => set({ connection }),
  });
}

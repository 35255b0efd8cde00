/**
 * UI vocabulary both sides share: the panels, languages and themes the Electron menu can
 * switch, so a menu click travels as a typed command.
 */

/** The panel tabs, in display order (docs/design.md §Panels). */
export const PANEL_IDS = ['timeline', 'context', 'vars', 'manifest', 'history'] as const;

/** One panel tab. */
export type PanelId = (typeof PANEL_IDS)[number];

/** Languages of the UI: English and Simplified Chinese. */
export const LANGUAGES = ['en', 'zh-CN'] as const;

/** A UI language. */
export type Language = (typeof LANGUAGES)[number];

/** `system` follows the OS (prefers-color-scheme). */
export const THEMES = ['system', 'light', 'dark'] as const;

/** A theme choice. */
export type ThemeChoice = (typeof THEMES)[number];

/** What a menu item asks the renderer to do. */
export type MenuCommand =
  | { readonly kind: 'show-panel'; readonly panel: PanelId }
  | { readonly kind: 'set-language'; readonly language: Language | 'system' }
  | { readonly kind: 'set-theme'; readonly theme: ThemeChoice }
  /** File ▸ Copy link: the renderer copies the link of the view it shows. */
  | { readonly kind: 'copy-link' };

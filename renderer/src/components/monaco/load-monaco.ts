/**
 * Lazy loader of Monaco, bundled from the `monaco-editor` package (no CDN loader). The first
 * screen never pays for it: panels call `loadMonaco()` when they first show an editor, and
 * Vite splits Monaco and its workers into their own chunks.
 */
import type * as Monaco from 'monaco-editor';
import { refuseLinkOpening } from './link-policy';

/** The Monaco namespace. */
export type MonacoApi = typeof Monaco;

let loading: Promise<MonacoApi> | null = null;

/** Loads Monaco once; later calls share the same promise. */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= (async () => {
    const [monaco, editorWorker, jsonWorker] = await Promise.all([
      import('monaco-editor'),
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/language/json/json.worker?worker'),
    ]);
    // Only the JSON language service runs in its own worker here; markdown and plain text
    // need nothing beyond the editor worker.
    self.MonacoEnvironment = {
      getWorker: (_id: string, label: string): Worker =>
        label === 'json' ? new jsonWorker.default() : new editorWorker.default(),
    };
    refuseLinkOpening(monaco);
    // A removed character in a diff is drawn over its removed line: with Monaco's own red on
    // red, markdown's red text there falls to 4.1:1 (axe, WCAG AA wants 4.5). A lighter mark
    // for the characters keeps the line's red and the text readable.
    for (const [name, base] of [
      [THEMES.light, 'vs'],
      [THEMES.dark, 'vs-dark'],
    ] as const) {
      monaco.editor.defineTheme(name, {
        base,
        inherit: true,
        rules: [],
        colors: { 'diffEditor.removedTextBackground': '#ff000014' },
      });
    }
    return monaco;
  })();
  return loading;
}

/** The app's Monaco themes: Monaco's own, with the diff's removed characters lighter. */
const THEMES = { light: 'eck-light', dark: 'eck-dark' } as const;

/** The Monaco theme for the app's resolved theme. */
export function monacoTheme(dark: boolean): string {
  return dark ? THEMES.dark : THEMES.light;
}

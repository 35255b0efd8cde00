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
    return monaco;
  })();
  return loading;
}

/** The Monaco theme for the app's resolved theme. */
export function monacoTheme(dark: boolean): string {
  return dark ? 'vs-dark' : 'vs';
}

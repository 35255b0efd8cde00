/**
 * Export bundle on the desktop asks where with the OS's save dialog, in the OS's language: the
 * file picked there is the one target outside the settings folder an export may write
 * (write-scope.ts grants it once). main.ts only hands Electron's dialog in.
 */

/** The part of Electron's save dialog options used here. */
export interface BundleSaveDialogOptions {
  readonly title: string;
  readonly buttonLabel: string;
  readonly defaultPath: string;
  // Mutable, as Electron's own type takes it: main.ts hands these options straight through.
  readonly filters: { name: string; extensions: string[] }[];
}

/** Electron's `dialog.showSaveDialog`, as much of it as is used. */
export type ShowSaveDialog = (
  options: BundleSaveDialogOptions,
) => Promise<{ readonly canceled: boolean; readonly filePath?: string | undefined }>;

const WORDS = {
  en: { title: 'Export bundle', buttonLabel: 'Export', filter: 'Snapshot bundle (JSON)' },
  zh: { title: '导出包', buttonLabel: '导出', filter: '快照包（JSON）' },
} as const;

/** The handler's `chooseSaveTarget`: the picked path, or `null` when the user cancelled. */
export function bundleSaveTarget(
  show: ShowSaveDialog,
  locale: () => string,
): (suggested: string) => Promise<string | null> {
  return async (suggested) => {
    const words = locale().toLowerCase().startsWith('zh') ? WORDS.zh : WORDS.en;
    const picked = await show({
      title: words.title,
      buttonLabel: words.buttonLabel,
      defaultPath: suggested,
      filters: [{ name: words.filter, extensions: ['json'] }],
    });
    return picked.canceled || picked.filePath === undefined || picked.filePath === ''
      ? null
      : picked.filePath;
  };
}

/**
 * Closing (or reloading) the window with an unsaved override draft asks first. The
 * page refuses its unload (`beforeunload`) while a draft is dirty; a browser asks by itself,
 * Electron only tells the main side (`will-prevent-unload`), which asks here: Leave lets the
 * unload happen, Stay keeps the window and its draft. main.ts only wires it.
 */

/** The dialog's words, in the OS's language (the main side does not know the page's). */
export interface LeaveDialogText {
  readonly message: string;
  readonly detail: string;
  readonly leave: string;
  readonly stay: string;
}

const TEXT: Readonly<Record<'en' | 'zh', LeaveDialogText>> = {
  en: {
    message: 'Leave with an unsaved draft?',
    detail:
      'The override draft in the Manifest tab is not saved. It is kept in this app and comes back when the window opens again, but it is not written to the file.',
    leave: 'Leave',
    stay: 'Stay',
  },
  zh: {
    message: '有未保存的草稿，确定离开吗？',
    detail: '清单页中的 override 草稿还没有保存。它会保留在本应用中，窗口再次打开时恢复，但不会写入文件。',
    leave: '离开',
    stay: '留下',
  },
};

/** The words for an OS locale such as `zh-CN` or `en-US`. */
export function leaveDialogText(locale: string): LeaveDialogText {
  return locale.toLowerCase().startsWith('zh') ? TEXT.zh : TEXT.en;
}

/** What the handler needs of Electron's event. */
export interface PreventedUnload {
  /** Called to let the unload happen after all. */
  preventDefault(): void;
}

/**
 * The `will-prevent-unload` handler: `ask` shows a modal dialog with the buttons
 * `[leave, stay]` and answers the index chosen.
 */
export function leaveGuard(
  ask: (text: LeaveDialogText) => number,
  locale: () => string,
): (event: PreventedUnload) => void {
  return (event) => {
    if (ask(leaveDialogText(locale())) === 0) event.preventDefault();
  };
}

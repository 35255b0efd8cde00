/**
 * Monaco opens no links. Every text the app shows in an editor comes from the
 * workspace (templates, manifests, vars, snapshots), which may be hostile, and the app links
 * to no web host: so no URL in the text is underlined for a Ctrl+click, and any link Monaco
 * would still open (a hover's, a `command:` one) is taken by an opener that opens nothing.
 */
import type * as Monaco from 'monaco-editor';

/** Editor options for workspace text: link detection off. */
export const NO_LINK_OPTIONS = { links: false } as const satisfies Monaco.editor.IEditorOptions;

/** The part of Monaco's namespace the policy needs. */
export interface LinkOpenerRegistry {
  readonly editor: { registerLinkOpener(opener: Monaco.editor.ILinkOpener): Monaco.IDisposable };
}

/**
 * Registers an opener that reports every link as handled and opens nothing. Monaco asks the
 * last registered opener first, before its own (which would `window.open` an https link or
 * run a `command:` one), so nothing reaches those.
 */
export function refuseLinkOpening(monaco: LinkOpenerRegistry): Monaco.IDisposable {
  return monaco.editor.registerLinkOpener({ open: () => true });
}

/**
 * `openInEditor`: opens a workspace file in the OS's editor (Timeline, "open in editor").
 * In Electron the main side opens it; `serve` runs headless in a browser tab and cannot, so
 * it answers with the path and a `file://` URL the user can open themselves.
 */
import { z } from 'zod';
import { pathField } from './path-field';

/** Input: the file (absolute, or relative to the package root). */
export const openInEditorInput = z.strictObject({ path: pathField });

/** What `openInEditor` did. */
export interface OpenInEditorResult {
  /** The absolute path, after the check that it is inside the workspace. */
  readonly path: string;
  /** `file://` URL of the path. */
  readonly url: string;
  /** `true` when the OS was asked to open it (Electron); `false` in serve mode. */
  readonly opened: boolean;
}

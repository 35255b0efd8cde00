/**
 * `openInEditor`: opens a workspace file in the OS's editor (Timeline, "open in editor").
 * In Electron the main side opens it; `serve` runs headless in a browser tab and cannot, so
 * it answers with the path and a `file://` URL the user can open themselves.
 */
import { z } from 'zod';
import { pathField } from '../base/path-field';

/** Input: the file (absolute, or relative to the package root). */
export const openInEditorInput = z.strictObject({ path: pathField });

/** What `openInEditor` did. */
export interface OpenInEditorResult {
  /** The absolute path, after the check that it is inside the workspace. */
  readonly path: string;
  /** `file://` URL of the path. */
  readonly url: string;
  /** `true` when the OS was asked to open it (Electron, a text file); `false` in serve mode. */
  readonly opened: boolean;
  /**
   * `true` when the path was only shown in its folder (Electron): it is not a file the app shows
   * as text (a folder, a program, a shortcut), and opening it could run it.
   */
  readonly revealed: boolean;
  /** Whether the path is a regular file of a text type (markdown, JSON, text). */
  readonly asText: boolean;
}

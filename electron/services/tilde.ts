/**
 * `~` in a typed path, read the one way everywhere a user types a folder (the workspace bar,
 * the Claude view's fields): the app shows paths inside the user's folder as `~/…`, so what it
 * shows can be typed back.
 */
import path from 'node:path';

/**
 * A typed path with a leading `~` (alone or before a separator) read as the user's folder, as a
 * shell would. `~name` (another user's folder) is left as typed.
 */
export function expandTilde(typed: string, userHome: string): string {
  if (typed === '~') return userHome;
  if (typed.startsWith('~/') || typed.startsWith(`~${path.sep}`)) return path.join(userHome, typed.slice(2));
  return typed;
}

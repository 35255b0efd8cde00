/**
 * Paths as people read them: inside the user's own folder, `~/…` (as VS Code's title bar and a
 * shell write them). The full path stays on hover; a typed `~/…` opens the same place (the main
 * side expands it), so what is shown can be copied back in.
 */

/** `p` with the user's folder written `~`; `p` itself when it lies elsewhere. */
export function tildePath(p: string, userHome: string): string {
  if (userHome === '' || userHome === '/' || userHome === '\\') return p;
  const home = userHome.replace(/[/\\]+$/, '');
  if (p === home) return '~';
  const rest = p.slice(home.length);
  if (p.startsWith(home) && (rest.startsWith('/') || rest.startsWith('\\'))) return `~${rest}`;
  return p;
}

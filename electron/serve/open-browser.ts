/**
 * Opens a URL in the system browser, best effort: a headless host has none, and that is fine.
 */
import { spawn } from 'node:child_process';

/** The command that opens a URL on this platform. */
export function openerCommand(platform: NodeJS.Platform = process.platform): { cmd: string; args: string[] } {
  if (platform === 'darwin') return { cmd: 'open', args: [] };
  // `start` is a cmd.exe builtin; the empty string is its window-title argument.
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  return { cmd: 'xdg-open', args: [] };
}

/** Opens `url`; errors (no opener installed) are reported to `onError` and otherwise ignored. */
export function openBrowser(url: string, onError?: (message: string) => void): void {
  const { cmd, args } = openerCommand();
  try {
    const child = spawn(cmd, [...args, url], { stdio: 'ignore', detached: true });
    child.on('error', (error) => onError?.(`could not open a browser (${cmd}): ${error.message}`));
    child.unref();
  } catch (error) {
    onError?.(`could not open a browser (${cmd}): ${String(error)}`);
  }
}

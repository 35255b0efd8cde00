/**
 * Lowers the calling thread's CPU priority, where the system allows one thread's: the pass
 * workers read in the background, and on a machine with as many of them as cores the window's
 * frames and the main thread's answers must still come first.
 *
 * Linux keeps a nice value per thread, and `setpriority` given a thread id sets that thread's
 * alone; `/proc/thread-self` names the caller's id. Elsewhere (macOS, Windows) the call would
 * lower the whole process, so nothing is done there. Never throws: a refusal leaves the thread
 * as it was.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';

/** The nice value the pass workers run at (0 normal, 19 lowest). */
export const BACKGROUND_NICE = 10;

/** The calling thread's id on Linux (`/proc/thread-self` → `<pid>/task/<tid>`), else `null`. */
export function ownThreadId(platform: NodeJS.Platform = process.platform): number | null {
  if (platform !== 'linux') return null;
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    return Number.isSafeInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Sets the calling thread's nice value; whether it did. */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  const tid = ownThreadId();
  // The main thread's id is the process's: lowering it would lower every thread.
  if (tid === null || tid === process.pid) return false;
  try {
    os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

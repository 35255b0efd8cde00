/**
 * Waits in tests until `check()` holds, polling every 20 ms; throws after `ms` (default 5 s)
 * so a test that waits for something that never happens fails with a message, not a hang.
 */
export async function until(check: () => boolean, ms = 5000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

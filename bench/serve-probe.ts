/**
 * A running `eck-inspector` (browser mode) seen from outside, for the scale bench: its API
 * called over HTTP as the page calls it, and its memory read from /proc (Linux; `null` elsewhere).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { AppStart } from '../scripts/installed-app';

/** One API call: its answer's value and how long until it was read in full. */
export async function callApi(
  app: AppStart,
  method: string,
  input: unknown,
): Promise<{ ms: number; value: unknown }> {
  const url = new URL(app.url);
  const token = url.searchParams.get('token') ?? '';
  const t0 = performance.now();
  const res = await fetch(`${url.origin}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input ?? null),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message?: string } };
  const ms = performance.now() - t0;
  if (!body.ok) throw new Error(`${method}: ${body.error?.message ?? `HTTP ${res.status}`}`);
  return { ms, value: body.value };
}

/** Resident and peak resident memory of a process in MB, from /proc/<pid>/status. */
export function memoryMb(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  if (pid === undefined) return null;
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kb = (field: string): number =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** Polls `historyIndexing` until nothing is pending or `limitMs` passed; the time it took. */
export async function waitIndexed(app: AppStart, limitMs: number): Promise<{ ms: number; pending: number }> {
  const t0 = performance.now();
  for (;;) {
    const { value } = await callApi(app, 'historyIndexing', {});
    const pending = (value as { pending: number }).pending;
    const ms = performance.now() - t0;
    if (pending === 0 || ms > limitMs) return { ms, pending };
    await new Promise((r) => setTimeout(r, 250));
  }
}

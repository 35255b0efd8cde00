/**
 * When an edit is sent to be rendered: at once while renders are fast (the
 * default kit renders in about a millisecond, so every keystroke shows within a frame); debounced
 * when recent renders are slow, in proportion to them, so a large kit is not asked to render per keystroke.
 * At most one request is in flight; edits made meanwhile collapse into the newest, never lost.
 */

/**
 * Renders faster than this are not debounced: one frame at 60 Hz. The default kit renders in
 * 1–3 ms, but under load single renders reach 10–20 ms; with a lower bar those outliers made
 * keystrokes wait for a timer (see `RecentRenderTimes`).
 */
export const FAST_RENDER_MS = 16;
/** The longest wait before a render is sent. */
export const MAX_DEBOUNCE_MS = 300;

/** The wait before sending, for the duration of the last render (`null`: none yet). */
export function debounceDelay(lastRenderMs: number | null): number {
  if (lastRenderMs === null || lastRenderMs < FAST_RENDER_MS) return 0;
  return Math.min(MAX_DEBOUNCE_MS, Math.round(lastRenderMs * 2));
}

/**
 * The last few render durations, whose median decides the debounce: one slow render (a GC, a
 * busy machine) must not make the next keystrokes wait, a kit that is slow every time must.
 */
export class RecentRenderTimes {
  private readonly times: number[] = [];
  private readonly size: number;

  constructor(size = 5) {
    this.size = size;
  }

  /** Records one render's duration. */
  push(ms: number): void {
    this.times.push(ms);
    if (this.times.length > this.size) this.times.shift();
  }

  /** The median of the recorded durations, `null` before the first. */
  median(): number | null {
    if (this.times.length === 0) return null;
    const sorted = [...this.times].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  }
}

/** Timer functions, injected so tests drive time. */
export interface SchedulerClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Sends the newest value, at most one at a time, after `debounceDelay` of the last render. */
export class RenderScheduler<T> {
  private readonly send: (value: T) => Promise<void>;
  private readonly lastRenderMs: () => number | null;
  private readonly clock: SchedulerClock;
  private pending: { value: T } | null = null;
  private timer: unknown = null;
  private inFlight = false;

  constructor(send: (value: T) => Promise<void>, lastRenderMs: () => number | null, clock: SchedulerClock) {
    this.send = send;
    this.lastRenderMs = lastRenderMs;
    this.clock = clock;
  }

  /** Asks for `value` to be rendered; replaces any value not sent yet. */
  request(value: T): void {
    this.pending = { value };
    if (this.inFlight) return; // Sent when the current one is done.
    this.arm();
  }

  /** `true` while something is waiting to be sent or being sent. */
  get busy(): boolean {
    return this.pending !== null || this.inFlight;
  }

  /** Drops what is waiting (the panel closed, or an outside change replaced the vars). */
  cancel(): void {
    this.pending = null;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const delay = debounceDelay(this.lastRenderMs());
    if (delay === 0) this.flush();
    else this.timer = this.clock.setTimeout(() => this.flush(), delay);
  }

  private flush(): void {
    this.timer = null;
    const next = this.pending;
    if (next === null) return;
    this.pending = null;
    this.inFlight = true;
    void this.send(next.value)
      .catch(() => undefined) // The sender reports its own errors; the queue must go on.
      .finally(() => {
        this.inFlight = false;
        if (this.pending !== null) this.arm();
      });
  }
}

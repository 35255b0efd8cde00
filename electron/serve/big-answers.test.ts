/**
 * The server stays responsive while a big file is asked for, over the real `serve`
 * transport: with a 200 MB context file in the home's eck-debug, one client opening and
 * comparing that snapshot does not hold a second client's small request, the answers stay
 * under the cap, and the process does not grow by the file's size. (Before the caps: 200 MB of
 * JSON per answer, the server at 1.3 GB, the second client stalled 3.5 s.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '../../shared/api/answer-caps';
import type { ServeOverCopy } from './test-support/serve-over-copy';
import { startServeOverCopy } from './test-support/serve-over-copy';

const BIG = 200 * 1024 * 1024;
let s: ServeOverCopy;
let keys: string[] = [];

beforeAll(async () => {
  s = await startServeOverCopy('eck-big-answers-');
  const debug = path.join(s.home, 'data', 'eck-debug');
  keys = fs
    .readdirSync(debug)
    .filter((n) => /^context-.*\.md$/.test(n))
    .map((n) => n.slice('context-'.length, -'.md'.length))
    .sort()
    .reverse();
  fs.truncateSync(path.join(debug, `context-${keys[0]}.md`), BIG);
  await s.call('getHistory');
});

afterAll(async () => {
  await s.close();
});

/** A request and how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; at: number }> {
  const started = performance.now();
  const value = await run();
  const at = performance.now();
  return { value, ms: at - started, at };
}

describe('a 200 MB snapshot file over serve', () => {
  it("a second client's small call completes while the big snapshot is served", async () => {
    const rssBefore = process.memoryUsage().rss;
    const big = timed(() => s.post('getSnapshot', JSON.stringify({ key: keys[0] })));
    const diff = timed(() => s.post('diffSnapshots', JSON.stringify({ a: keys[0], b: keys[1] })));
    const small = timed(() => s.call('getWorkspace'));
    const [b, d, w] = await Promise.all([big, diff, small]);
    expect(w.value.ok).toBe(true);
    // Generous (a loaded 2-core machine): the point is seconds before the caps, not milliseconds.
    expect(w.ms).toBeLessThan(2000);
    expect(b.value.status).toBe(200);
    expect(Buffer.byteLength(b.value.text)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(Buffer.byteLength(d.value.text)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(b.value.text).toContain('"tooLarge"');
    // Neither the file nor its JSON was held: the server grew by far less than the file.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(BIG / 2);
    if (process.env['ECK_MEASURE'] === '1')
      process.stderr.write(
        `getSnapshot ${b.ms.toFixed(0)} ms, ${b.value.text.length} B; diffSnapshots ${d.ms.toFixed(0)} ms, ` +
          `${d.value.text.length} B; second client getWorkspace ${w.ms.toFixed(0)} ms; ` +
          `rss +${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB\n`,
      );
  });
});

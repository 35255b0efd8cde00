/**
 * What one Vars keystroke costs on the wire: `setScenario` over the real `serve`
 * WebSocket and the real core answers with the render's sequence number only, and the render
 * itself arrives once, as the pushed `onDidRender` carrying that number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import { WebSocket } from 'ws';
import type { RenderResult } from '../../shared/api';
import { presetScenario } from '../../shared/scenarios/presets';
import type { ServeOverCopy } from './test-support/serve-over-copy';
import { startServeOverCopy } from './test-support/serve-over-copy';

let s: ServeOverCopy;

beforeAll(async () => {
  s = await startServeOverCopy('eck-frames-');
});

afterAll(async () => {
  await s.close();
});

/** A frame the server sent, with its size in bytes as sent. */
interface Frame {
  readonly bytes: number;
  readonly message: {
    type: string;
    id?: number;
    event?: string;
    result?: { ok: boolean; value?: unknown };
    payload?: unknown;
  };
}

function open(): Promise<{ ws: WebSocket; frames: Frame[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.server.port}/ws?token=${s.token}`, {
      origin: `http://127.0.0.1:${s.server.port}`,
    });
    const frames: Frame[] = [];
    ws.on('message', (data: Buffer) =>
      frames.push({ bytes: data.byteLength, message: JSON.parse(data.toString('utf8')) as Frame['message'] }),
    );
    ws.once('open', () => resolve({ ws, frames }));
    ws.once('error', reject);
  });
}

describe('setScenario over the WebSocket', () => {
  it('answers { seq } in a small frame; the render arrives once, as the event with that seq', async () => {
    const { ws, frames } = await open();
    const base = presetScenario('private-owner');
    // Three keystrokes in the Vars tab: each its own setScenario.
    for (let id = 1; id <= 3; id++) {
      const vars = { ...base.vars, peerName: `Bob ${'B'.repeat(id)}` };
      ws.send(JSON.stringify({ type: 'invoke', id, method: 'setScenario', input: { ...base, vars } }));
    }
    await until(() => frames.filter((f) => f.message.type === 'result').length === 3);
    // Events sent after the last answer would be late duplicates: give them a moment to show.
    await new Promise((r) => setTimeout(r, 100));
    ws.close();

    const answers = frames.filter((f) => f.message.type === 'result');
    const renders = frames.filter((f) => f.message.event === 'onDidRender');
    const seqs = answers.map((f) => {
      expect(f.message.result).toEqual({ ok: true, value: { seq: expect.any(Number) } });
      return (f.message.result?.value as { seq: number }).seq;
    });
    // One pushed render per call, each carrying the seq its call answered.
    expect(renders.map((f) => (f.message.payload as RenderResult).seq)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
    const peer = (f: Frame): unknown => (f.message.payload as RenderResult).scenario.vars['peerName'];
    expect(renders.map(peer)).toEqual(['Bob B', 'Bob BB', 'Bob BBB']);

    const answerBytes = Math.max(...answers.map((f) => f.bytes));
    const renderBytes = Math.min(...renders.map((f) => f.bytes));
    // The answer carries no report; the event carries the whole one.
    expect(answerBytes).toBeLessThan(100);
    // Measured on the demo kit: 63 B + ~77.7 KB, where the answer was the same ~77.7 KB again.
    expect(renderBytes).toBeGreaterThan(10_000);
  });
});

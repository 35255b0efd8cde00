/**
 * The preload against a fake electron module: what it exposes, and how events reach listeners.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PreloadBridge } from '../shared/api';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/api';

const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  onEvent: null as ((event: unknown, message: unknown) => void) | null,
  invoked: [] as unknown[][],
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => fake.exposed.set(key, value) },
  ipcRenderer: {
    on: (channel: string, fn: (event: unknown, message: unknown) => void) => {
      if (channel === 'eck-inspector:event') fake.onEvent = fn;
    },
    invoke: (...args: unknown[]) => {
      fake.invoked.push(args);
      return Promise.resolve({ ok: true, value: null });
    },
  },
}));

describe('preload', () => {
  it('exposes only invoke and on, as window.eckInspector', async () => {
    await import('./preload');
    expect([...fake.exposed.keys()]).toEqual(['eckInspector']);
    const bridge = fake.exposed.get('eckInspector') as PreloadBridge;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    await bridge.invoke('getWorkspace', { a: 1 });
    expect(fake.invoked).toEqual([[IPC_INVOKE_CHANNEL, 'getWorkspace', { a: 1 }]]);
  });

  it('delivers pushed events to the listeners of that event until they unsubscribe', async () => {
    await import('./preload');
    const bridge = fake.exposed.get('eckInspector') as PreloadBridge;
    const got: unknown[] = [];
    const off = bridge.on('onDidRender', (p) => got.push(p));
    bridge.on('onDidError', () => got.push('wrong'));
    expect(IPC_EVENT_CHANNEL).toBe('eck-inspector:event');
    fake.onEvent?.({}, { event: 'onDidRender', payload: 1 });
    off();
    fake.onEvent?.({}, { event: 'onDidRender', payload: 2 });
    expect(got).toEqual([1]);
  });
});

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
      if (args[1] === 'tooDeep') return Promise.reject(new Error('An object could not be cloned.'));
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

  it('checks its inputs: a method or event name that is not a short string never reaches IPC', async () => {
    await import('./preload');
    const bridge = fake.exposed.get('eckInspector') as PreloadBridge;
    fake.invoked.length = 0;
    for (const bad of [42, '', 'x'.repeat(101), { toString: () => 'getWorkspace' }]) {
      expect(await bridge.invoke(bad as string, null)).toMatchObject({
        ok: false,
        error: { code: 'invalid-message' },
      });
    }
    expect(fake.invoked).toEqual([]);
    expect(() => bridge.on('onDidRender', 'not a function' as unknown as () => void)).toThrow(TypeError);
    expect(() => bridge.on('', () => undefined)).toThrow(TypeError);
  });

  it('hands listeners the payload only, and ignores messages of another shape', async () => {
    await import('./preload');
    const bridge = fake.exposed.get('eckInspector') as PreloadBridge;
    const got: unknown[] = [];
    bridge.on('onDidError', (p) => got.push(p));
    const ipcEvent = { sender: { send: () => undefined } };
    fake.onEvent?.(ipcEvent, null);
    fake.onEvent?.(ipcEvent, 'onDidError');
    fake.onEvent?.(ipcEvent, { event: 7, payload: 'x' });
    fake.onEvent?.(ipcEvent, { event: 'onDidError', payload: 'p' });
    expect(got).toEqual(['p']);
  });

  it('turns a call IPC could not clone into an error value, never a rejection', async () => {
    await import('./preload');
    const bridge = fake.exposed.get('eckInspector') as PreloadBridge;
    expect(await bridge.invoke('tooDeep', null)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('could not be cloned') },
    });
  });
});

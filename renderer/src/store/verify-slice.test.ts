import { describe, expect, it } from 'vitest';
import type { ApiResult, ApiTransport } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import type { VerifyAnswer } from '../../../shared/api/methods/verify';
import { createAppStore } from './create-store';
import { verifyMark } from './verify-slice';

const DEFAULTS = { systemLanguage: 'en', languageChoice: 'system', theme: 'system' } as const;
const engine = { name: 'evolcore', version: '0.0.27', file: 'dist/eck/kit-renderer.js' };

function compared(identical: boolean, oursContext = 'ctx'): VerifyAnswer {
  return {
    kind: 'compared',
    engine,
    comparison: identical
      ? { identical: true, lines: 1 }
      : {
          identical: false,
          firstLine: 1,
          oursLine: 'ctx',
          theirsLine: 'CTX',
          sections: ['a'],
          oursLines: 1,
          theirsLines: 1,
        },
    oursContext,
    installedContext: identical ? oursContext : 'CTX',
    installedBytes: 3,
    ms: 5,
    verifiedAt: 1000,
  };
}

function storeWith(answers: Record<string, () => ApiResult<unknown>>) {
  const calls: string[] = [];
  const transport: ApiTransport = {
    invoke: async (method) => {
      calls.push(method);
      return answers[method]?.() ?? { ok: true, value: null };
    },
    on: () => () => undefined,
  };
  return { store: createAppStore(createInspectorApi(transport), DEFAULTS), calls };
}

describe('verify slice', () => {
  it('looks the engine up, runs Verify and keeps the answer; a new lookup forgets it', async () => {
    const { store, calls } = storeWith({
      findInstalledEngine: () => ({ ok: true, value: { available: true, engine } }),
      verifyCurrentRender: () => ({ ok: true, value: compared(true) }),
    });
    await store.getState().verify.check();
    expect(store.getState().verify.lookup).toEqual({ available: true, engine });
    await store.getState().verify.run();
    expect(store.getState().verify).toMatchObject({ running: false, answer: compared(true), error: null });
    await store.getState().verify.check();
    expect(store.getState().verify.answer).toBeNull();
    expect(calls).toEqual(['findInstalledEngine', 'verifyCurrentRender', 'findInstalledEngine']);
  });

  it('keeps a failed call as an error value, not an answer', async () => {
    const { store } = storeWith({
      verifyCurrentRender: () => ({
        ok: false,
        error: { code: 'conflict', message: 'a Verify is already running' },
      }),
    });
    await store.getState().verify.run();
    expect(store.getState().verify).toMatchObject({
      running: false,
      answer: null,
      error: { code: 'conflict' },
    });
  });
});

describe('verifyMark (the status bar)', () => {
  it('marks the render on screen when it is the one verified, and an earlier one otherwise', () => {
    expect(verifyMark(null, 'ctx')).toEqual({ kind: 'none' });
    expect(verifyMark(compared(true), 'ctx')).toEqual({ kind: 'identical', at: 1000, current: true });
    expect(verifyMark(compared(true), 'changed since')).toEqual({
      kind: 'identical',
      at: 1000,
      current: false,
    });
    expect(verifyMark(compared(false), 'ctx')).toEqual({ kind: 'different', at: 1000, current: true });
    expect(verifyMark({ kind: 'no-engine', why: 'x', looked: [] }, 'ctx')).toEqual({ kind: 'none' });
  });
});

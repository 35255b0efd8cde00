import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../shared/api';
import { presetScenario } from '../../shared/scenarios/presets';
import { stubReport } from '../workspace/test-support/fake-render';
import type { HandlerTable } from './dispatch';
import { createDispatcher } from './dispatch';

function table(overrides: Partial<HandlerTable> = {}): HandlerTable {
  const result = {
    report: stubReport('ctx'),
    scenario: presetScenario('coding'),
    elapsedMs: 1,
    renderedAt: 0,
    seq: 1,
    trigger: 'request' as const,
  };
  return {
    getWorkspace: vi.fn(),
    openWorkspace: vi.fn(),
    listAgents: () => [],
    getScenario: () => presetScenario('coding'),
    setScenario: () => ({ seq: result.seq }),
    render: () => result,
    getLastRender: () => null,
    getFile: ({ path }) => ({ path, text: 'x', bytes: 1 }),
    ...overrides,
  } as HandlerTable;
}

describe('dispatch', () => {
  it('runs a handler with parsed input', async () => {
    const dispatch = createDispatcher(table());
    expect(await dispatch('getFile', { path: 'kits/a.md' })).toEqual({
      ok: true,
      value: { path: 'kits/a.md', text: 'x', bytes: 1 },
    });
    expect(await dispatch('listAgents', undefined)).toEqual({ ok: true, value: [] });
    expect(await dispatch('listAgents', {})).toEqual({ ok: true, value: [] });
  });

  it('an unknown method is a typed error', async () => {
    const r = await createDispatcher(table())('dropTables', {});
    expect(r).toEqual({
      ok: false,
      error: { code: 'unknown-method', message: 'unknown method "dropTables"' },
    });
    expect(await createDispatcher(table())('__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' },
    });
  });

  it.each([
    ['getFile', { path: 42 }],
    ['getFile', {}],
    ['getFile', { path: 'a', extra: true }],
    ['render', { vars: 'not an object' }],
    ['render', { ...presetScenario('coding'), manifestFile: '../../etc/passwd' }],
    ['setScenario', null],
    ['openWorkspace', 'string'],
    ['listAgents', { unexpected: 1 }],
  ])('%s with bad input %j is invalid-input, the handler never runs', async (method, input) => {
    const getFile = vi.fn();
    const r = await createDispatcher(table({ getFile }))(method, input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-input');
      expect(r.error.message.startsWith(`${method}: `)).toBe(true);
    }
    expect(getFile).not.toHaveBeenCalled();
  });

  it('names the offending field', async () => {
    const r = await createDispatcher(table())('getFile', { path: 42 });
    expect(!r.ok && r.error.message).toContain('path');
  });

  it('an ApiFailure keeps its code and path; any other throw becomes internal', async () => {
    const onInternalError = vi.fn();
    const dispatch = createDispatcher(
      table({
        getFile: () => {
          throw new ApiFailure('outside-workspace', 'nope', '/etc/passwd');
        },
        getLastRender: () => {
          throw new TypeError('boom');
        },
      }),
      { onInternalError },
    );
    expect(await dispatch('getFile', { path: '/etc/passwd' })).toEqual({
      ok: false,
      error: { code: 'outside-workspace', message: 'nope', path: '/etc/passwd' },
    });
    expect(await dispatch('getLastRender', undefined)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'getLastRender failed: boom' },
    });
    expect(onInternalError).toHaveBeenCalledOnce();
  });
});

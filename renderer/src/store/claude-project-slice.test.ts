import { describe, expect, it } from 'vitest';
import type { ApiResult, ApiTransport, EventName, EventPayloads, InspectorApi } from '../../../shared/api';
import { createInspectorApi } from '../../../shared/api';
import { assembleClaudeMd, createMemoryFs } from '../../../shared/claude-md';
import type { ClaudeAssembly } from '../../../shared/api/methods/claude-project';
import { nextAssembly } from './claude-project-slice';
import { bindStoreToApi, createAppStore } from './create-store';

const fs = createMemoryFs({ '/p/CLAUDE.md': 'project', '/p/CLAUDE.local.md': 'local' });

function assembly(seq: number, cwd = '/p'): ClaudeAssembly {
  const report = assembleClaudeMd({ cwd, home: '/home/u', managedDir: '/etc/none' }, fs);
  return {
    options: {
      cwd,
      home: '/home/u',
      managedDir: '/etc/none',
      target: null,
      settingSources: { user: true, project: true, local: true },
      approveExternalIncludes: false,
    },
    report,
    trigger: 'open',
    changedPaths: [],
    elapsedMs: 1,
    assembledAt: 0,
    seq,
    watched: 3,
  };
}

const DEFAULTS = { systemLanguage: 'en', languageChoice: 'system', theme: 'system' } as const;

/** The window's store over `api`; tests drive its `claude` slice. */
function createClaudeStore(api: InspectorApi) {
  const store = createAppStore(api, DEFAULTS);
  return { getState: () => store.getState().claude };
}

function fakeApi(answers: Record<string, (input: unknown) => ApiResult<unknown>>) {
  const calls: { method: string; input: unknown }[] = [];
  const transport: ApiTransport = {
    invoke: async (method, input) => {
      calls.push({ method, input });
      return answers[method]?.(input) ?? { ok: true, value: null };
    },
    on: () => () => undefined,
  };
  return { api: createInspectorApi(transport), calls };
}

describe('nextAssembly', () => {
  it('takes newer assemblies and drops older or repeated ones', () => {
    const a2 = assembly(2);
    expect(nextAssembly(null, a2)).toBe(a2);
    expect(nextAssembly(a2, assembly(1))).toBe(a2);
    expect(nextAssembly(a2, assembly(2))).toBe(a2);
    const a3 = assembly(3);
    expect(nextAssembly(a2, a3)).toBe(a3);
  });
});

describe('claude project slice', () => {
  it('opens a folder, keeps an error as a value, and selects a file with its text', async () => {
    const { api, calls } = fakeApi({
      openClaudeProject: (input) =>
        (input as { cwd: string }).cwd === '/p'
          ? { ok: true, value: assembly(1) }
          : {
              ok: false,
              error: {
                code: 'workspace-invalid',
                message: 'the working directory does not exist',
                path: '/x',
              },
            },
      readClaudeFile: (input) => ({
        ok: true,
        value: { path: (input as { path: string }).path, text: 'project', bytes: 7 },
      }),
    });
    const store = createClaudeStore(api);
    await store.getState().open('/x');
    expect(store.getState()).toMatchObject({ kind: 'claude', assembly: null, busy: false });
    expect(store.getState().error?.path).toBe('/x');

    await store.getState().open('/p');
    expect(store.getState().error).toBeNull();
    expect(store.getState().assembly?.seq).toBe(1);

    await store.getState().select('/p/CLAUDE.md');
    expect(store.getState().file).toEqual({
      kind: 'text',
      file: { path: '/p/CLAUDE.md', text: 'project', bytes: 7 },
    });
    // A pushed re-assembly reloads the selected file's text, showing the old text meanwhile.
    store.getState().apply(assembly(2));
    expect(store.getState().file).toMatchObject({ kind: 'text', file: { path: '/p/CLAUDE.md' } });
    await Promise.resolve();
    await Promise.resolve();
    expect(calls.filter((c) => c.method === 'readClaudeFile')).toHaveLength(2);
  });

  it('going back to an ECK home closes the project on the main side', async () => {
    const { api, calls } = fakeApi({ openClaudeProject: () => ({ ok: true, value: assembly(1) }) });
    const store = createClaudeStore(api);
    await store.getState().open('/p');
    await store.getState().setKind('eck');
    expect(store.getState()).toMatchObject({ kind: 'eck', assembly: null, selected: null });
    expect(calls.map((c) => c.method)).toEqual(['openClaudeProject', 'closeClaudeProject']);
  });

  it('switching to an ECK home and back reopens the same project, target and switches included', async () => {
    const withTarget = { ...assembly(1), options: { ...assembly(1).options, target: 'src/a.ts' } };
    const { api, calls } = fakeApi({ openClaudeProject: () => ({ ok: true, value: withTarget }) });
    const store = createClaudeStore(api);
    await store.getState().open('/p');
    await store.getState().setKind('eck');
    await store.getState().setKind('claude');
    expect(store.getState().assembly?.options.cwd).toBe('/p');
    expect(calls.map((c) => c.method)).toEqual([
      'openClaudeProject',
      'closeClaudeProject',
      'openClaudeProject',
    ]);
    expect(calls[2]?.input).toMatchObject({ cwd: '/p', target: 'src/a.ts', managedDir: '/etc/none' });
  });

  it('a refused open says so, so the field keeps what was typed', async () => {
    const { api } = fakeApi({
      openClaudeProject: () => ({
        ok: false,
        error: { code: 'workspace-invalid', message: 'no such folder' },
      }),
      setClaudeOptions: () => ({ ok: false, error: { code: 'workspace-invalid', message: 'bad home' } }),
    });
    const store = createClaudeStore(api);
    expect(await store.getState().open('/nope')).toBe(false);
    expect(await store.getState().setOptions({ home: '/nope' })).toBe(false);
    expect(store.getState().error?.message).toBe('bad home');
  });

  it('restores an open project at start-up', async () => {
    const { api } = fakeApi({ getClaudeProject: () => ({ ok: true, value: assembly(4) }) });
    const store = createClaudeStore(api);
    await store.getState().restore();
    expect(store.getState().kind).toBe('claude');
    expect(store.getState().assembly?.seq).toBe(4);
  });

  it('a project opened from outside the window (File menu) is shown when its assembly arrives', () => {
    const store = createClaudeStore(fakeApi({}).api);
    expect(store.getState().kind).toBe('eck');
    store.getState().received(assembly(5));
    expect(store.getState()).toMatchObject({ kind: 'claude', assembly: { seq: 5 } });
  });

  it('pushes that arrive while this window closes the project do not bring it back', async () => {
    let finishClose: (r: ApiResult<unknown>) => void = () => undefined;
    const transport: ApiTransport = {
      invoke: (method) =>
        method === 'closeClaudeProject'
          ? new Promise((resolve) => (finishClose = resolve))
          : Promise.resolve({ ok: true, value: assembly(1) }),
      on: () => () => undefined,
    };
    const store = createClaudeStore(createInspectorApi(transport));
    await store.getState().open('/p');
    const closed = store.getState().setKind('eck');
    store.getState().received(assembly(2)); // A disk change pushed before the close.
    expect(store.getState()).toMatchObject({ kind: 'eck', assembly: null });
    finishClose({ ok: true, value: null });
    await closed;
    store.getState().received(assembly(3)); // Opened again from the menu afterwards.
    expect(store.getState().kind).toBe('claude');
  });
});

describe('claude project status in the app store', () => {
  /** A transport whose pushed events the test sends. */
  function pushingApi(answers: Record<string, ApiResult<unknown>>) {
    const listeners = new Map<EventName, (payload: unknown) => void>();
    const transport: ApiTransport = {
      invoke: async (method) => answers[method] ?? { ok: true, value: null },
      on: (event, listener) => {
        listeners.set(event, listener as (payload: unknown) => void);
        return () => listeners.delete(event);
      },
    };
    const push = <E extends EventName>(event: E, payload: EventPayloads[E]): void =>
      listeners.get(event)?.(payload);
    return { api: createInspectorApi(transport), push };
  }

  it('a bound store restores the open project and follows pushed assemblies, for the bars to read', async () => {
    const { api, push } = pushingApi({
      getWorkspace: { ok: false, error: { code: 'internal', message: 'no workspace in this test' } },
      getClaudeProject: { ok: true, value: assembly(1) },
    });
    const store = createAppStore(api, DEFAULTS);
    const off = bindStoreToApi(store, api);
    await new Promise((r) => setTimeout(r, 0));
    // What the app shell, the workspace bar and the status bar select: no panel involved.
    expect(store.getState().claude.kind).toBe('claude');
    expect(store.getState().claude.assembly?.seq).toBe(1);
    expect(store.getState().claude.lastDisk).toBeNull();
    push('onDidAssembleClaudeMd', { ...assembly(2), trigger: 'disk', changedPaths: ['/p/CLAUDE.md'] });
    expect(store.getState().claude.lastDisk).toMatchObject({ seq: 2, changedPaths: ['/p/CLAUDE.md'] });
    off();
    push('onDidAssembleClaudeMd', assembly(3));
    expect(store.getState().claude.assembly?.seq).toBe(2);
  });
});

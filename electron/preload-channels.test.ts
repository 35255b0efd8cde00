import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/api';

describe('preload', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'preload.ts'), 'utf8');

  it('uses the channels of shared/api/bridge.ts', () => {
    expect(source).toContain(`const INVOKE_CHANNEL = '${IPC_INVOKE_CHANNEL}';`);
    expect(source).toContain(`const EVENT_CHANNEL = '${IPC_EVENT_CHANNEL}';`);
  });

  it('imports nothing but electron at run time (a sandboxed preload cannot)', () => {
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['electron']);
  });
});

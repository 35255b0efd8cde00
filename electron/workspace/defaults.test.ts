import { describe, expect, it } from 'vitest';
import type { DefaultsEnv } from './defaults';
import { resolveWorkspace } from './defaults';

function env(overrides: Partial<DefaultsEnv> = {}): DefaultsEnv {
  return {
    appRoot: '/app',
    evolcoreHome: undefined,
    userHome: '/home/u',
    isDirectory: () => false,
    cwd: '/work',
    ...overrides,
  };
}

describe('workspace defaults', () => {
  it('uses the app root and the demo home when nothing else exists', () => {
    expect(resolveWorkspace({}, env())).toEqual({
      home: '/app/kits/demo-home',
      homeSource: 'demo',
      packageRoot: '/app',
      packageRootSource: 'app',
      isDemo: true,
    });
  });

  it('prefers ~/.evolcore when it exists', () => {
    const w = resolveWorkspace({}, env({ isDirectory: (d) => d === '/home/u/.evolcore' }));
    expect(w).toMatchObject({ home: '/home/u/.evolcore', homeSource: 'user', isDemo: false });
  });

  it('prefers $EVOLCORE_HOME over ~/.evolcore, even when it does not exist yet', () => {
    const w = resolveWorkspace({}, env({ evolcoreHome: 'rel/home', isDirectory: () => true }));
    expect(w).toMatchObject({ home: '/work/rel/home', homeSource: 'env' });
  });

  it('an explicit choice wins, resolved against the working folder', () => {
    const w = resolveWorkspace({ home: 'h', packageRoot: '/pkg' }, env({ evolcoreHome: '/e' }));
    expect(w).toMatchObject({
      home: '/work/h',
      homeSource: 'given',
      packageRoot: '/pkg',
      packageRootSource: 'given',
    });
  });

  it('an empty choice counts as no choice', () => {
    expect(resolveWorkspace({ home: '', packageRoot: '' }, env()).homeSource).toBe('demo');
  });

  it('marks the demo home as demo even when given explicitly', () => {
    expect(resolveWorkspace({ home: '/app/kits/demo-home/' }, env()).isDemo).toBe(true);
  });
});

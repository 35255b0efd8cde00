import { describe, expect, it } from 'vitest';
import type { DefaultsEnv } from './defaults';
import { resolveWorkspace } from './defaults';
import { expandTilde } from '../services/tilde';

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
      product: 'evolcore',
      userHome: '/home/u',
    });
  });

  it('reads a typed ~ as the user folder, as the workspace bar shows it', () => {
    const w = resolveWorkspace({ home: '~/.evolcore', packageRoot: '~' }, env());
    expect(w).toMatchObject({ home: '/home/u/.evolcore', packageRoot: '/home/u', homeSource: 'given' });
    // Another user's folder, or a ~ inside a name, is a plain path.
    expect(expandTilde('~bob/x', '/home/u')).toBe('~bob/x');
    expect(expandTilde('a/~/b', '/home/u')).toBe('a/~/b');
  });

  describe('an evolclaw package root (its package.json name)', () => {
    const claw = (name: string) => (file: string) =>
      file === '/src/claw/package.json' ? JSON.stringify({ name }) : null;

    it('looks for $EVOLCLAW_HOME, not $EVOLCORE_HOME', () => {
      const w = resolveWorkspace(
        { packageRoot: '/src/claw' },
        env({ readText: claw('evolclaw'), evolcoreHome: '/core', evolclawHome: '/claw-home' }),
      );
      expect(w).toMatchObject({ product: 'evolclaw', home: '/claw-home', homeSource: 'env' });
    });

    it('then ~/.evolclaw when it exists', () => {
      const w = resolveWorkspace(
        { packageRoot: '/src/claw' },
        env({ readText: claw('@someone/evolclaw'), isDirectory: (d) => d === '/home/u/.evolclaw' }),
      );
      expect(w).toMatchObject({ product: 'evolclaw', home: '/home/u/.evolclaw', homeSource: 'user' });
    });

    it('another name, a broken package.json or none: evolcore, which keeps its own home', () => {
      const core = env({ evolcoreHome: '/core', evolclawHome: '/claw-home' });
      expect(
        resolveWorkspace({ packageRoot: '/src/claw' }, { ...core, readText: claw('evolcore') }),
      ).toMatchObject({
        product: 'evolcore',
        home: '/core',
      });
      expect(
        resolveWorkspace({ packageRoot: '/src/claw' }, { ...core, readText: () => '{ not json' }).product,
      ).toBe('evolcore');
      expect(resolveWorkspace({ packageRoot: '/src/claw' }, core).product).toBe('evolcore');
      expect(
        resolveWorkspace({ packageRoot: '/src/claw' }, { ...core, readText: claw('evolclaw-tools') }).product,
      ).toBe('evolcore');
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

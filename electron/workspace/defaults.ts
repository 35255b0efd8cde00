/**
 * Which home and package root a workspace opens when the user gives none (DESIGN.md,
 * "Concepts": the app's own `kits/`, then `$EVOLCORE_HOME`, `~/.evolcore`, the demo home).
 */
import path from 'node:path';
import type { HomeSource, PackageRootSource } from '../../shared/api';

/** What the defaults depend on, passed in so tests need no real environment. */
export interface DefaultsEnv {
  /** The app's own root: the folder holding `kits/`. */
  readonly appRoot: string;
  /** `process.env.EVOLCORE_HOME`. */
  readonly evolcoreHome: string | undefined;
  /** `os.homedir()`. */
  readonly userHome: string;
  /** Whether a folder exists. */
  readonly isDirectory: (dir: string) => boolean;
  /** The process's working folder, for relative paths the user typed. */
  readonly cwd: string;
}

/** The user's explicit choices (`--home`, `--package-root`, the File menu). */
export interface WorkspaceChoice {
  readonly home?: string | undefined;
  readonly packageRoot?: string | undefined;
}

/** Home and package root with where each came from. */
export interface ResolvedWorkspace {
  readonly home: string;
  readonly homeSource: HomeSource;
  readonly packageRoot: string;
  readonly packageRootSource: PackageRootSource;
  readonly isDemo: boolean;
}

/** The demo home shipped with the app. */
export function demoHomeOf(appRoot: string): string {
  return path.join(appRoot, 'kits', 'demo-home');
}

/** Resolves the home and package root from explicit choices, the environment and defaults. */
export function resolveWorkspace(choice: WorkspaceChoice, env: DefaultsEnv): ResolvedWorkspace {
  const demoHome = path.resolve(demoHomeOf(env.appRoot));
  const packageRoot =
    choice.packageRoot !== undefined && choice.packageRoot !== ''
      ? { path: path.resolve(env.cwd, choice.packageRoot), source: 'given' as const }
      : { path: path.resolve(env.appRoot), source: 'app' as const };
  const home = resolveHome(choice, env, demoHome);
  return {
    home: home.path,
    homeSource: home.source,
    packageRoot: packageRoot.path,
    packageRootSource: packageRoot.source,
    isDemo: home.path === demoHome,
  };
}

function resolveHome(
  choice: WorkspaceChoice,
  env: DefaultsEnv,
  demoHome: string,
): { path: string; source: HomeSource } {
  if (choice.home !== undefined && choice.home !== '') {
    return { path: path.resolve(env.cwd, choice.home), source: 'given' };
  }
  // evolcore itself reads $EVOLCORE_HOME without checking it exists; so do we.
  if (env.evolcoreHome !== undefined && env.evolcoreHome !== '') {
    return { path: path.resolve(env.cwd, env.evolcoreHome), source: 'env' };
  }
  const userDefault = path.join(env.userHome, '.evolcore');
  if (env.isDirectory(userDefault)) return { path: userDefault, source: 'user' };
  return { path: demoHome, source: 'demo' };
}

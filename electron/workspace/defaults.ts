/**
 * Which home and package root a workspace opens when the user gives none (docs/design.md §Concepts:
 * the app's own `kits/`, then `$EVOLCORE_HOME`, `~/.evolcore`, the demo home).
 * An evolclaw package root (its package.json name) looks for `$EVOLCLAW_HOME`, then
 * `~/.evolclaw`, instead.
 */
import path from 'node:path';
import { expandTilde } from '../services/tilde';
import type { HomeSource, ResolvedWorkspace } from '../../shared/api';
import type { Product } from '../../shared/engine';
import { packageNameOf, productOfPackageName } from './discovery';

/** What the defaults depend on, passed in so tests need no real environment. */
export interface DefaultsEnv {
  /** The app's own root: the folder holding `kits/`. */
  readonly appRoot: string;
  /** `process.env.EVOLCORE_HOME`. */
  readonly evolcoreHome: string | undefined;
  /** `process.env.EVOLCLAW_HOME` (read for an evolclaw package root only). */
  readonly evolclawHome?: string | undefined;
  /** The text of a file, or null (reads the package root's package.json); none: evolcore. */
  readonly readText?: (file: string) => string | null;
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

/** Home and package root with where each came from (the API's own shape). */
export type { ResolvedWorkspace } from '../../shared/api/models';

/** The demo home shipped with the app. */
export function demoHomeOf(appRoot: string): string {
  return path.join(appRoot, 'kits', 'demo-home');
}

/** Resolves the home and package root from explicit choices, the environment and defaults. */
export function resolveWorkspace(choice: WorkspaceChoice, env: DefaultsEnv): ResolvedWorkspace {
  const demoHome = path.resolve(demoHomeOf(env.appRoot));
  const packageRoot =
    choice.packageRoot !== undefined && choice.packageRoot !== ''
      ? {
          path: path.resolve(env.cwd, expandTilde(choice.packageRoot, env.userHome)),
          source: 'given' as const,
        }
      : { path: path.resolve(env.appRoot), source: 'app' as const };
  const product = productOfPackageName(
    packageNameOf(env.readText?.(path.join(packageRoot.path, 'package.json')) ?? null),
  );
  const home = resolveHome(choice, env, demoHome, product);
  return {
    home: home.path,
    homeSource: home.source,
    packageRoot: packageRoot.path,
    packageRootSource: packageRoot.source,
    isDemo: home.path === demoHome,
    product,
    userHome: env.userHome,
  };
}

function resolveHome(
  choice: WorkspaceChoice,
  env: DefaultsEnv,
  demoHome: string,
  product: Product,
): { path: string; source: HomeSource } {
  if (choice.home !== undefined && choice.home !== '') {
    return { path: path.resolve(env.cwd, expandTilde(choice.home, env.userHome)), source: 'given' };
  }
  // evolcore itself reads $EVOLCORE_HOME without checking it exists; so do we (evolclaw alike).
  const fromEnv = product === 'evolclaw' ? env.evolclawHome : env.evolcoreHome;
  if (fromEnv !== undefined && fromEnv !== '') {
    return { path: path.resolve(env.cwd, fromEnv), source: 'env' };
  }
  const userDefault = path.join(env.userHome, product === 'evolclaw' ? '.evolclaw' : '.evolcore');
  if (env.isDirectory(userDefault)) return { path: userDefault, source: 'user' };
  return { path: demoHome, source: 'demo' };
}

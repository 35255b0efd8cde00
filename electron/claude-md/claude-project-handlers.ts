/**
 * The API handlers of a Claude Code project workspace, spread into the handler table.
 */
import type { ApiResult } from '../../shared/api';
import { ApiFailure } from '../../shared/api/errors';
import type { HandlerTable } from '../api/dispatch';
import type { ClaudeProjectService } from './claude-project-service';
import { capClaudeAssembly } from './claude-assembly-caps';
import { listTargetFolder, searchTargets } from './claude-target-tree';

/** The methods these handlers serve. */
export type ClaudeProjectMethod =
  | 'openClaudeProject'
  | 'getClaudeProject'
  | 'setClaudeOptions'
  | 'closeClaudeProject'
  | 'readClaudeFile'
  | 'listClaudeTargets'
  | 'searchClaudeTargets';

/** The open project's working directory, or a failure saying none is open. */
function openCwd(service: ClaudeProjectService): string {
  const cwd = service.current?.options.cwd;
  if (cwd === undefined) throw new ApiFailure('workspace-invalid', 'no Claude Code project is open');
  return cwd;
}

/** The service answers with values; the dispatcher expects a value or an ApiFailure. */
function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiFailure(result.error.code, result.error.message, result.error.path);
}

/** Handlers over the process's Claude Code project service. */
export function createClaudeProjectHandlers(
  service: ClaudeProjectService,
): Pick<HandlerTable, ClaudeProjectMethod> {
  return {
    // Assemblies leave capped (claude-assembly-caps.ts); the service keeps them whole.
    openClaudeProject: async (input) => capClaudeAssembly(unwrap(await service.open(input))),
    getClaudeProject: () => {
      const current = service.current;
      return current === null ? null : capClaudeAssembly(current);
    },
    setClaudeOptions: async (patch) => capClaudeAssembly(unwrap(await service.setOptions(patch))),
    closeClaudeProject: async () => {
      await service.close();
      return null;
    },
    readClaudeFile: ({ path }) => unwrap(service.readFile(path)),
    listClaudeTargets: ({ folder }) => listTargetFolder(openCwd(service), folder),
    searchClaudeTargets: ({ query }) => searchTargets(openCwd(service), query),
  };
}

/**
 * Events the main side pushes to the renderer, named `onDidX` as VS Code names them.
 */
import type { ApiError } from './errors';
import type { DiskChange, RenderResult, WorkspaceInfo } from './models';
import type { MenuCommand } from './ui';
import type { ClaudeAssembly } from './methods/claude-project';
import type { HistoryDelta } from './history-models';

/** Payload of every pushed event. */
export interface EventPayloads {
  /**
   * A render of the current scenario finished (scenario change, workspace change, disk change).
   * The one way a `setScenario`'s render arrives: its `seq` is the one that call answered.
   */
  onDidRender: RenderResult;
  /** Files changed on disk (one coalesced burst). */
  onDidChangeOnDisk: DiskChange;
  /** Something failed on the main side outside a request; the last good render stays. */
  onDidError: ApiError;
  /** Another workspace was opened (menu, recent list or `openWorkspace`). */
  onDidChangeWorkspace: WorkspaceInfo;
  /** The Electron application menu asked the UI to do something (show a panel, switch language). */
  onDidInvokeMenu: MenuCommand;
  /** The open Claude Code project was assembled again (opened, options changed, files changed). */
  onDidAssembleClaudeMd: ClaudeAssembly;
  /** The open history folder changed: snapshots added, re-read or removed. */
  onDidChangeHistory: HistoryDelta;
}

/** Name of a pushed event. */
export type EventName = keyof EventPayloads;

/** All event names. */
export const EVENT_NAMES: readonly EventName[] = [
  'onDidRender',
  'onDidChangeOnDisk',
  'onDidError',
  'onDidChangeWorkspace',
  'onDidInvokeMenu',
  'onDidAssembleClaudeMd',
  'onDidChangeHistory',
];

/** `true` when `name` is a pushed event of the API. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * What the panels give the app shell: which component shows which tab, and the Claude Code
 * project view with what it adds to the workspace bar and the status bar. The shell
 * (`app.tsx`) is the one file outside `panels/` that imports from here, so shared components
 * never import a panel. Panels other than Context load lazily: they carry Monaco and tables,
 * and the first screen must stay light.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import type { PanelId } from '../../../shared/api';
import { ClaudeStatusItems } from './claude-md/claude-status-items';
import { ClaudeFolderField, WorkspaceKindSwitch } from './claude-md/workspace-kind-switch';
import { ContextPanel } from './context/context-panel';

/** The History panel's code (its own chunk). */
const loadHistory = (): Promise<{ default: ComponentType }> => import('./history/history-panel');

/**
 * Fetches the History's code while the page is idle after start: it is the tab an operator opens
 * first when an agent said something odd, and its first click waited for the chunk (105 KB).
 */
export function preloadPanels(): void {
  const load = (): void => void loadHistory().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 500);
}

/** The component of each panel. */
export const PANEL_COMPONENTS: Readonly<Record<PanelId, ComponentType | LazyExoticComponent<ComponentType>>> =
  {
    timeline: lazy(() => import('./timeline/timeline-panel')),
    context: ContextPanel,
    vars: lazy(() => import('./vars/vars-panel')),
    manifest: lazy(() => import('./manifest/manifest-panel')),
    history: lazy(loadHistory),
  };

/**
 * The Claude Code project workspace: its view, shown in place of the tabs, the
 * workspace bar's kind switch and folder field, and the status bar's items.
 */
export const CLAUDE_PROJECT_VIEW = {
  Panel: lazy(() => import('./claude-md/claude-md-panel')),
  KindSwitch: WorkspaceKindSwitch,
  BarFields: ClaudeFolderField,
  StatusItems: ClaudeStatusItems,
} as const;

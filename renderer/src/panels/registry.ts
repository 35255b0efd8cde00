/**
 * Which component shows which tab. Panels other than Context load lazily: they will carry
 * Monaco and tables, and the first screen must stay light.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';
import type { PanelId } from '../../../shared/api';
import { ContextPanel } from './context/context-panel';

/** The component of each panel. */
export const PANEL_COMPONENTS: Readonly<Record<PanelId, ComponentType | LazyExoticComponent<ComponentType>>> =
  {
    timeline: lazy(() => import('./timeline/timeline-panel')),
    context: ContextPanel,
    vars: lazy(() => import('./vars/vars-panel')),
    manifest: lazy(() => import('./manifest/manifest-panel')),
    history: lazy(() => import('./history/history-panel')),
  };

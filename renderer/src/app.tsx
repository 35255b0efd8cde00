/**
 * The window: workspace bar, error banner, panel tabs and panel, status bar.
 */
import { lazy, Suspense, useEffect } from 'react';
import { ErrorBanner } from './components/error-banner';
import { PanelTabs } from './components/panel-tabs';
import { StatusBar } from './components/status-bar';
import { WorkspaceBar } from './components/workspace-bar';
import { useClaude } from './panels/claude-md/claude-store';
import { PANEL_COMPONENTS } from './panels/registry';
import { useApp } from './store/store-context';

/** The view of a "Claude Code project" workspace (issue 8), in place of the ECK tabs. */
const ClaudeMdPanel = lazy(() => import('./panels/claude-md/claude-md-panel'));

/** The root component. */
export function App() {
  const tab = useApp((s) => s.tab);
  const theme = useApp((s) => s.theme);
  const language = useApp((s) => s.language);
  const kind = useClaude((s) => s.kind);
  useEffect(() => {
    // `system` leaves the attribute off, so the prefers-color-scheme rules apply.
    if (theme === 'system') delete document.documentElement.dataset['theme'];
    else document.documentElement.dataset['theme'] = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const Panel = PANEL_COMPONENTS[tab];
  return (
    <div className="app">
      <WorkspaceBar />
      <ErrorBanner />
      {kind === 'claude' ? (
        <main className="panel-area">
          <Suspense fallback={null}>
            <ClaudeMdPanel />
          </Suspense>
        </main>
      ) : (
        <>
          <PanelTabs />
          <main className="panel-area" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            <Suspense fallback={null}>
              <Panel />
            </Suspense>
          </main>
        </>
      )}
      <StatusBar />
    </div>
  );
}

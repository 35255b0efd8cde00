/**
 * The window: workspace bar, error banner, panel tabs and panel, status bar.
 */
import { Suspense, useEffect } from 'react';
import { ErrorBanner } from './components/error-banner';
import { useLeaveGuard } from './components/leave-guard';
import { PanelTabs } from './components/panel-tabs';
import { StatusBar } from './components/status-bar';
import { WorkspaceBar } from './components/workspace-bar';
import { CLAUDE_PROJECT_VIEW, PANEL_COMPONENTS, preloadPanels } from './panels/registry';
import { useApp } from './store/store-context';

/** The view of a "Claude Code project" workspace, in place of the ECK tabs. */
const { Panel: ClaudeMdPanel, KindSwitch, BarFields, StatusItems } = CLAUDE_PROJECT_VIEW;

/** The root component. */
export function App() {
  const tab = useApp((s) => s.tab);
  const theme = useApp((s) => s.theme);
  const language = useApp((s) => s.language);
  const kind = useApp((s) => s.claude.kind);
  useLeaveGuard();
  useEffect(preloadPanels, []);
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
      <WorkspaceBar kindSwitch={<KindSwitch />} claudeFields={<BarFields />} />
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
      <StatusBar claudeItems={<StatusItems />} />
    </div>
  );
}

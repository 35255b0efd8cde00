/**
 * The tab strip over the panel area.
 */
import { PANEL_IDS } from '../../../shared/api';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';

/** Tabs for Timeline, Context, Vars, Manifest, History. */
export function PanelTabs() {
  const t = useT();
  const tab = useApp((s) => s.tab);
  const setTab = useApp((s) => s.setTab);
  return (
    <nav className="panel-tabs" role="tablist">
      {PANEL_IDS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          className={tab === id ? 'tab active' : 'tab'}
          onClick={() => setTab(id)}
        >
          {t(`tab.${id}`)}
        </button>
      ))}
    </nav>
  );
}

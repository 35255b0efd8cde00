/**
 * Keeps the draft's render current while an unsaved draft exists, whichever tab is open
 * (the draft is what you see, so a var edit must re-render the draft too). Mounted by
 * the status bar, which is always on screen. Without a draft nothing is asked for: the Manifest
 * tab refreshes its own saved/draft pair while it is open.
 */
import { useEffect } from 'react';
import { hasDraft } from '../store/shown-render';
import { useApp } from '../store/store-context';

/** How long after the last change the draft is rendered (a run of typing renders once). */
const RENDER_DELAY_MS = 80;

/** Starts the refresh while the calling component is mounted. */
export function useDraftRefresh(): void {
  const scenario = useApp((s) => s.scenario);
  const seq = useApp((s) => s.render?.seq ?? 0);
  const session = useApp((s) => s.draft.session);
  const dirty = useApp(hasDraft);
  const refreshRenders = useApp((s) => s.draft.refreshRenders);
  useEffect(() => {
    if (!dirty || session === null || scenario === null) return;
    const handle = setTimeout(() => void refreshRenders(scenario, seq), RENDER_DELAY_MS);
    return () => clearTimeout(handle);
  }, [refreshRenders, dirty, session, scenario, seq]);
}

/**
 * Keeps the draft slice's renders (without and with the draft) up to date for the current
 * scenario, shortly after the last edit. Used by the Manifest tab and by the draft note of the
 * Timeline and Context tabs.
 */
import { useEffect } from 'react';
import { useApp } from '../../store/store-context';

/** How long after an edit the draft is rendered (typing in expert mode renders once). */
const RENDER_DELAY_MS = 80;

/** Starts the refresh while the calling component is mounted. */
export function useDraftRenders(): void {
  const scenario = useApp((s) => s.scenario);
  const seq = useApp((s) => s.render?.seq ?? 0);
  const session = useApp((s) => s.draft.session);
  const refreshRenders = useApp((s) => s.draft.refreshRenders);
  useEffect(() => {
    if (session === null || scenario === null) return;
    const handle = setTimeout(() => void refreshRenders(scenario, seq), RENDER_DELAY_MS);
    return () => clearTimeout(handle);
  }, [refreshRenders, session, scenario, seq]);
}

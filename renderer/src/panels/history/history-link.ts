/**
 * The History tab and links: a link `#/history/<key>[/section/<id>]` opens that
 * snapshot (its report, with the section marked, when a section is named), and the snapshot
 * selected here is published to the view slice, so the address and "Copy link" name it.
 */
import { useEffect } from 'react';
import { useApp, useAppStore } from '../../store/store-context';
import type { HistoryStore } from './history-store';

/** Binds the panel's store to links; call once per mounted panel. */
export function useHistoryLink(store: HistoryStore): void {
  const app = useAppStore();
  const pending = useApp((s) => s.view.pending);
  useEffect(() => {
    if (pending === null || pending.tab !== 'history') return;
    const link = app.getState().view.takePending('history');
    if (link === null || link.tab !== 'history' || link.snapshot === null) return;
    app.getState().view.showSnapshot(link.snapshot, link.section);
    void store.getState().select(link.snapshot);
  }, [app, store, pending]);
  useEffect(() => {
    const publish = (selected: string | null): void => {
      const view = app.getState().view;
      if (view.pending !== null) return;
      // The section a link named stays named while its snapshot is the one shown.
      view.showSnapshot(selected, selected === view.snapshot ? view.snapshotSection : null);
    };
    publish(store.getState().selected);
    return store.subscribe((s, prev) => {
      if (s.selected !== prev.selected) publish(s.selected);
    });
  }, [app, store]);
}

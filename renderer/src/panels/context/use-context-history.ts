/**
 * Keeps the previous render's context for the prompt-cache marker. The Timeline and the
 * Context tab both start the tracking (whichever mounts first); it then follows every render
 * for the life of the window, even while neither tab shows.
 */
import { useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { createStore } from 'zustand/vanilla';
import type { AppStore } from '../../store/create-store';
import { StoreContext } from '../../store/store-context';
import type { ContextHistory } from './cache-prefix';
import { nextContextHistory } from './cache-prefix';

const trackers = new WeakMap<AppStore, StoreApi<ContextHistory>>();

/** The history tracker of an app store, created and subscribed on first use. */
export function contextHistoryOf(store: AppStore): StoreApi<ContextHistory> {
  let tracker = trackers.get(store);
  if (tracker !== undefined) return tracker;
  const first = store.getState().render?.report.context ?? null;
  const created = createStore<ContextHistory>()(() => ({ current: first, previous: null }));
  store.subscribe((state) => {
    const context = state.render?.report.context;
    if (context !== undefined) created.setState(nextContextHistory(created.getState(), context), true);
  });
  trackers.set(store, created);
  tracker = created;
  return tracker;
}

/** The current and previous context of the window's store. */
export function useContextHistory(): ContextHistory {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useContextHistory outside <StoreContext.Provider>');
  return useStore(contextHistoryOf(store));
}

/**
 * React access to the bound store: one field per hook, as the zustand docs advise.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState } from './app-state';
import type { AppStore } from './create-store';

/** Provides the store to the component tree. */
export const StoreContext = createContext<AppStore | null>(null);

/** Selects from the store; use `useShallow` for derived arrays or objects. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/**
 * The store itself, for effects and handlers that read the current state once
 * (`store.getState().draft.session`) without re-rendering on it.
 */
export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useApp outside <StoreContext.Provider>');
  return store;
}

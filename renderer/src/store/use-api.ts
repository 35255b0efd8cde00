/**
 * The one way a component calls the main side: `const api = useApi()`, then `await
 * api.method(…)`. The API object is the one the store was made over (it never changes for the
 * life of the window), so the hook never causes a re-render. State that more than one view
 * needs still goes through a slice action, not through the component (README.md, rule 1).
 */
import type { InspectorApi } from '../../../shared/api';
import { useApp } from './store-context';

/** The window's API to the main side. */
export function useApi(): InspectorApi {
  return useApp((s) => s.api);
}

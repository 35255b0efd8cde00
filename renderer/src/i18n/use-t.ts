/**
 * The translate function of the current UI language, for components.
 */
import { useMemo } from 'react';
import { useApp } from '../store/store-context';
import type { Translate } from './translate';
import { translatorFor } from './translate';

/** Returns `t(key, params)` in the language the UI shows now. */
export function useT(): Translate {
  const language = useApp((s) => s.language);
  return useMemo(() => translatorFor(language), [language]);
}

/**
 * Language and theme choices kept in localStorage between runs (the OS decides until the user
 * chooses).
 */
import type { Language, ThemeChoice } from '../../shared/api';
import { LANGUAGES, THEMES } from '../../shared/api';

const KEY = 'eck-inspector.ui';

/** What is remembered. */
export interface UiPreferences {
  readonly language: Language | 'system';
  readonly theme: ThemeChoice;
}

/** Reads the remembered choices; anything unreadable counts as "follow the OS". */
export function loadPreferences(storage: Pick<Storage, 'getItem'> | null): UiPreferences {
  const fallback: UiPreferences = { language: 'system', theme: 'system' };
  try {
    const raw: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return fallback;
    const { language, theme } = raw as Record<string, unknown>;
    return {
      language: (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : 'system',
      theme: (THEMES as readonly unknown[]).includes(theme) ? (theme as ThemeChoice) : 'system',
    };
  } catch {
    return fallback;
  }
}

/** Remembers the choices. */
export function savePreferences(storage: Pick<Storage, 'setItem'> | null, prefs: UiPreferences): void {
  try {
    storage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Storage full or disabled: the choice lasts for this session only.
  }
}

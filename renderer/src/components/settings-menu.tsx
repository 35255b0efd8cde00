/**
 * The settings menu of the header: Language and Theme behind one button, so the header fits
 * one row from 1280 px. A disclosure, not an ARIA `menu`: it holds two form fields,
 * so Tab moves through them as usual; Escape closes it and puts focus back on the button, and a
 * click outside closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Language, ThemeChoice } from '../../../shared/api';
import { LANGUAGES, THEMES } from '../../../shared/api';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';

/** The button and its panel. */
export function SettingsMenu(): React.JSX.Element {
  const t = useT();
  const languageChoice = useApp((s) => s.languageChoice);
  const setLanguage = useApp((s) => s.setLanguage);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const firstFieldRef = useRef<HTMLSelectElement | null>(null);

  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    firstFieldRef.current?.focus();
    const onPointer = (e: PointerEvent): void => {
      if (rootRef.current !== null && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      className="settings-menu"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        type="button"
        ref={buttonRef}
        className="settings-button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="settings-button"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⚙</span> {t('settings.title')}
      </button>
      {open && (
        <div
          className="settings-panel"
          id={panelId}
          role="group"
          aria-label={t('settings.title')}
          data-testid="settings-panel"
        >
          <label className="field">
            <span>{t('settings.language')}</span>
            <select
              ref={firstFieldRef}
              value={languageChoice}
              onChange={(e) => setLanguage(e.target.value as Language | 'system')}
              data-testid="language-select"
            >
              <option value="system">{t('language.system')}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('settings.theme')}</span>
            <select
              value={theme}
              onChange={(e) => setTheme(e.target.value as ThemeChoice)}
              data-testid="theme-select"
            >
              {THEMES.map((th) => (
                <option key={th} value={th}>
                  {t(`theme.${th}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}

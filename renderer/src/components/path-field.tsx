/**
 * A folder path in the workspace bar that can be edited in place: Enter opens the typed path.
 * In Electron the File menu offers the native dialog; in a browser this is the only way.
 */
import { useState } from 'react';
import { useT } from '../i18n/use-t';

/** Props of a path field. */
export interface PathFieldProps {
  readonly label: string;
  /** The path as shown (`~/…` inside the user's folder). */
  readonly value: string;
  /** The full path, on hover. */
  readonly fullPath?: string;
  readonly badge: string;
  /** Opens the typed path; a promise of `false` means refused: the typed text stays to be corrected. */
  readonly onOpen: (path: string) => Promise<boolean> | void;
  readonly testId: string;
}

/** Shows a path; click to edit, Enter to open, Escape to cancel. */
export function PathField({ label, value, fullPath, badge, onOpen, testId }: PathFieldProps) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const open = async (typed: string): Promise<void> => {
    const ok = (await onOpen(typed)) ?? true;
    setFailed(!ok);
    if (ok) setDraft((d) => (d === typed || d?.trim() === typed ? null : d));
  };
  return (
    <label className="field path-field" title={fullPath ?? value}>
      <span>
        {label}
        {badge !== '' && <em className="badge">{badge}</em>}
      </span>
      <input
        type="text"
        spellCheck={false}
        value={draft ?? value}
        title={t('bar.openHint')}
        data-testid={testId}
        aria-invalid={failed}
        onChange={(e) => setDraft(e.target.value)}
        // Leaving the field gives up an edit, except one the main side refused: that stays to fix.
        onBlur={() => {
          if (!failed) setDraft(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setDraft(null);
            setFailed(false);
          }
          if (e.key === 'Enter' && draft !== null && draft.trim() !== '' && draft !== value)
            void open(draft.trim());
        }}
      />
    </label>
  );
}

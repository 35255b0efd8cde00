/**
 * A folder path in the workspace bar that can be edited in place: Enter opens the typed path.
 * In Electron the File menu offers the native dialog; in a browser this is the only way.
 */
import { useState } from 'react';
import { useT } from '../i18n/use-t';

/** Props of a path field. */
export interface PathFieldProps {
  readonly label: string;
  readonly value: string;
  readonly badge: string;
  readonly onOpen: (path: string) => void;
  readonly testId: string;
}

/** Shows a path; click to edit, Enter to open, Escape to cancel. */
export function PathField({ label, value, badge, onOpen, testId }: PathFieldProps) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="field path-field" title={value}>
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
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => setDraft(null)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDraft(null);
          if (e.key === 'Enter' && draft !== null && draft.trim() !== '' && draft !== value) {
            onOpen(draft.trim());
            setDraft(null);
          }
        }}
      />
    </label>
  );
}

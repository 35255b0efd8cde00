/**
 * An in-app dialog asking for a path (a folder of snapshots, a bundle file), as VS Code's quick
 * input or GitHub Desktop's "Add local repository" do instead of the browser's `prompt`: a
 * labelled input, a validation message under it, Enter opens, Escape cancels. The dialog stays
 * open until the path is accepted, so a mistyped one can be corrected in place.
 */
import { useEffect, useId, useRef, useState } from 'react';

/** Props of the dialog. */
export interface PathDialogProps {
  readonly title: string;
  readonly label: string;
  readonly submitLabel: string;
  readonly cancelLabel: string;
  readonly busyLabel: string;
  readonly hint: string;
  /** Shown when Enter is pressed on an empty field. */
  readonly requiredMessage: string;
  /** Tries the path: resolves with what is wrong with it, or `null` once it was opened. */
  readonly onSubmit: (path: string) => Promise<string | null>;
  readonly onClose: () => void;
  readonly testId: string;
}

/** The dialog; mount it to open, unmount (via `onClose`) to close. */
export function PathDialog(props: PathDialogProps): React.JSX.Element {
  const { onClose, onSubmit } = props;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const titleId = useId();
  const errorId = useId();
  const hintId = useId();

  // Focus the field on open; give focus back to what had it (the toolbar button) on close.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => before?.focus();
  }, []);

  const submit = async (): Promise<void> => {
    const path = value.trim();
    if (path === '') {
      setError(props.requiredMessage);
      return;
    }
    setBusy(true);
    const problem = await onSubmit(path);
    setBusy(false);
    if (problem === null) onClose();
    else {
      setError(problem);
      inputRef.current?.select();
    }
  };

  return (
    <div
      className="history-dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className="history-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={props.testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h3 id={titleId}>{props.title}</h3>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void submit();
          }}
        >
          <label className="history-dialog-field">
            <span>{props.label}</span>
            <input
              ref={inputRef}
              type="text"
              spellCheck={false}
              value={value}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? `${errorId} ${hintId}` : hintId}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
              data-testid={`${props.testId}-input`}
            />
          </label>
          {error !== null ? (
            <p id={errorId} className="history-warn" role="alert" data-testid={`${props.testId}-error`}>
              {error}
            </p>
          ) : null}
          <p id={hintId} className="history-soft">
            {props.hint}
          </p>
          <div className="history-actions">
            <button type="submit" disabled={busy} data-testid={`${props.testId}-open`}>
              {busy ? props.busyLabel : props.submitLabel}
            </button>
            <button type="button" onClick={onClose}>
              {props.cancelLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

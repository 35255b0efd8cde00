/**
 * The search field the Timeline and the Context tab both draw: `/` focuses it from anywhere
 * outside a text field, Escape empties it, and the panel decides what its other keys do (the
 * Timeline moves into its rows, the Context tab steps through matches).
 */
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useSlashFocus } from './use-slash-focus';
import './search-box.css';

/** Props of the search field. */
export interface SearchBoxProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Its placeholder and accessible name, in the user's language. */
  readonly label: string;
  /** The panel's own class, for its width. */
  readonly className: string;
  readonly testId: string;
  /** Keys other than Escape (which empties the field). */
  readonly onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/** The search field. */
export function SearchBox({ value, onChange, label, className, testId, onKeyDown }: SearchBoxProps) {
  const ref = useRef<HTMLInputElement | null>(null);
  useSlashFocus(ref);
  return (
    <input
      ref={ref}
      type="search"
      className={`search-box ${className}`}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onChange('');
        else onKeyDown?.(e);
      }}
      data-testid={testId}
    />
  );
}

/**
 * Back from a result to the snapshot it came from. It takes the focus when it appears: the
 * button that was clicked (Replay) is gone with the detail, and the keyboard must not be left
 * on nothing; Enter goes back, and so does Escape anywhere in the result.
 */
import { useEffect, useRef } from 'react';

export function BackButton(props: {
  readonly label: string;
  readonly onBack: () => void;
}): React.JSX.Element {
  const ref = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      className="history-back"
      onClick={props.onBack}
      data-testid="history-back"
    >
      ← {props.label}
    </button>
  );
}

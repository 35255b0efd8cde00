/**
 * A context's size as the app states it everywhere (format/context-size.ts): the Context tab's
 * toolbar and the status bar draw this one component, so they cannot disagree.
 */
import { useMemo } from 'react';
import { sizeText, textSize } from '../format/context-size';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';

/** `<ContextSize text={context} />` → `26.4 KB · 12,888 characters · ≈ 3,222 tokens (est.)`. */
export function ContextSize({
  text,
  testId,
  className,
}: {
  readonly text: string;
  readonly testId?: string;
  readonly className?: string;
}): React.JSX.Element {
  const t = useT();
  const language = useApp((s) => s.language);
  const shown = useMemo(() => sizeText(textSize(text), t, language), [text, t, language]);
  return (
    <span className={className} data-testid={testId} title={shown.title}>
      {shown.text}
    </span>
  );
}

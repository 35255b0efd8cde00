/**
 * "Copy link": copies the address of a view (a section, a snapshot) so another
 * operator, or a bug report, opens exactly that. The address is the page's own, its query
 * dropped (where `serve`'s token arrives) and the link's hash (store/view-link.ts). Where the
 * page has no clipboard the link is shown as text to copy by hand.
 */
import { useState } from 'react';
import type { ViewLink } from '../store/view-link';
import { linkUrl } from '../store/view-link';

/** Props of the button. */
export interface CopyLinkButtonProps {
  readonly link: ViewLink;
  readonly label: string;
  readonly copiedLabel: string;
  /** The text when copying failed; `{url}` is filled in. */
  readonly failedLabel: string;
  readonly testId?: string;
  /** A name for assistive tech when `label` alone is ambiguous (several on one screen). */
  readonly ariaLabel?: string;
}

/** The button. */
export function CopyLinkButton({
  link,
  label,
  copiedLabel,
  failedLabel,
  testId,
  ariaLabel,
}: CopyLinkButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = linkUrl(window.location.href, link);
  const copy = (): void => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      setState('failed');
      return;
    }
    clipboard.writeText(url).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="copy-link">
      <button
        type="button"
        onClick={copy}
        data-testid={testId}
        data-link={url}
        {...(ariaLabel !== undefined ? { 'aria-label': ariaLabel } : {})}
      >
        {label}
      </button>
      {state !== 'idle' && (
        <span className="muted" role="status">
          {state === 'copied' ? copiedLabel : failedLabel.replace('{url}', () => url)}
        </span>
      )}
    </span>
  );
}

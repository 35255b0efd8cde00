/**
 * What the UI shows in place of a text too large to send: its size, and for a file
 * of the workspace the existing "open in editor" action (serve mode answers with a URL instead).
 */
import { useState } from 'react';
import type { TooLarge } from '../../../shared/api/answer-caps';
import type { OpenInEditorResult } from '../../../shared/api/open-in-editor';
import { useT } from '../i18n/use-t';
import type { Translate } from '../i18n/translate';
import { useApp } from '../store/store-context';
import { useApi } from '../store/use-api';
import { isWorkspaceFile, tooLargeText } from './too-large-text';

/** Props of the presentational note (tested without a store). */
export interface TooLargeNoteViewProps {
  readonly marker: TooLarge;
  readonly t: Translate;
  /** Offer "open in editor" (a file of the workspace). */
  readonly canOpen: boolean;
  readonly onOpen: () => void;
  /** What the open did: its result, or an error message. */
  readonly opened: OpenInEditorResult | string | null;
}

/** The note itself. */
export function TooLargeNoteView({
  marker,
  t,
  canOpen,
  onOpen,
  opened,
}: TooLargeNoteViewProps): React.JSX.Element {
  return (
    <p className="too-large-note" data-testid="too-large" data-bytes={marker.bytes}>
      <span>{tooLargeText(t, marker)}</span>
      {canOpen ? (
        <>
          {' '}
          <button type="button" onClick={onOpen} data-testid="too-large-open">
            {t('tooLarge.open')}
          </button>
        </>
      ) : null}
      {opened !== null ? (
        <span className="muted" data-testid="too-large-opened">
          {' '}
          {typeof opened === 'string' ? (
            opened
          ) : opened.opened ? (
            t('tooLarge.opened', { path: opened.path })
          ) : opened.revealed ? (
            t('tooLarge.revealed', { path: opened.path })
          ) : (
            <>
              {/* As text: a link built from workspace data would go where the workspace says. */}
              {t('tooLarge.openUrl')} <code>{opened.url}</code>
            </>
          )}
        </span>
      ) : null}
    </p>
  );
}

/** The note, with the store's language and workspace and the API's `openInEditor`. */
export function TooLargeNote({ marker }: { readonly marker: TooLarge }): React.JSX.Element {
  const t = useT();
  const api = useApi();
  const workspace = useApp((s) => s.workspace);
  const [opened, setOpened] = useState<OpenInEditorResult | string | null>(null);
  const path = marker.path;
  const canOpen = path !== null && isWorkspaceFile(path, workspace);
  const onOpen = (): void => {
    if (path === null) return;
    void api.openInEditor({ path }).then((r) => setOpened(r.ok ? r.value : r.error.message));
  };
  return <TooLargeNoteView marker={marker} t={t} canOpen={canOpen} onOpen={onOpen} opened={opened} />;
}

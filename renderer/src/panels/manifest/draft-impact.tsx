/**
 * The render with the draft beside the render without it: sections that change status or
 * bytes, the context size, the offset from which the prompt-cache prefix would change, and
 * the context diff, in the Manifest tab.
 */
import { useMemo, useState } from 'react';
import type { RenderReport } from '../../../../shared/engine';
import { compareRenders } from '../../../../shared/override/draft-compare';
import { MonacoDiff } from '../../components/monaco/monaco-diff';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

/** Props of the comparison. */
export interface DraftImpactProps {
  readonly saved: RenderReport;
  readonly draft: RenderReport;
  readonly dark: boolean;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

const signed = (n: number): string => (n > 0 ? `+${formatBytes(n)}` : formatBytes(n));

/** The comparison. */
export function DraftImpact({ saved, draft, dark, t }: DraftImpactProps) {
  const c = useMemo(() => compareRenders(saved, draft), [saved, draft]);
  const [showDiff, setShowDiff] = useState(false);
  const status = (s: string | null): string => t(`status.${s ?? 'absent'}` as ManifestMessageKey);
  return (
    <section className="draft-impact" data-testid="draft-impact" aria-label={t('impact.title')}>
      <h3>{t('impact.title')}</h3>
      {c.prefixOffset === null && c.changes.length === 0 ? (
        <p data-testid="impact-none">{t('impact.none')}</p>
      ) : null}
      <p data-testid="impact-bytes">
        {t('impact.context', {
          before: formatBytes(c.contextBytesBefore),
          after: formatBytes(c.contextBytesAfter),
          delta: signed(c.contextBytesAfter - c.contextBytesBefore),
        })}{' '}
        ·{' '}
        {t('impact.loaded', {
          before: formatBytes(c.loadedBytesBefore),
          after: formatBytes(c.loadedBytesAfter),
        })}
      </p>
      <p data-testid="impact-prefix">
        {c.prefixOffset === null
          ? t('impact.prefixSame')
          : t('impact.prefix', {
              bytes: c.prefixBytes,
              offset: c.prefixOffset,
              section: c.prefixSection === null ? '' : t('impact.prefixSection', { id: c.prefixSection }),
            })}
      </p>
      {c.changes.length > 0 ? (
        <table className="impact-changes">
          <thead>
            <tr>
              <th>{t('impact.col.section')}</th>
              <th>{t('impact.col.status')}</th>
              <th>{t('impact.col.bytes')}</th>
              <th>{t('impact.col.order')}</th>
            </tr>
          </thead>
          <tbody>
            {c.changes.map((ch) => (
              <tr
                key={ch.id}
                data-testid={`impact-${ch.id}`}
                data-before={ch.before ?? 'absent'}
                data-after={ch.after ?? 'absent'}
              >
                <td>{ch.id}</td>
                <td>
                  {status(ch.before)} → {status(ch.after)}
                </td>
                <td>
                  {formatBytes(ch.bytesBefore)} → {formatBytes(ch.bytesAfter)}
                </td>
                <td>
                  {ch.orderBefore === ch.orderAfter
                    ? (ch.orderAfter ?? '—')
                    : `${ch.orderBefore ?? '—'} → ${ch.orderAfter ?? '—'}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {c.prefixOffset !== null ? (
        <button type="button" data-testid="impact-diff-toggle" onClick={() => setShowDiff(!showDiff)}>
          {showDiff ? t('action.hideContextDiff') : t('action.showContextDiff')}
        </button>
      ) : null}
      {showDiff ? (
        <MonacoDiff
          original={saved.context}
          modified={draft.context}
          language="plaintext"
          dark={dark}
          height={360}
          testId="impact-diff"
          labels={{ original: t('impact.diffSaved'), modified: t('impact.diffDraft') }}
        />
      ) : null}
    </section>
  );
}

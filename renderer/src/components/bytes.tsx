/**
 * A byte count as the app shows it everywhere: `25.2 KB`, the exact `25,841 bytes` in its
 * tooltip (and to assistive tech through the title).
 */
import { exactByteCount, formatBytes } from '../format/bytes';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';

/** The tooltip text of a byte count in the UI language (`25,841 bytes` / `25,841 字节`). */
export function useExactBytes(): (n: number) => string {
  const t = useT();
  const language = useApp((s) => s.language);
  return (n: number) => t('bytes.exact', { n: exactByteCount(n, language) });
}

/** `<Bytes n={25841} />` → `25.2 KB` with the exact count on hover. */
export function Bytes({ n, testId }: { readonly n: number; readonly testId?: string }): React.JSX.Element {
  const exact = useExactBytes();
  return (
    <span className="bytes" title={exact(n)} data-testid={testId}>
      {formatBytes(n)}
    </span>
  );
}

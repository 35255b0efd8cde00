/**
 * Placeholder of a panel whose issue has not landed yet.
 */
import type { PanelId } from '../../../shared/api';
import { useT } from '../i18n/use-t';

/** A "coming" note naming the panel. */
export function ComingPanel({ panel }: { readonly panel: PanelId }) {
  const t = useT();
  return (
    <section className="coming-panel" data-testid={`coming-${panel}`}>
      <h2>{t('coming.title', { panel: t(`tab.${panel}`) })}</h2>
      <p>{t('coming.body')}</p>
    </section>
  );
}

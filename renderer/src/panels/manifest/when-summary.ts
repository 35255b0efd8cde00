/**
 * A `when` in words for the table ("peerRole in [owner, admin]").
 */
import type { Json } from '../../../../shared/engine';
import type { WhenScalar } from '../../../../shared/override/when-form';
import { formToWhen, showScalar, whenToForm } from '../../../../shared/override/when-form';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

const list = (values: readonly WhenScalar[]): string => values.map(showScalar).join(', ');

/** The condition as a short phrase. */
export function whenSummary(t: PanelTranslate<ManifestMessageKey>, when: Json | undefined): string {
  const form = whenToForm(when);
  switch (form.kind) {
    case 'always':
      return t('when.summary.always');
    case 'eq':
    case 'neq':
      return t(`when.summary.${form.kind}`, { var: form.var, value: showScalar(form.value) });
    case 'in':
    case 'nin':
      return t(`when.summary.${form.kind}`, { var: form.var, values: list(form.values) });
    case 'any':
    case 'all':
      return t(`when.summary.${form.kind}`, { vars: form.vars.join(', ') });
    case 'and':
    case 'or': {
      if (form.clauses.length === 0)
        return t(form.kind === 'and' ? 'when.summary.emptyAnd' : 'when.summary.emptyOr');
      // Nested and / or in parentheses, so "a and (b or c)" reads as written.
      return form.clauses
        .map((c) => {
          const text = whenSummary(t, formToWhen(c));
          return c.kind === 'and' || c.kind === 'or' ? `(${text})` : text;
        })
        .join(t(`when.summary.${form.kind}`));
    }
    case 'custom':
      return form.raw === undefined ? '—' : t('when.summary.custom', { json: JSON.stringify(form.raw) });
  }
}

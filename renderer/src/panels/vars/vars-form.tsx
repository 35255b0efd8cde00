/**
 * The form view: the catalog's vars grouped as the reference groups them, each with its
 * control and effect; the derived path vars; unknown vars with their suggestion.
 */
import { memo, useMemo } from 'react';
import type { SectionReport } from '../../../../shared/engine';
import { VAR_CATALOG, VAR_GROUPS } from '../../../../shared/vars/catalog';
import { findUnknownVars } from '../../../../shared/vars/suggest';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { FieldState } from './field-model';
import type { VarsMessageKey } from './messages';
import { PathVarsTable } from './path-vars-table';
import { VarField } from './var-field';
import { varEffects } from './var-effects';
import type { VarEffect } from './var-effects';

/** Props of the form. */
export interface VarsFormProps {
  readonly vars: Readonly<Record<string, unknown>>;
  readonly sections: readonly SectionReport[];
  readonly pathVars: Readonly<Record<string, string>>;
  readonly language: 'en' | 'zh-CN';
  readonly t: PanelTranslate<VarsMessageKey>;
  readonly onVars: (vars: Record<string, unknown>) => void;
  /** One field changed (stable across renders, so unchanged fields skip re-rendering). */
  readonly onField: (name: string, next: FieldState) => void;
}

const NO_EFFECTS: readonly VarEffect[] = [];

/** Renames a key in place (the "did you mean" fix), keeping the key order. */
function renameKey(
  vars: Readonly<Record<string, unknown>>,
  from: string,
  to: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) out[k === from ? to : k] = v;
  return out;
}

/** The form view (see `VarsForm`). */
function VarsFormView({ vars, sections, pathVars, language, t, onVars, onField }: VarsFormProps) {
  const effects = useMemo(() => varEffects(sections), [sections]);
  const unknown = useMemo(() => findUnknownVars(vars), [vars]);
  return (
    <div className="vars-form" data-testid="vars-form">
      {unknown.length > 0 && (
        <section className="vars-unknown" data-testid="unknown-vars" aria-label={t('unknown.title')}>
          <h3>{t('unknown.title')}</h3>
          <ul>
            {unknown.map((u) => (
              <li key={u.name} data-var={u.name}>
                <span>{t('unknown.item', { name: u.name })}</span>
                {u.suggestion !== null && (
                  <>
                    {' — '}
                    <span className="suggestion">
                      {t('unknown.suggest', { suggestion: u.suggestion })}
                    </span>{' '}
                    {!(u.suggestion in vars) && (
                      <button
                        type="button"
                        onClick={() => onVars(renameKey(vars, u.name, u.suggestion as string))}
                      >
                        {t('unknown.rename', { suggestion: u.suggestion })}
                      </button>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {VAR_GROUPS.map((group) => {
        const specs = VAR_CATALOG.filter(
          (v) => v.group === group && (v.pathSource === null || v.pathSource === 'vars'),
        );
        return (
          <fieldset key={group} className="vars-group" data-group={group}>
            <legend>{t(`group.${group}`)}</legend>
            {specs.map((spec) => (
              <VarField
                key={spec.name}
                spec={spec}
                present={
                  Object.prototype.hasOwnProperty.call(vars, spec.name) && vars[spec.name] !== undefined
                }
                value={vars[spec.name]}
                effects={effects.get(spec.name) ?? NO_EFFECTS}
                language={language}
                t={t}
                onChange={onField}
              />
            ))}
            {group === 'paths' && <PathVarsTable vars={vars} pathVars={pathVars} t={t} onVars={onVars} />}
          </fieldset>
        );
      })}
    </div>
  );
}

/** The form view; re-renders only when its vars, the render or the language change. */
export const VarsForm = memo(VarsFormView);

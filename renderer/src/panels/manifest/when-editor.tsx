/**
 * The `when` editor: a dropdown of condition kinds, the var from the vars catalog, and the
 * value(s), each change a draft edit (reference "when 条件求值").
 */
import { useId } from 'react';
import type { Json } from '../../../../shared/engine/types';
import type { WhenForm, WhenFormKind } from '../../../../shared/override/when-form';
import {
  WHEN_FORM_KINDS,
  changeWhenKind,
  formToWhen,
  parseListInput,
  parseScalarInput,
  showScalar,
  whenToForm,
} from '../../../../shared/override/when-form';
import { VAR_CATALOG, getVarSpec } from '../../../../shared/vars/catalog';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

/** Props of the editor. */
export interface WhenEditorProps {
  readonly when: Json | undefined;
  readonly onChange: (when: Json | undefined) => void;
  readonly t: PanelTranslate<ManifestMessageKey>;
  readonly disabled?: boolean;
  readonly testId?: string;
}

/** Vars a condition can read: the catalog's, path vars last. */
const VAR_NAMES = [...VAR_CATALOG.filter((v) => !v.pathVar), ...VAR_CATALOG.filter((v) => v.pathVar)].map(
  (v) => v.name,
);

/** The editor. */
export function WhenEditor({ when, onChange, t, disabled, testId }: WhenEditorProps) {
  const form = whenToForm(when);
  const ids = useId();
  const set = (next: WhenForm): void => onChange(formToWhen(next));
  const varName = 'var' in form ? form.var : null;
  const spec = varName === null ? undefined : getVarSpec(varName);
  const valuesList = `${ids}-values`;
  return (
    <div className="when-editor" data-testid={testId}>
      <label className="field">
        <span>{t('add.when')}</span>
        <select
          value={form.kind}
          disabled={disabled}
          data-testid={testId === undefined ? undefined : `${testId}-kind`}
          onChange={(e) => {
            const kind = e.target.value as WhenFormKind | 'custom';
            if (kind !== 'custom') set(changeWhenKind(form, kind, 'chatType'));
          }}
        >
          {WHEN_FORM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`when.${k}`)}
            </option>
          ))}
          {form.kind === 'custom' ? <option value="custom">{t('when.custom')}</option> : null}
        </select>
      </label>
      {varName !== null ? (
        <label className="field">
          <span>{t('when.var')}</span>
          <select
            value={varName}
            disabled={disabled}
            data-testid={testId === undefined ? undefined : `${testId}-var`}
            onChange={(e) => set({ ...form, var: e.target.value } as WhenForm)}
          >
            {(VAR_NAMES.includes(varName) ? VAR_NAMES : [varName, ...VAR_NAMES]).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {form.kind === 'eq' || form.kind === 'neq' ? (
        <label className="field">
          <span>
            {t('when.value')} <em className="hint">{t('when.nullHint')}</em>
          </span>
          <input
            list={valuesList}
            disabled={disabled}
            defaultValue={showScalar(form.value)}
            key={`${form.var}:${showScalar(form.value)}`}
            data-testid={testId === undefined ? undefined : `${testId}-value`}
            onBlur={(e) => set({ ...form, value: parseScalarInput(e.target.value, spec?.type) })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        </label>
      ) : null}
      {form.kind === 'in' || form.kind === 'nin' ? (
        <label className="field">
          <span>{t('when.values')}</span>
          <input
            disabled={disabled}
            defaultValue={form.values.map(showScalar).join(', ')}
            key={`${form.var}:${JSON.stringify(form.values)}`}
            data-testid={testId === undefined ? undefined : `${testId}-values`}
            placeholder={spec?.allowed?.values.join(', ') ?? ''}
            onBlur={(e) => set({ ...form, values: parseListInput(e.target.value, spec?.type) })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        </label>
      ) : null}
      {form.kind === 'any' || form.kind === 'all' ? (
        <label className="field">
          <span>{t('when.vars')}</span>
          <input
            disabled={disabled}
            defaultValue={form.vars.join(', ')}
            key={JSON.stringify(form.vars)}
            data-testid={testId === undefined ? undefined : `${testId}-vars`}
            onBlur={(e) =>
              set({
                ...form,
                vars: e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter((s) => s !== ''),
              })
            }
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        </label>
      ) : null}
      {form.kind === 'custom' ? <code className="when-custom">{JSON.stringify(form.raw)}</code> : null}
      <datalist id={valuesList}>
        {(spec?.allowed?.values ?? []).map((v) => (
          <option key={v} value={v} />
        ))}
        <option value="null" />
      </datalist>
    </div>
  );
}

/**
 * The `when` editor: a dropdown of condition kinds, the var from the vars catalog, and the
 * value(s), each change a draft edit (reference "when 条件求值"). `and` / `or` show their
 * clauses as a list, each clause an editor of its own (nested to any depth), with buttons to
 * add, remove, reorder and nest clauses, so a compound condition is never raw JSON.
 */
import { useId } from 'react';
import type { Json } from '../../../../shared/engine';
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
import {
  addClause,
  moveClause,
  nestClause,
  removeClause,
  replaceAt,
} from '../../../../shared/override/when-tree';
import { VAR_CATALOG, getVarSpec } from '../../../../shared/vars/catalog';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ManifestMessageKey } from './messages';

type T = PanelTranslate<ManifestMessageKey>;

/** Props of the editor. */
export interface WhenEditorProps {
  readonly when: Json | undefined;
  readonly onChange: (when: Json | undefined) => void;
  readonly t: T;
  readonly disabled?: boolean;
  readonly testId?: string;
}

/** Vars a condition can read: the catalog's, path vars last. */
const VAR_NAMES = [...VAR_CATALOG.filter((v) => !v.pathVar), ...VAR_CATALOG.filter((v) => v.pathVar)].map(
  (v) => v.name,
);

/** The var a new clause starts with. */
const FALLBACK_VAR = 'chatType';

/** The editor. */
export function WhenEditor({ when, onChange, t, disabled, testId }: WhenEditorProps) {
  return (
    <NodeEditor
      form={whenToForm(when)}
      onForm={(next) => onChange(formToWhen(next))}
      t={t}
      disabled={disabled === true}
      testId={testId}
      depth={0}
    />
  );
}

interface NodeProps {
  readonly form: WhenForm;
  readonly onForm: (next: WhenForm) => void;
  readonly t: T;
  readonly disabled: boolean;
  readonly testId: string | undefined;
  readonly depth: number;
}

const sub = (testId: string | undefined, suffix: string): string | undefined =>
  testId === undefined ? undefined : `${testId}-${suffix}`;

/** One condition: its kind, then its operands (a leaf) or its clauses (and / or). */
function NodeEditor({ form, onForm, t, disabled, testId, depth }: NodeProps) {
  const ids = useId();
  const varName = 'var' in form ? form.var : null;
  const spec = varName === null ? undefined : getVarSpec(varName);
  const valuesList = `${ids}-values`;
  return (
    <div className={`when-editor${depth > 0 ? ' when-clause-editor' : ''}`} data-testid={testId}>
      <label className="field">
        <span>{depth === 0 ? t('add.when') : t('when.kind')}</span>
        <select
          value={form.kind}
          disabled={disabled}
          data-testid={sub(testId, 'kind')}
          onChange={(e) => {
            const kind = e.target.value as WhenFormKind | 'custom';
            if (kind !== 'custom') onForm(changeWhenKind(form, kind, FALLBACK_VAR));
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
            data-testid={sub(testId, 'var')}
            onChange={(e) => onForm({ ...form, var: e.target.value } as WhenForm)}
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
            data-testid={sub(testId, 'value')}
            onBlur={(e) => onForm({ ...form, value: parseScalarInput(e.target.value, spec?.type) })}
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
            data-testid={sub(testId, 'values')}
            placeholder={spec?.allowed?.values.join(', ') ?? ''}
            onBlur={(e) => onForm({ ...form, values: parseListInput(e.target.value, spec?.type) })}
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
            data-testid={sub(testId, 'vars')}
            onBlur={(e) =>
              onForm({
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
      {form.kind === 'and' || form.kind === 'or' ? (
        <Clauses form={form} onForm={onForm} t={t} disabled={disabled} testId={testId} depth={depth} />
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

type Compound = Extract<WhenForm, { kind: 'and' | 'or' }>;

/** The clauses of an and / or, each with its own editor and the buttons that move it. */
function Clauses({
  form,
  onForm,
  t,
  disabled,
  testId,
  depth,
}: Omit<NodeProps, 'form'> & { readonly form: Compound }) {
  const n = form.clauses.length;
  return (
    <div className="when-clauses" role="group" aria-label={t(`when.${form.kind}`)}>
      {n === 0 ? <p className="hint">{t(form.kind === 'and' ? 'when.emptyAnd' : 'when.emptyOr')}</p> : null}
      <ol className="when-clause-list">
        {form.clauses.map((clause, i) => {
          const id = sub(testId, `c${i}`);
          const label = t('when.clause', { n: i + 1 });
          return (
            <li key={i} className="when-clause">
              {i > 0 ? (
                <span className="when-joiner">{t(form.kind === 'and' ? 'when.joinAnd' : 'when.joinOr')}</span>
              ) : null}
              <NodeEditor
                form={clause}
                onForm={(next) => onForm(replaceAt(form, [i], next))}
                t={t}
                disabled={disabled}
                testId={id}
                depth={depth + 1}
              />
              <span className="when-clause-actions">
                <button
                  type="button"
                  disabled={disabled || i === 0}
                  aria-label={`${label}: ${t('when.moveUp')}`}
                  title={t('when.moveUp')}
                  data-testid={sub(id, 'up')}
                  onClick={() => onForm(moveClause(form, [i], -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={disabled || i === n - 1}
                  aria-label={`${label}: ${t('when.moveDown')}`}
                  title={t('when.moveDown')}
                  data-testid={sub(id, 'down')}
                  onClick={() => onForm(moveClause(form, [i], 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  disabled={disabled}
                  data-testid={sub(id, 'nest')}
                  aria-label={`${label}: ${t(form.kind === 'and' ? 'when.nestOr' : 'when.nestAnd')}`}
                  onClick={() => onForm(nestClause(form, [i], form.kind === 'and' ? 'or' : 'and'))}
                >
                  {t(form.kind === 'and' ? 'when.nestOr' : 'when.nestAnd')}
                </button>
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={`${label}: ${t('when.removeClause')}`}
                  data-testid={sub(id, 'remove')}
                  onClick={() => onForm(removeClause(form, [i]))}
                >
                  {t('when.removeClause')}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        disabled={disabled}
        data-testid={sub(testId, 'add')}
        onClick={() => onForm(addClause(form, [], { kind: 'neq', var: FALLBACK_VAR, value: null }))}
      >
        {t('when.addClause')}
      </button>
    </div>
  );
}

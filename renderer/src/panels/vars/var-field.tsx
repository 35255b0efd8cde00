/**
 * One var of the form: its state (unset / null / value), the control its type calls for, its
 * description, what is wrong with it, and which sections read it.
 */
import { bilingualText } from '../../i18n/bilingual-text';
import { memo, useState } from 'react';
import type { VarSpec } from '../../../../shared/vars/catalog';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { FieldState } from './field-model';
import { controlOf, jsonInputText, mismatch, parseJsonInput, parseNumberInput } from './field-model';
import type { VarsMessageKey } from './messages';
import type { VarEffect } from './var-effects';
import { sameEffects } from './var-effects';

/** Props of one field. */
export interface VarFieldProps {
  readonly spec: VarSpec;
  /** The field's value: `undefined` = unset (the form never stores undefined). */
  readonly present: boolean;
  readonly value: unknown;
  readonly effects: readonly VarEffect[];
  readonly language: 'en' | 'zh-CN';
  readonly t: PanelTranslate<VarsMessageKey>;
  readonly onChange: (name: string, next: FieldState) => void;
}

/** The value a field starts with when switched from unset/null to "value". */
function defaultValue(spec: VarSpec): unknown {
  if (spec.example !== undefined) return spec.example;
  switch (spec.type) {
    case 'boolean':
      return true;
    case 'number':
      return 0;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return spec.allowed?.values[0] ?? '';
  }
}

/** One field of the vars form (see `VarField`). */
function VarFieldView({ spec, present, value, effects, language, t, onChange }: VarFieldProps) {
  const state: FieldState = !present
    ? { kind: 'unset' }
    : value === null
      ? { kind: 'null' }
      : { kind: 'value', value };
  const control = controlOf(spec);
  const wrong = state.kind === 'value' && mismatch(spec, state.value);
  const set = (next: FieldState): void => onChange(spec.name, next);
  const description = bilingualText(spec.description, language);
  return (
    <div
      className={`var-field${state.kind === 'unset' ? ' is-unset' : ''}${wrong ? ' is-wrong' : ''}`}
      data-testid={`var-field-${spec.name}`}
      data-state={state.kind}
    >
      <div className="var-head">
        <label className="var-name" htmlFor={`var-input-${spec.name}`} title={description}>
          {spec.name}
        </label>
        <span className="var-type">{spec.nullable ? `${spec.type} | null` : spec.type}</span>
        <select
          className="var-state"
          aria-label={`${spec.name}: ${t('state.hint')}`}
          title={t('state.hint')}
          value={state.kind}
          data-testid={`var-state-${spec.name}`}
          onChange={(e) => {
            const kind = e.target.value as FieldState['kind'];
            if (kind === 'value') set({ kind: 'value', value: defaultValue(spec) });
            else set({ kind });
          }}
        >
          <option value="unset">{t('state.unset')}</option>
          {(spec.nullable || state.kind === 'null') && <option value="null">{t('state.null')}</option>}
          <option value="value">{t('state.value')}</option>
        </select>
      </div>
      {state.kind === 'value' && (
        <ValueControl
          spec={spec}
          control={control}
          value={state.value}
          t={t}
          onValue={(value) => set({ kind: 'value', value })}
        />
      )}
      <p className="var-description">{description}</p>
      {wrong && (
        <p className="var-error" role="alert">
          {control === 'select' && typeof state.value === 'string'
            ? t('field.notInSet', { value: JSON.stringify(state.value) })
            : t('field.invalid', { what: spec.type })}
        </p>
      )}
      <Effects effects={effects} t={t} name={spec.name} />
    </div>
  );
}

/**
 * One field of the vars form. Memoised: a keystroke in one field re-renders that field only,
 * and a new render re-renders only the fields whose effects changed.
 */
export const VarField = memo(
  VarFieldView,
  (a, b) =>
    a.spec === b.spec &&
    a.present === b.present &&
    Object.is(a.value, b.value) &&
    a.language === b.language &&
    a.t === b.t &&
    a.onChange === b.onChange &&
    sameEffects(a.effects, b.effects),
);

function Effects({
  effects,
  t,
  name,
}: {
  effects: readonly VarEffect[];
  t: PanelTranslate<VarsMessageKey>;
  name: string;
}) {
  if (effects.length === 0) return <p className="var-effects none">{t('effects.none')}</p>;
  return (
    <ul className="var-effects" data-testid={`var-effects-${name}`} aria-label={t('effects.title')}>
      {effects.map((e) => (
        <li
          key={e.section}
          className={`effect status-${e.status}`}
          data-section={e.section}
          data-status={e.status}
        >
          <span className="effect-section">{e.section}</span>
          <span className="effect-kinds">{e.kinds.map((k) => t(`effect.${k}`)).join(' · ')}</span>
          <span className="effect-status">{e.status}</span>
        </li>
      ))}
    </ul>
  );
}

interface ValueControlProps {
  readonly spec: VarSpec;
  readonly control: ReturnType<typeof controlOf>;
  readonly value: unknown;
  readonly t: PanelTranslate<VarsMessageKey>;
  readonly onValue: (value: unknown) => void;
}

function ValueControl({ spec, control, value, t, onValue }: ValueControlProps) {
  const id = `var-input-${spec.name}`;
  switch (control) {
    case 'toggle':
      return (
        <label className="var-toggle">
          <input
            id={id}
            data-testid={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onValue(e.target.checked)}
          />
          <span>{value === true ? t('toggle.true') : t('toggle.false')}</span>
        </label>
      );
    case 'select': {
      const values = spec.allowed?.values ?? [];
      const current = typeof value === 'string' ? value : '';
      return (
        <select id={id} data-testid={id} value={current} onChange={(e) => onValue(e.target.value)}>
          {!values.includes(current) && <option value={current}>{JSON.stringify(value)}</option>}
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      );
    }
    case 'combo':
    case 'text':
      return (
        <>
          <input
            id={id}
            data-testid={id}
            type="text"
            value={typeof value === 'string' ? value : JSON.stringify(value)}
            placeholder={t('field.emptyString')}
            list={control === 'combo' ? `${id}-values` : undefined}
            spellCheck={false}
            onChange={(e) => onValue(e.target.value)}
          />
          {control === 'combo' && (
            <datalist id={`${id}-values`}>
              {(spec.allowed?.values ?? []).map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          )}
        </>
      );
    case 'number':
      return (
        <DraftInput
          id={id}
          value={value}
          format={(v) => (typeof v === 'number' ? String(v) : JSON.stringify(v))}
          parse={parseNumberInput}
          onValue={onValue}
          t={t}
        />
      );
    case 'json':
      return (
        <DraftInput
          id={id}
          multiline
          value={value}
          format={jsonInputText}
          parse={(text) => parseJsonInput(text, spec.type === 'array' ? 'array' : 'object')}
          onValue={onValue}
          t={t}
        />
      );
  }
}

interface DraftInputProps {
  readonly id: string;
  readonly value: unknown;
  readonly multiline?: boolean;
  readonly format: (value: unknown) => string;
  readonly parse: (text: string) => { ok: true; value: unknown } | { ok: false; error: string };
  readonly onValue: (value: unknown) => void;
  readonly t: PanelTranslate<VarsMessageKey>;
}

/**
 * An input whose text is kept as typed while it does not parse (never lose what was typed), and
 * applied as soon as it does. A change from outside replaces the text only when it means
 * something else than what is typed.
 */
function DraftInput({ id, value, multiline, format, parse, onValue, t }: DraftInputProps) {
  const [draft, setDraft] = useState(() => format(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Adjusting state to a new prop during render (React's documented pattern, no effect).
    setSeen(value);
    const current = parse(draft);
    if (!current.ok || JSON.stringify(current.value) !== JSON.stringify(value)) setDraft(format(value));
  }
  const parsed = parse(draft);
  const change = (text: string): void => {
    setDraft(text);
    const next = parse(text);
    if (next.ok) onValue(next.value);
  };
  return (
    <>
      {multiline ? (
        <textarea
          id={id}
          data-testid={id}
          value={draft}
          rows={Math.min(10, draft.split('\n').length)}
          spellCheck={false}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <input
          id={id}
          data-testid={id}
          type="text"
          inputMode="decimal"
          value={draft}
          onChange={(e) => change(e.target.value)}
        />
      )}
      {!parsed.ok && <p className="var-error">{t('field.typed', { error: parsed.error })}</p>}
    </>
  );
}

/**
 * The options of the open project: user home, managed folder, target file, the setting
 * sources and the external-include approval. Every change re-assembles on the main side.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ClaudeProjectOptions } from '../../../../shared/api/methods/claude-project';
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { ClaudeMdKey } from './messages';
import { ClaudeTargetPicker } from './claude-target-picker';
import type { ClaudeOptionsPatch } from '../../store/claude-project-slice';
import { useApp } from '../../store/store-context';
import { tildePath } from '../../format/paths';

/**
 * A text option applied with Enter (or on leaving the field); Escape restores it. What was typed
 * stays in the field until the main side accepts it: a bad path is corrected, not retyped.
 */
function OptionField(props: {
  readonly label: string;
  readonly title: string;
  readonly value: string;
  readonly allowEmpty: boolean;
  readonly onApply: (value: string) => Promise<boolean>;
  readonly testId: string;
  readonly children?: ReactNode;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const apply = async (): Promise<void> => {
    if (draft === null) return;
    const value = draft.trim();
    if (value === props.value || (!props.allowEmpty && value === '')) {
      setDraft(null);
      setFailed(false);
      return;
    }
    const ok = await props.onApply(value);
    setFailed(!ok);
    // Accepted: the field shows the option as the main side resolved it. Refused: the text stays.
    if (ok) setDraft((d) => (d === draft ? null : d));
  };
  return (
    <span className="claude-option">
      <label className="field path-field" title={props.title}>
        <span>{props.label}</span>
        <input
          type="text"
          spellCheck={false}
          value={draft ?? props.value}
          aria-invalid={failed}
          data-testid={props.testId}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void apply()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setDraft(null);
              setFailed(false);
            }
            if (e.key === 'Enter') void apply();
          }}
        />
      </label>
      {props.children}
    </span>
  );
}

/** Props of the options bar. */
export interface ClaudeOptionsBarProps {
  readonly options: ClaudeProjectOptions;
  readonly t: PanelTranslate<ClaudeMdKey>;
  readonly onChange: (patch: ClaudeOptionsPatch) => Promise<boolean>;
}

/** The options bar. */
export function ClaudeOptionsBar({ options, t, onChange }: ClaudeOptionsBarProps) {
  // Folders inside the user's own show as `~/…` (the main side reads a typed `~` the same way).
  const userHome = useApp((s) => s.workspace?.userHome ?? '');
  const [picking, setPicking] = useState(false);
  const sources = options.settingSources;
  const toggle = (key: 'user' | 'project' | 'local', label: string) => (
    <label className="claude-check">
      <input
        type="checkbox"
        checked={sources[key]}
        onChange={(e) => void onChange({ settingSources: { [key]: e.target.checked } })}
        data-testid={`claude-source-${key}`}
      />
      {label}
    </label>
  );
  return (
    <div className="claude-options" data-testid="claude-options">
      <OptionField
        label={t('opt.home')}
        title={t('opt.apply')}
        value={tildePath(options.home, userHome)}
        allowEmpty={false}
        onApply={(home) => onChange({ home })}
        testId="claude-home"
      />
      <OptionField
        label={t('opt.managed')}
        title={t('opt.apply')}
        value={tildePath(options.managedDir, userHome)}
        allowEmpty={false}
        onApply={(managedDir) => onChange({ managedDir })}
        testId="claude-managed"
      />
      <OptionField
        label={t('opt.target')}
        title={t('opt.targetHint')}
        value={options.target ?? ''}
        allowEmpty
        onApply={(target) => onChange({ target: target === '' ? null : target })}
        testId="claude-target"
      >
        <button
          type="button"
          title={t('opt.browse.title')}
          onClick={() => setPicking(true)}
          data-testid="claude-target-browse"
        >
          {t('opt.browse')}
        </button>
      </OptionField>
      {picking && (
        <ClaudeTargetPicker
          t={t}
          onChoose={(target) => void onChange({ target })}
          onClose={() => setPicking(false)}
        />
      )}
      <fieldset className="claude-sources">
        <legend>{t('opt.sources')}</legend>
        {toggle('user', t('opt.user'))}
        {toggle('project', t('opt.project'))}
        {toggle('local', t('opt.local'))}
      </fieldset>
      <label className="claude-check" title={t('opt.approve.title')}>
        <input
          type="checkbox"
          checked={options.approveExternalIncludes}
          onChange={(e) => void onChange({ approveExternalIncludes: e.target.checked })}
          data-testid="claude-approve"
        />
        {t('opt.approve')}
      </label>
    </div>
  );
}

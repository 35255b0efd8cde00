/**
 * The scenario toolbar: presets, named scenarios (save, rename, delete, load), export and import
 * of a scenario JSON file. Saved scenarios live in the app's settings folder (main side).
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError, Scenario } from '../../../../shared/api';
import { PRESET_IDS } from '../../../../shared/api';
import type { SavedScenario } from '../../../../shared/scenarios/scenario-file';
import {
  parseScenarioFile,
  scenarioFileName,
  scenarioFileText,
} from '../../../../shared/scenarios/scenario-file';
import { apiErrorText } from '../../i18n/api-error-text';
import { useT } from '../../i18n/use-t';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { scenarioFromSnapshot } from '../../../../shared/scenarios/snapshot-scenario';
import { useApp } from '../../store/store-context';
import { useApi } from '../../store/use-api';
import type { VarsMessageKey } from './messages';

/** Props of the toolbar. */
export interface ScenarioToolsProps {
  readonly scenario: Scenario;
  readonly t: PanelTranslate<VarsMessageKey>;
  /** Saved scenarios changed (the compare view lists them too). */
  readonly onSavedChange: (saved: readonly SavedScenario[]) => void;
}

function toSlash(p: string): string {
  return p.replace(/\\/g, '/');
}

/** Downloads a text as a file (works in Electron and in a browser tab). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The scenario toolbar. */
function ScenarioToolsView({ scenario, t, onSavedChange }: ScenarioToolsProps) {
  const shellT = useT();
  const api = useApi();
  const applyScenario = useApp((s) => s.applyScenario);
  const choosePreset = useApp((s) => s.choosePreset);
  const pushError = useApp((s) => s.pushError);
  const workspace = useApp((s) => s.workspace);
  const language = useApp((s) => s.language);
  const [saved, setSaved] = useState<readonly SavedScenario[]>([]);
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const refresh = useCallback(
    () =>
      api.listScenarios().then((result) => {
        if (result.ok) {
          setSaved(result.value);
          onSavedChange(result.value);
        } else pushError(result.error);
      }),
    [api, onSavedChange, pushError],
  );
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const report = (error: ApiError): void => {
    setNote(apiErrorText(error, language));
    pushError(error);
  };

  const save = async (overwrite: boolean): Promise<void> => {
    const trimmed = name.trim();
    const result = await api.saveScenario({ name: trimmed, scenario, overwrite });
    if (
      !result.ok &&
      result.error.code === 'conflict' &&
      window.confirm(t('tools.overwrite', { name: trimmed }))
    ) {
      return save(true);
    }
    if (!result.ok) return report(result.error);
    setSelected(result.value.name);
    setNote(t('tools.saved.ok', { name: result.value.name }));
    await refresh();
  };

  const rename = async (): Promise<void> => {
    const result = await api.renameScenario({ from: selected, to: name.trim() });
    if (!result.ok) return report(result.error);
    setSelected(result.value.name);
    await refresh();
  };

  const remove = async (): Promise<void> => {
    if (!window.confirm(t('tools.confirmDelete', { name: selected }))) return;
    const result = await api.deleteScenario({ name: selected });
    if (!result.ok) return report(result.error);
    setSelected('');
    await refresh();
  };

  const load = (): void => {
    const found = saved.find((s) => s.name === selected);
    if (found !== undefined) void applyScenario(found.scenario);
  };

  const importFile = async (file: File): Promise<void> => {
    const text = await file.text();
    const imported = parseScenarioFile(text);
    if (!imported.ok) {
      setNote(imported.error);
      return;
    }
    if (imported.varsFile && workspace !== null) {
      // A recorded vars file from elsewhere: re-rooted onto this workspace, as a snapshot is.
      const roots = { packageRoot: toSlash(workspace.packageRoot), home: toSlash(workspace.home) };
      const read = scenarioFromSnapshot(text, null, { reroot: true, workspace: roots });
      if (read.ok) {
        setNote(
          t('tools.importNote', {
            note: `${imported.note ?? ''}; ${t('snapshot.rerooted', { n: read.rerooted.length, from: read.recorded.packageRoot ?? '?' })}`,
          }),
        );
        await applyScenario(read.scenario);
        return;
      }
    }
    if (imported.name !== null) setName(imported.name);
    setNote(
      imported.note === null
        ? t('tools.imported', { name: imported.name ?? file.name })
        : t('tools.importNote', { note: imported.note }),
    );
    await applyScenario(imported.scenario);
  };

  return (
    <div className="vars-tools" data-testid="vars-tools">
      <label className="field">
        <span>{t('tools.preset')}</span>
        <select
          value={scenario.presetId ?? ''}
          data-testid="vars-preset-select"
          onChange={(e) => {
            const id = PRESET_IDS.find((p) => p === e.target.value);
            if (id !== undefined) void choosePreset(id);
          }}
        >
          {scenario.presetId === null && <option value="">{t('tools.custom')}</option>}
          {PRESET_IDS.map((id) => (
            <option key={id} value={id}>
              {shellT(`preset.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field" title={t('tools.where')}>
        <span>{t('tools.saved')}</span>
        <select value={selected} data-testid="saved-select" onChange={(e) => setSelected(e.target.value)}>
          <option value="">{saved.length === 0 ? t('tools.noneSaved') : '—'}</option>
          {saved.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={selected === ''} onClick={load} data-testid="saved-load">
        {t('tools.load')}
      </button>
      <button
        type="button"
        disabled={selected === ''}
        onClick={() => void remove()}
        data-testid="saved-delete"
      >
        {t('tools.delete')}
      </button>
      <input
        type="text"
        value={name}
        placeholder={t('tools.namePlaceholder')}
        aria-label={t('tools.namePlaceholder')}
        data-testid="scenario-name"
        onChange={(e) => setName(e.target.value)}
      />
      <button
        type="button"
        disabled={name.trim() === ''}
        onClick={() => void save(false)}
        data-testid="saved-save"
      >
        {t('tools.saveAs')}
      </button>
      <button
        type="button"
        disabled={selected === '' || name.trim() === ''}
        onClick={() => void rename()}
        data-testid="saved-rename"
      >
        {t('tools.rename')}
      </button>
      <button
        type="button"
        onClick={() =>
          download(
            scenarioFileName(name || selected || 'scenario'),
            scenarioFileText(name || selected || 'scenario', scenario),
          )
        }
        data-testid="scenario-export"
      >
        {t('tools.export')}
      </button>
      <button type="button" onClick={() => fileInput.current?.click()} data-testid="scenario-import">
        {t('tools.import')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="scenario-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file !== undefined) void importFile(file);
          e.target.value = '';
        }}
      />
      {note !== null && (
        <span className="vars-tools-note" data-testid="vars-tools-note">
          {note}
        </span>
      )}
    </div>
  );
}

/** Presets, named scenarios, export and import (memoised: the panel re-renders per render, these only when their props change). */
export const ScenarioTools = memo(ScenarioToolsView);

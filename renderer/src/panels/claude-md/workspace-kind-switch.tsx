/**
 * The workspace bar's kind switch, "ECK home / Claude Code project", and, for a Claude Code
 * project, its folder field. Also binds the project store to the API's pushed assemblies.
 */
import { useEffect } from 'react';
import { PathField } from '../../components/path-field';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import type { WorkspaceKind } from './claude-store';
import { claudeProject, useClaude } from './claude-store';
import { claudeMdMessages } from './messages';

/** Keeps the project store up to date with what the main side pushes. */
function useClaudeBinding(): void {
  const api = useApp((s) => s.api);
  const connection = useApp((s) => s.connection);
  useEffect(
    () => api.onDidAssembleClaudeMd((assembly) => claudeProject.getState().received(assembly)),
    [api],
  );
  useEffect(() => {
    // At start and after a reconnect (events sent meanwhile are lost).
    if (connection !== 'closed') void claudeProject.getState().restore(api);
  }, [api, connection]);
}

/** The kind select. */
export function WorkspaceKindSwitch() {
  const t = usePanelT(claudeMdMessages);
  const api = useApp((s) => s.api);
  const kind = useClaude((s) => s.kind);
  useClaudeBinding();
  return (
    <label className="field compact">
      <span>{t('kind.label')}</span>
      <select
        value={kind}
        onChange={(e) => void claudeProject.getState().setKind(api, e.target.value as WorkspaceKind)}
        data-testid="workspace-kind"
      >
        <option value="eck">{t('kind.eck')}</option>
        <option value="claude">{t('kind.claude')}</option>
      </select>
    </label>
  );
}

/** The project folder field (Claude Code's working directory): Enter opens it. */
export function ClaudeFolderField() {
  const t = usePanelT(claudeMdMessages);
  const api = useApp((s) => s.api);
  const cwd = useClaude((s) => s.assembly?.options.cwd ?? '');
  return (
    <PathField
      label={t('bar.cwd')}
      value={cwd}
      badge=""
      onOpen={(path) => void claudeProject.getState().open(api, path)}
      testId="claude-cwd"
    />
  );
}

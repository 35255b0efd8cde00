/**
 * The workspace bar's kind switch, "ECK home / Claude Code project", and, for a Claude Code
 * project, its folder field. The app shell hands them to the bar (see `panels/registry.ts`).
 */
import { PathField } from '../../components/path-field';
import { usePanelT } from '../../i18n/panel-messages';
import type { WorkspaceKind } from '../../store/claude-project-slice';
import { useApp } from '../../store/store-context';
import { claudeMdMessages } from './messages';
import { tildePath } from '../../format/paths';

/** The kind select. */
export function WorkspaceKindSwitch() {
  const t = usePanelT(claudeMdMessages);
  const kind = useApp((s) => s.claude.kind);
  const setKind = useApp((s) => s.claude.setKind);
  return (
    <label className="field compact">
      <span>{t('kind.label')}</span>
      <select
        value={kind}
        onChange={(e) => void setKind(e.target.value as WorkspaceKind)}
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
  const open = useApp((s) => s.claude.open);
  const cwd = useApp((s) => s.claude.assembly?.options.cwd ?? '');
  const userHome = useApp((s) => s.workspace?.userHome ?? '');
  return (
    <PathField
      label={t('bar.cwd')}
      value={tildePath(cwd, userHome)}
      fullPath={cwd}
      badge=""
      onOpen={open}
      testId="claude-cwd"
    />
  );
}

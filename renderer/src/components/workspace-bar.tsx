/**
 * The workspace bar: home, package root, agent, session type, scenario preset, and the
 * settings menu (language, theme). One row from 1280 px wide.
 */
import type { ReactNode } from 'react';
import type { WorkspaceInfo } from '../../../shared/api';
import { SCENARIO_PRESETS } from '../../../shared/scenarios/presets';
import { useT } from '../i18n/use-t';
import { agentOf } from '../store/scenario-slice';
import { useApp } from '../store/store-context';
import { PathField } from './path-field';
import { tildePath } from '../format/paths';
import { confirmLeavingDraft, useDraftDirty } from './leave-guard';
import { SettingsMenu } from './settings-menu';

/** Where the home came from, in the product's own names ($EVOLCLAW_HOME for evolclaw). */
function homeBadge(t: ReturnType<typeof useT>, ws: WorkspaceInfo): string {
  if (ws.product === 'evolclaw' && (ws.homeSource === 'env' || ws.homeSource === 'user'))
    return t(`homeSource.${ws.homeSource}.evolclaw`);
  return t(`homeSource.${ws.homeSource}`);
}

/** What the app shell gives the bar: the kind switch, and the fields of a Claude Code project. */
export interface WorkspaceBarProps {
  readonly kindSwitch: ReactNode;
  /** Shown in place of home, package root, agent, session type and preset. */
  readonly claudeFields: ReactNode;
}

/** The bar above the panels. */
export function WorkspaceBar({ kindSwitch, claudeFields }: WorkspaceBarProps) {
  const t = useT();
  const workspace = useApp((s) => s.workspace);
  // Three fields, not the scenario: it changes on every keystroke in the Vars tab.
  const agent = useApp((s) => agentOf(s.scenario));
  const sessionType = useApp((s) => s.scenario?.sessionType ?? 'main');
  const presetId = useApp((s) => (s.scenario === null ? undefined : s.scenario.presetId));
  const choosePreset = useApp((s) => s.choosePreset);
  const chooseAgent = useApp((s) => s.chooseAgent);
  const chooseSessionType = useApp((s) => s.chooseSessionType);
  const openWorkspace = useApp((s) => s.openWorkspace);
  const dirty = useDraftDirty();
  // Another home or package root with an unsaved draft: ask first.
  const open = (choice: { home?: string; packageRoot?: string }): void => {
    if (confirmLeavingDraft(dirty, t('leave.draft'))) void openWorkspace(choice);
  };
  const kind = useApp((s) => s.claude.kind);
  const sessionTypes = workspace?.sessionTypes ?? ['main'];

  return (
    <header className="workspace-bar">
      <strong className="app-title">{t('app.title')}</strong>
      {kindSwitch}
      {kind === 'claude' ? (
        claudeFields
      ) : (
        <>
          <PathField
            label={t('bar.home')}
            value={workspace === null ? '' : tildePath(workspace.home, workspace.userHome)}
            fullPath={workspace?.home}
            badge={workspace === null ? '' : homeBadge(t, workspace)}
            onOpen={(home) => open({ home })}
            testId="home-path"
          />
          <PathField
            label={t('bar.packageRoot')}
            value={workspace === null ? '' : tildePath(workspace.packageRoot, workspace.userHome)}
            fullPath={workspace?.packageRoot}
            badge=""
            onOpen={(packageRoot) => open({ packageRoot })}
            testId="package-root-path"
          />
          {/* evolcore is the default: only an evolclaw kit is named, so the bar keeps one row. */}
          {workspace !== null && workspace.product !== 'evolcore' && (
            <span className="field product-badge" title={t('product.hint')} data-testid="product">
              <span>{t('bar.product')}</span>
              <strong data-product={workspace.product}>{t(`product.${workspace.product}`)}</strong>
            </span>
          )}
          <label className="field">
            <span>{t('bar.agent')}</span>
            <select
              value={agent ?? ''}
              onChange={(e) => void chooseAgent(e.target.value)}
              data-testid="agent-select"
            >
              {agent === null && <option value="">{t('bar.noAgent')}</option>}
              {(workspace?.agents ?? []).map((a) => (
                <option key={a.aid} value={a.aid}>
                  {a.aid}
                </option>
              ))}
              {agent !== null && !(workspace?.agents ?? []).some((a) => a.aid === agent) && (
                <option value={agent}>{agent}</option>
              )}
            </select>
          </label>
          <label className="field">
            <span>{t('bar.sessionType')}</span>
            <select
              value={sessionType}
              onChange={(e) => void chooseSessionType(e.target.value)}
              data-testid="session-type-select"
            >
              {sessionTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('bar.preset')}</span>
            <select
              value={presetId ?? ''}
              onChange={(e) => {
                const preset = SCENARIO_PRESETS.find((p) => p.id === e.target.value);
                if (preset !== undefined) void choosePreset(preset.id);
              }}
              data-testid="preset-select"
            >
              {presetId === null && <option value="">{t('preset.custom')}</option>}
              {SCENARIO_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`preset.${p.id}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <span className="bar-spacer" />
      <SettingsMenu />
    </header>
  );
}

/**
 * The settings that changed this assembly's memory, each with the settings file it came from:
 * claudeMdExcludes patterns, the env switches, the ~/.claude.json approval.
 * Nothing is shown when no setting changes memory.
 */
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { claudeSettingsEffects } from './claude-settings-effects';
import type { ClaudeMdKey } from './messages';

export function ClaudeSettingsView({
  report,
  display,
  t,
}: {
  report: ClaudeMdReport;
  /** The short form of a path (relative to the project, `~/…` under home). */
  display: (path: string) => string;
  t: PanelTranslate<ClaudeMdKey>;
}) {
  const effects = claudeSettingsEffects(report);
  if (effects.length === 0) return null;
  return (
    <details className="claude-settings" open data-testid="claude-settings">
      <summary>
        {t('settings.title')} ({effects.length})
      </summary>
      <ul>
        {effects.map((e, i) => (
          <li key={i} data-testid="claude-settings-effect">
            {t(e.key, { ...e.params, file: e.file === null ? t('settings.environment') : display(e.file) })}
          </li>
        ))}
      </ul>
    </details>
  );
}

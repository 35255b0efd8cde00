/**
 * Which settings file changed what about memory, as lines for the view:
 * each claudeMdExcludes pattern with the files it dropped, the two env switches and the
 * external-include approval of ~/.claude.json. Only settings that are set are listed.
 */
import type { ClaudeMdReport } from '../../../../shared/claude-md/types';
import type { ClaudeMdKey } from './messages';

/** One line: a message key and its parameters; `file: null` stands for the environment. */
export interface SettingsEffect {
  readonly key: ClaudeMdKey;
  readonly file: string | null;
  readonly params: Readonly<Record<string, string | number>>;
}

/** The lines for `report`, in the order Claude Code applies the settings. */
export function claudeSettingsEffects(report: ClaudeMdReport): SettingsEffect[] {
  const s = report.settings;
  const out: SettingsEffect[] = [];
  if (s.disableClaudeMds.source !== null)
    out.push({
      key: s.disableClaudeMds.value ? 'settings.disable.on' : 'settings.disable.off',
      file: s.disableClaudeMds.file,
      params: {},
    });
  for (const e of s.excludes) {
    const n = report.files.filter(
      (f) => f.excludedBy?.file === e.file && f.excludedBy.pattern === e.pattern,
    ).length;
    out.push({ key: 'settings.exclude', file: e.file, params: { pattern: e.pattern, n } });
  }
  if (s.additionalDirectoriesClaudeMd.source !== null)
    out.push({
      key: s.additionalDirectoriesClaudeMd.value ? 'settings.addDir.on' : 'settings.addDir.off',
      file: s.additionalDirectoriesClaudeMd.file,
      params: { n: report.input.additionalDirectories.length },
    });
  if (s.externalIncludesApproved.value)
    out.push({
      key: 'settings.approved',
      file: s.externalIncludesApproved.file,
      params: { key: s.projectKey },
    });
  return out;
}

/** A settings file's short form: relative to the project, `~/…` under the home, else absolute. */
export function displaySettingsPath(report: ClaudeMdReport, path: string): string {
  const { cwd, home } = report.input;
  if (path.startsWith(`${cwd}/`)) return path.slice(cwd.length + 1);
  if (path.startsWith(`${home}/`)) return `~/${path.slice(home.length + 1)}`;
  return path;
}

/**
 * The derived path vars, read-only with their values, and a switch to override one (its value
 * is then pinned in the vars, where the form and the JSON view can edit it).
 */
import type { PanelTranslate } from '../../i18n/panel-messages';
import type { VarsMessageKey } from './messages';
import { overridePathVar, pathVarRows } from './path-var-rows';

/** Props of the table. */
export interface PathVarsTableProps {
  readonly vars: Readonly<Record<string, unknown>>;
  readonly pathVars: Readonly<Record<string, string>>;
  readonly t: PanelTranslate<VarsMessageKey>;
  readonly onVars: (vars: Record<string, unknown>) => void;
}

/** The path vars table. */
export function PathVarsTable({ vars, pathVars, t, onVars }: PathVarsTableProps) {
  const rows = pathVarRows(vars, pathVars).filter((r) => r.source !== 'vars');
  return (
    <div className="path-vars" data-testid="path-vars">
      <p className="panel-note">{t('paths.hint')}</p>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-var={row.name} data-overridden={row.overridden ? 'true' : 'false'}>
              <th scope="row">
                <code>${row.name}</code>
              </th>
              <td className="path-derivation">{row.derivation}</td>
              <td className="path-value">
                {row.overridden ? (
                  <input
                    type="text"
                    value={typeof vars[row.name] === 'string' ? (vars[row.name] as string) : ''}
                    aria-label={row.name}
                    spellCheck={false}
                    data-testid={`path-input-${row.name}`}
                    onChange={(e) => onVars({ ...vars, [row.name]: e.target.value })}
                  />
                ) : (
                  <code data-testid={`path-value-${row.name}`}>{row.value ?? t('paths.absent')}</code>
                )}
              </td>
              <td>
                <label className="path-override">
                  <input
                    type="checkbox"
                    checked={row.overridden}
                    data-testid={`path-override-${row.name}`}
                    onChange={(e) => onVars(overridePathVar(vars, row, e.target.checked))}
                  />
                  {t('paths.override')}
                </label>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

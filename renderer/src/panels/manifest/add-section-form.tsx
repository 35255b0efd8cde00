/**
 * "Add a section": id, a type (the format's, each described in the UI's language), a file or
 * folder under the home or the kit (a path var and a relative path), order, condition,
 * template or not. Adding is a draft edit like any other.
 */
import { bilingualText } from '../../i18n/bilingual-text';
import { useState } from 'react';
import type { InspectorApi } from '../../../../shared/api';
import type { Json } from '../../../../shared/engine';
import { MANIFEST_FORMAT, SECTION_TYPES, type SectionType } from '../../../../shared/format';
import type { NewSection } from '../../../../shared/override/override-ops';
import { addSection, newSectionProblem } from '../../../../shared/override/override-ops';
import { formatBytes } from '../../format/bytes';
import type { PanelTranslate } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import type { ManifestMessageKey } from './messages';
import type { DraftEdit } from './sections-table';
import { WhenEditor } from './when-editor';

/** Folders a new file can sit under, as the path var the manifest writes. */
export const FILE_ROOTS = [
  '$AGENT_DIR',
  '$PERSONAL_DIR',
  '$ECK',
  '$EVOLCORE_HOME',
  '$KITS_DOCS',
  '$KITS_RULES',
  '$KITS_FRAGMENTS',
  '$KITS',
] as const;

/** `$ROOT/relative`, without doubled slashes. */
export function joinSectionPath(root: string, relative: string): string {
  const rel = relative.trim().replace(/^[/\\]+/, '');
  return rel === '' ? '' : `${root}/${rel}`;
}

/** Props of the form. */
export interface AddSectionFormProps {
  readonly api: InspectorApi;
  readonly takenIds: readonly string[];
  /** The path vars of the current render, to check that the file exists. */
  readonly pathVars: Readonly<Record<string, string>>;
  readonly suggestedOrder: number;
  readonly readOnly: boolean;
  readonly onEdit: DraftEdit;
  readonly t: PanelTranslate<ManifestMessageKey>;
}

type FileCheck =
  { kind: 'found'; bytes: number } | { kind: 'missing' } | { kind: 'unresolved'; token: string };

/** The form. */
export function AddSectionForm({
  api,
  takenIds,
  pathVars,
  suggestedOrder,
  readOnly,
  onEdit,
  t,
}: AddSectionFormProps) {
  const language = useApp((s) => s.language);
  const [id, setId] = useState('');
  const [type, setType] = useState<SectionType>(SECTION_TYPES[0]);
  const [root, setRoot] = useState<string>(FILE_ROOTS[0]);
  const [relative, setRelative] = useState('');
  const [order, setOrder] = useState(String(suggestedOrder));
  const [when, setWhen] = useState<Json | undefined>('always');
  const [template, setTemplate] = useState(false);
  const [description, setDescription] = useState('');
  const [check, setCheck] = useState<FileCheck | null>(null);
  const [tried, setTried] = useState(false);

  const descriptor = MANIFEST_FORMAT.descriptors[type];
  const section: NewSection = {
    id,
    type,
    path: joinSectionPath(root, relative),
    order: order.trim() === '' ? Number.NaN : Number(order),
    when: when ?? 'always',
    needsInjection: template,
    description,
  };
  const problem = newSectionProblem(section, takenIds);

  const checkFile = async (): Promise<void> => {
    // Only a file can be checked here: the API reads files, it does not list folders.
    if (descriptor.reads !== 'file') return;
    const base = pathVars[root.slice(1)];
    if (base === undefined || relative.trim() === '') {
      setCheck(relative.trim() === '' ? null : { kind: 'unresolved', token: root });
      return;
    }
    const r = await api.getFile({ path: `${base}/${relative.trim().replace(/^[/\\]+/, '')}` });
    setCheck(r.ok ? { kind: 'found', bytes: r.value.bytes } : { kind: 'missing' });
  };

  return (
    <form
      className="add-section"
      data-testid="add-section"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (problem !== null) return;
        onEdit((v) => addSection(v, section), undefined, { kind: 'add', id: section.id });
        setId('');
        setRelative('');
        setDescription('');
        setCheck(null);
        setTried(false);
      }}
    >
      <h3>{t('add.title')}</h3>
      <div className="add-row">
        <label className="field">
          <span>{t('add.id')}</span>
          <input
            value={id}
            disabled={readOnly}
            data-testid="add-id"
            onChange={(e) => setId(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('add.type')}</span>
          <select
            value={type}
            disabled={readOnly}
            data-testid="add-type"
            onChange={(e) => {
              setType(e.target.value as SectionType);
              setCheck(null);
            }}
          >
            {SECTION_TYPES.map((ty) => {
              const doc = MANIFEST_FORMAT.descriptors[ty].doc;
              return (
                <option key={ty} value={ty}>
                  {ty} — {bilingualText(doc, language)}
                </option>
              );
            })}
          </select>
        </label>
        <label className="field">
          <span>{t('add.folder')}</span>
          <select
            value={root}
            disabled={readOnly}
            data-testid="add-root"
            onChange={(e) => setRoot(e.target.value)}
          >
            {FILE_ROOTS.map((r) => (
              <option key={r} value={r}>
                {r}
                {pathVars[r.slice(1)] ? ` (${pathVars[r.slice(1)]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>{t(descriptor.reads === 'file' ? 'add.file' : 'add.directory')}</span>
          <input
            value={relative}
            disabled={readOnly}
            placeholder={descriptor.reads === 'file' ? 'custom/my-rules.md' : 'custom/notes'}
            data-testid="add-file"
            onChange={(e) => {
              setRelative(e.target.value);
              setCheck(null);
            }}
            onBlur={() => void checkFile()}
          />
        </label>
        <label className="field">
          <span>{t('add.order')}</span>
          <input
            type="number"
            step="any"
            value={order}
            disabled={readOnly}
            data-testid="add-order"
            onChange={(e) => setOrder(e.target.value)}
          />
        </label>
        <label className="field grow">
          <span>{t('add.description')}</span>
          <input value={description} disabled={readOnly} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      {check !== null ? (
        <p className={`file-check ${check.kind}`} data-testid="add-file-check">
          {check.kind === 'found'
            ? t('add.found', { bytes: formatBytes(check.bytes) })
            : check.kind === 'missing'
              ? t('add.notFound')
              : t('add.unresolved', { token: check.token })}
        </p>
      ) : null}
      <div className="add-row">
        <WhenEditor when={when} onChange={setWhen} t={t} disabled={readOnly} testId="add-when" />
        <label className="check">
          <input
            type="checkbox"
            checked={template}
            disabled={readOnly}
            onChange={(e) => setTemplate(e.target.checked)}
          />
          {t('add.template')}
        </label>
        <button type="submit" disabled={readOnly} data-testid="add-submit">
          {t('add.submit')}
        </button>
      </div>
      {tried && problem !== null ? <p className="form-problem">{t(`add.problem.${problem}`)}</p> : null}
    </form>
  );
}

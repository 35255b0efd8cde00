/**
 * Errors from the main side, each dismissible, naming the file it is about.
 */
import { apiErrorText } from '../i18n/api-error-text';
import { useT } from '../i18n/use-t';
import { useApp } from '../store/store-context';

/** The error banner; renders nothing when there is no error. */
export function ErrorBanner() {
  const t = useT();
  const errors = useApp((s) => s.errors);
  const dismiss = useApp((s) => s.dismissError);
  const language = useApp((s) => s.language);
  if (errors.length === 0) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      {errors.map(({ id, error }) => (
        <div key={id} className="error-item">
          <span className="error-code">{error.code}</span>
          <span className="error-message">{apiErrorText(error, language)}</span>
          {error.path !== undefined && (
            <code className="error-path">{t('banner.file', { path: error.path })}</code>
          )}
          <button type="button" onClick={() => dismiss(id)} aria-label={t('banner.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

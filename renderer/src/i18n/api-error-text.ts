/**
 * An error from the main side in the UI's language: a refused write or delete
 * carries its facts and is told in Chinese too; other errors keep the main side's English.
 */
import type { ApiError, Language } from '../../../shared/api';
import { refusalText } from '../../../shared/api';

/** The words to show for `error`. */
export function apiErrorText(error: ApiError, language: Language): string {
  return error.refusal === undefined ? error.message : refusalText(error.refusal, language);
}

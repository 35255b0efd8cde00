/** The side of a shared/ English + Chinese text (a var's description, a section type's doc) the UI shows. */
import type { Language } from '../../../shared/api';
import type { Bilingual } from '../../../shared/format';

export const bilingualText = (text: Bilingual, language: Language): string =>
  language === 'zh-CN' ? text.zh : text.en;

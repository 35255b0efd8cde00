/** A one-line text in the two UI languages (English, Simplified Chinese). */
export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}

/**
 * A rough token count, shown as an estimate ("≈ … tokens, est."): about four characters per
 * token for Latin text and about one token per CJK character. Real tokenizers differ by model;
 * the number only tells a 200-token section from a 20,000-token one.
 */

/** CJK ideographs, kana, hangul, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

/** Estimated tokens of a text: CJK characters count one each, the rest one per four characters. */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}

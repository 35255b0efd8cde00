import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/api';
import { H, renderKit } from '../../../shared/engine/__fixtures__/kit';
import { translatePanel } from '../i18n/panel-messages';
import { bomMessages, bomTexts } from './bom-note';

const tr =
  (lang: Language) =>
  (key: keyof typeof bomMessages.en, params?: Readonly<Record<string, string | number>>): string =>
    translatePanel(bomMessages, lang, key, params);

describe('BOM note', () => {
  it('a manifest with a BOM: a sentence per file and role (en + zh)', () => {
    const base = renderKit({ baseText: `\ufeff{"sections": []}` });
    expect(bomTexts(tr('en'), base.diagnostics)).toEqual([
      expect.stringMatching(/eck_manifest\.json starts with a UTF-8 byte-order mark .* EMPTY context/),
    ]);
    const over = renderKit({ sections: [], overrideText: `\ufeff{"sections": []}` });
    expect(bomTexts(tr('zh-CN'), over.diagnostics)).toEqual([
      expect.stringContaining(`${H}/eck/eck_manifest.json 以 UTF-8 字节顺序标记（BOM）开头`),
    ]);
  });
});

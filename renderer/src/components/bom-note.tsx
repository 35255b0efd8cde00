/**
 * A manifest that starts with a UTF-8 BOM: evolcore's JSON.parse refuses it, so a base loads
 * nothing and an override is ignored whole, and most editors never show the mark. Shown above
 * the Timeline and in the Manifest tab, in the user's language.
 */
import type { Diagnostic } from '../../../shared/engine';
import type { PanelTranslate } from '../i18n/panel-messages';
import { definePanelMessages, usePanelT } from '../i18n/panel-messages';
import { useApp } from '../store/store-context';

const en = {
  'bom.base':
    '{file} starts with a UTF-8 byte-order mark (BOM), invisible in most editors: evolcore cannot parse it, so it loads no sections and the agent gets an EMPTY context. Save it as UTF-8 without BOM.',
  'bom.override':
    '{file} starts with a UTF-8 byte-order mark (BOM), invisible in most editors: evolcore cannot parse it and ignores the whole override, its totals too. Save it as UTF-8 without BOM.',
};

const zh: Record<keyof typeof en, string> = {
  'bom.base':
    '{file} 以 UTF-8 字节顺序标记（BOM）开头，多数编辑器看不见：evolcore 无法解析它，于是不加载任何 section，agent 得到的上下文为空。请另存为不带 BOM 的 UTF-8。',
  'bom.override':
    '{file} 以 UTF-8 字节顺序标记（BOM）开头，多数编辑器看不见：evolcore 无法解析它，整个覆盖文件（连同其总量上限）都被忽略。请另存为不带 BOM 的 UTF-8。',
};

/** The note's strings, English and Simplified Chinese. */
export const bomMessages = definePanelMessages(en, zh);
type BomKey = keyof typeof en;

/** The manifests of a render that start with a BOM, each as a sentence. */
export function bomTexts(t: PanelTranslate<BomKey>, diagnostics: readonly Diagnostic[]): string[] {
  const out: string[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'manifest-bom') continue;
    const file = String(d.params?.file ?? d.file ?? '');
    const text = t(d.params?.role === 'base' ? 'bom.base' : 'bom.override', { file });
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** The BOM hazards among some diagnostics; nothing when there are none. */
export function BomLines({ diagnostics }: { readonly diagnostics: readonly Diagnostic[] }) {
  const t = usePanelT(bomMessages);
  const texts = bomTexts(t, diagnostics);
  if (texts.length === 0) return null;
  return (
    <div className="panel-note error" role="alert" data-testid="bom-note">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/** The BOM hazards of the newest render (a failed one is newer than the render shown). */
export function BomNote() {
  const render = useApp((s) => s.render);
  const failed = useApp((s) => s.failedRender);
  return <BomLines diagnostics={(failed ?? render)?.report.diagnostics ?? []} />;
}

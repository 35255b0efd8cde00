/**
 * A manifest that starts with a UTF-8 BOM (issue 22): evolcore's JSON.parse refuses it, so a
 * base loads nothing and an override is ignored whole, and most editors never show the mark.
 * Shown above the Timeline and in the Manifest tab, in the user's language.
 */
import type { Diagnostic } from '../../../../shared/engine';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp } from '../../store/store-context';
import { timelineMessages } from './messages';
import { bomTexts } from './hazard-text';

/** The BOM hazards among some diagnostics; nothing when there are none. */
export function BomLines({ diagnostics }: { readonly diagnostics: readonly Diagnostic[] }) {
  const t = usePanelT(timelineMessages);
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

/**
 * A Claude Code assembly as it leaves the main side, capped: the assembled text and
 * the texts attached on a Read are built from memory files of up to 4 MiB each (Claude Code's
 * own limit), so a project of a few of them would send tens of MB to every window on every
 * change. A text over `MAX_SHOWN_TEXT_BYTES` goes as `''` with its marker; the file rows,
 * totals and diagnostics are sent as they are.
 */
import type { ClaudeAssembly } from '../../shared/api/methods/claude-project';
import type { TooLarge } from '../../shared/api/answer-caps';
import { MAX_SHOWN_TEXT_BYTES, tooLarge } from '../../shared/api/answer-caps';

/** Its marker when `text` is over the cap (a UTF-16 unit is at most 3 UTF-8 bytes). */
function overCap(text: string): TooLarge | null {
  if (text.length * 3 <= MAX_SHOWN_TEXT_BYTES) return null;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > MAX_SHOWN_TEXT_BYTES ? tooLarge(bytes, MAX_SHOWN_TEXT_BYTES) : null;
}

/** The assembly as it may be sent: itself when every text fits. */
export function capClaudeAssembly(assembly: ClaudeAssembly): ClaudeAssembly {
  const { report } = assembly;
  const context = overCap(report.context);
  const attachments = (report.attachedOnRead ?? []).map((a) => overCap(a.text));
  const cutAttachments = attachments.some((m) => m !== null);
  if (context === null && !cutAttachments) return assembly;
  return {
    ...assembly,
    report: {
      ...report,
      context: context === null ? report.context : '',
      attachedOnRead:
        report.attachedOnRead === null
          ? null
          : report.attachedOnRead.map((a, i) => (attachments[i] == null ? a : { ...a, text: '' })),
    },
    tooLarge: {
      context,
      attachments: (report.attachedOnRead ?? []).flatMap((a, i) => (attachments[i] == null ? [] : [a.path])),
    },
  };
}

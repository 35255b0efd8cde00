/**
 * The four files of one render as the benches write them into a generated history: evolcore's
 * own format (evolcore-format.ts), which evolcore writes and the app too, so a generated home is
 * read as an operator's is. (They were the inspector's earlier format: a JSON summary block the
 * reader parses another way, at another cost.)
 */
import { evolcoreDebugFiles } from '../shared/debug-files/evolcore-format';
import type { DebugFileKind } from '../shared/debug-files/names';
import { fixtureReport } from '../shared/debug-files/test-fixtures/report';

/** The texts by kind; `when` is the time the vars file records. */
export function benchDebugTexts(when: Date = new Date(2026, 0, 1)): Record<DebugFileKind, string> {
  const files = evolcoreDebugFiles(fixtureReport(), when);
  if (files === null) throw new Error('the fixture report renders no debug files');
  return {
    vars: files.vars,
    context: files.context ?? '',
    fragments: files.fragments ?? '',
    manifest: files.manifest,
  };
}

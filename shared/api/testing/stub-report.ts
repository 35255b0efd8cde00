/**
 * A complete RenderReport with a given context, for tests on either side of the API.
 */
import type { RenderReport } from '../../engine/types';

/** A RenderReport with every field present and the given context. */
export function stubReport(context: string, overrides: Partial<RenderReport> = {}): RenderReport {
  return {
    rendered: true,
    manifestFile: 'eck_manifest.json',
    manifestChoice: { file: 'eck_manifest.json', sessionType: 'main', source: 'default', configPath: null },
    context,
    sections: [],
    totals: {
      files: 0,
      bytes: context.length,
      maxFiles: 50,
      maxBytes: 102400,
      overTotal: [],
      note: null,
      noteSpan: null,
    },
    diagnostics: [],
    merged: null,
    pathVars: {},
    explicitPathVars: [],
    vars: {},
    ...overrides,
  };
}

/**
 * A complete RenderReport with a given context, for tests on either side of the API.
 */
import type { RenderReport, SectionDebugRecord } from '../index';

/** evolcore's debug record of a section that loaded one file (for fixtures). */
export function stubDebugRecord(id: string): SectionDebugRecord {
  return {
    id,
    description: undefined,
    type: 'file',
    rawPath: '',
    pattern: undefined,
    needsInjection: false,
    when: 'always',
    enabled: true,
    whenPassed: true,
    resolvedPath: null,
    resolveStatus: 'ok',
    unresolvedTokens: null,
    fileCount: 1,
    emptyContent: false,
    used: true,
    injected: false,
    dirOverflow: null,
    skippedByTotalCap: false,
  };
}

/** A RenderReport with every field present and the given context. */
export function stubReport(context: string, overrides: Partial<RenderReport> = {}): RenderReport {
  return {
    rendered: true,
    failure: null,
    fragments: '',
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

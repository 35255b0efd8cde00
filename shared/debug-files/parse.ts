/**
 * Lenient parsers of the eck-debug files, in one place: the vars file and the manifest report.
 * Both return `ParseResult` values and never throw (a malformed file marks its
 * snapshot, it never breaks the list).
 */
export { parseVarsFile } from './parse-vars';
export type { ParsedVarsFile, VarsFileShape } from './parse-vars';
export { parseManifestReport } from './parse-manifest-report';
export type { ParsedManifestReport, ParsedReportSection } from './parse-manifest-report';
export type { ParseResult } from './parse-result';
export { describeFailure } from './parse-result';

/**
 * The eck-debug files ("调试机制"): their names, pure formatters from a RenderReport, lenient
 * parsers, and the data shapes and pure grouping of the history index (issue 7).
 */
export * from './names';
export * from './format';
export * from './evolcore-format';
export { PARAM_DESCRIPTIONS, paramDescriptionZh } from './param-descriptions';
export * from './parse';
export {
  summarizeReport,
  pathStateOf,
  statusLabel,
  sectionUsed,
  MANIFEST_REPORT_FORMAT,
} from './report-summary';
export type { ReportSummary, ReportSummarySection, PathState } from './report-summary';
export * from './history-types';
export {
  SnapshotGrouper,
  groupDebugEntries,
  newSnapshot,
  withFile,
  withoutFile,
  compareSnapshots,
} from './snapshot-group';
export type { FolderEntry, GroupedEntries } from './snapshot-group';
export { snapshotColumns } from './snapshot-columns';

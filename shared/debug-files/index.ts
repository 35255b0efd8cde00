/**
 * The eck-debug files ("调试机制"): their names, pure formatters from a RenderReport, lenient
 * parsers. The history index's data shapes, columns and grouping live in shared/history/.
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

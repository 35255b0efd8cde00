/** The assembly engine's public surface (pure: no node, no DOM). */
export type * from './types';
export { SECTION_STATUSES } from './types';
export { renderContext, MAX_READ_BYTES } from './render';
export {
  walkSections,
  NOT_LOADED_LISTED,
  SECTION_LOADERS,
  type SectionLoader,
  type SectionLoaders,
} from './walk';
export { renderMessageBody, activeModes, defaultModeNames } from './message-body';
export { scanTemplate } from './template/scan';
export { isFsError } from './fs-util';
export { parseWhen, evaluateWhen, whenVarNames, type WhenSpec } from './when';
export { derivePathVars, PATH_VAR_NAMES, DISPLAY_ALIASES } from './path-vars';
export { expandPathTokens } from './path-tokens';
export { renderTemplate, renderLoop, createRecorder, LOOP_SENTINEL } from './template/render';
export { matchesGlob } from './glob';
export { displayMappings, shortenPath, formatKb, totalNote, folderNote } from './output-format';
export {
  mergeManifests,
  DEFAULT_TOTAL_MAX_BYTES,
  DEFAULT_TOTAL_MAX_FILES,
  DEPRECATED_SECTION_ID,
} from './merge';
export { DEFAULT_MANIFEST_FILE } from './choose-manifest';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_FILES, DEFAULT_PATTERN, invalidReason } from './section-spec';
export { parseJsonText, lineColumnAt, isJsonObject } from './json-text';
export { createMemoryFs, type MemoryTree } from '../base/memory-fs';
export { utf8Length } from '../base/utf8';
export { isTruthy } from './truthy';
export { closestName, editDistance } from './closest';
// Kept for callers that took the path helpers from the engine; new code imports shared/base.
export {
  isAbsolutePath,
  normalizePath,
  resolvePath,
  joinPath,
  dirnamePath,
  basenamePath,
  isPathWithin,
  nodeNormalize,
  nodeJoin,
} from '../base/posix-path';
export { encodingFindings } from './hazards';

/**
 * The top-level fields of an `eck_manifest*.json`: the merge modes of an override, the total
 * gate's limits and their defaults, the deprecated id a patch drops, and their descriptions.
 *
 * Spec: docs/engine.md §7, §11, §16.
 */
import type { Bilingual } from './bilingual';

/** Merge modes of an override (`mode`); `patch` is what an absent or unknown mode means. */
export const MANIFEST_MODES = ['patch', 'replace'] as const;

/** A merge mode. */
export type ManifestMode = (typeof MANIFEST_MODES)[number];

/** The mode an override without one merges in. */
export const DEFAULT_MANIFEST_MODE: ManifestMode = 'patch';

/** The total gate's limit fields. */
export const TOTAL_LIMIT_FIELDS = ['totalMaxFiles', 'totalMaxBytes'] as const;

/** A total-gate limit field. */
export type TotalLimitField = (typeof TOTAL_LIMIT_FIELDS)[number];

/** Defaults of the total gate (`TOTAL_MAX_FILES`, `TOTAL_MAX_BYTES`). */
export const TOTAL_LIMIT_DEFAULTS: { readonly [F in TotalLimitField]: number } = {
  totalMaxFiles: 50,
  totalMaxBytes: 102400,
};

/** The section id a patch override drops (profiles load through `peer-profile` now). */
export const DEPRECATED_SECTION_ID = 'relation-group-profile';

/** Descriptions of the top-level fields. */
export const MANIFEST_FIELD_DOCS: {
  readonly [F in '$schema_version' | 'mode' | TotalLimitField | 'sections']: Bilingual;
} = {
  $schema_version: { en: 'Manifest format version.', zh: '版本号' },
  mode: {
    en: 'Override only: "patch" merges by section id (default); "replace" uses the override\'s sections alone.',
    zh: '`patch`（合并）/ `replace`（完全替换）',
  },
  totalMaxFiles: {
    en: 'Most files the whole manifest may load (default 50); later sections stop loading.',
    zh: '整个清单渲染最多文件数（默认 50）。达到后停止加载后续所有段',
  },
  totalMaxBytes: {
    en: 'Most raw bytes the whole manifest may load (default 102400 = 100KB); later sections stop loading.',
    zh: '整个清单渲染最多总字节（默认 102400，即 100KB）。达到后停止加载后续所有段',
  },
  sections: { en: 'The sections, in any order (sorted by `order`).', zh: '各段（按 order 升序排序）' },
};

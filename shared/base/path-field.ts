/**
 * Schemas of the path-like fields of the API: a NUL byte is refused with `invalid-input`
 * before any handler runs, because Node's file functions throw on it with a
 * message that reads like an internal failure.
 */
import { z } from 'zod';

/** A string without NUL bytes. */
export function withoutNul<S extends z.ZodString>(schema: S) {
  return schema.refine((s) => !s.includes('\0'), 'must not hold a NUL byte');
}

/** A path: absolute or relative to what the method says, at most 4096 characters, no NUL. */
export const pathField = withoutNul(z.string().min(1).max(4096));

/** A manifest file name in `kits/` (one segment, `.json`, no NUL), such as `eck_manifest.json`. */
export const manifestFileField = withoutNul(
  z
    .string()
    .max(255)
    .regex(/^[^/\\.][^/\\]*\.json$/, 'a manifest file name in kits/, such as eck_manifest.json'),
);

/**
 * Whether a conditional rule applies to the file Claude read (§19.3 "条件规则匹配"): the path
 * relative to the rule's base folder, refused when empty or outside it, then matched by the
 * `ignore` package — the library Claude Code 2.1.197 itself uses, so gitignore corner cases
 * (a bare name matching at any depth, `dir` covering everything inside, case folding) agree.
 */

import ignore from 'ignore';
import { isAbsolutePath, relativePath } from '../base/posix-path';

/** The outcome of testing one rule, with the "why" sentence for the view. */
export interface RuleTargetTest {
  readonly matched: boolean;
  /** The target relative to the rule's base folder, when it was tested. */
  readonly tested: string | null;
  readonly detail: string;
}

/** `processConditionedMdRules`' test of `globs` (relative to `base`) against `target`. */
export function testTarget(globs: readonly string[], base: string, target: string | null): RuleTargetTest {
  const list = globs.join(', ');
  if (!target)
    return {
      matched: false,
      tested: null,
      detail: `Conditional rule (paths: ${list}); no target file given.`,
    };
  const rel = isAbsolutePath(target) ? relativePath(base, target) : target;
  if (!rel || rel.startsWith('..') || isAbsolutePath(rel)) {
    return { matched: false, tested: null, detail: `The target is outside ${base}; paths: ${list}.` };
  }
  return ignore()
    .add([...globs])
    .ignores(rel)
    ? { matched: true, tested: rel, detail: `The target ${rel} matches paths: ${list}.` }
    : { matched: false, tested: rel, detail: `The target ${rel} does not match paths: ${list}.` };
}

/**
 * Whether a conditional rule applies to the target file (§19.3 "条件规则匹配").
 */

import { matchesGitignore } from './gitignore-match';
import { isAbsolute, relative } from './posix-path';

/** The outcome of testing one rule, with the "why" sentence for the Timeline. */
export interface RuleTargetTest {
  readonly matched: boolean;
  /** The target relative to the rule's base folder, when it was tested. */
  readonly tested: string | null;
  readonly detail: string;
}

/**
 * `processConditionedMdRules`' test: the target relative to the rule's base folder, refused
 * when empty or outside it, then matched gitignore-style (§19.3 "条件规则匹配").
 */
export function testTarget(globs: readonly string[], base: string, target: string | null): RuleTargetTest {
  const list = globs.join(', ');
  if (!target)
    return {
      matched: false,
      tested: null,
      detail: `Conditional rule (paths: ${list}); no target file given.`,
    };
  const rel = relative(base, target);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) {
    return { matched: false, tested: null, detail: `Target is outside ${base}; paths: ${list}.` };
  }
  return matchesGitignore(globs, rel)
    ? { matched: true, tested: rel, detail: `Target ${rel} matches paths: ${list}.` }
    : { matched: false, tested: rel, detail: `Target ${rel} does not match paths: ${list}.` };
}

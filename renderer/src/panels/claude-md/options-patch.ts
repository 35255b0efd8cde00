/**
 * The options of an open Claude Code project the view can change, as `setClaudeOptions` takes them.
 */
import type { MethodInput } from '../../../../shared/api';

/** A change of options. */
export type ClaudeOptionsPatch = NonNullable<MethodInput<'setClaudeOptions'>>;

/**
 * The section most test kits need: the kit's rules folder (`$KITS_RULES`), always loaded, as a
 * raw manifest entry. `extra` sets its limits or order.
 */
export function rulesFolderSection(extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    id: 'rules',
    type: 'directory',
    path: '$KITS_RULES',
    order: 10,
    needsInjection: false,
    when: 'always',
    ...extra,
  };
}

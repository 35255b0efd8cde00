/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now. A failure names each
 * violated rule with its impact, the nodes' selectors and an HTML snippet, so the report says
 * what to fix without re-running under a debugger.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG 2.1 AA rules of axe whose outcome depends on colours: all a theme changes. A second
 * theme of a state already checked in full needs only these (the structure, names and roles
 * are the same DOM), which halves the cost of the four-look checks on a two-core box.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Nodes shown per rule in the message; the count says how many there were in all. */
const NODES_SHOWN = 6;

interface AxeNode {
  readonly target: readonly unknown[];
  readonly html: string;
  readonly failureSummary?: string;
}

interface AxeViolation {
  readonly id: string;
  readonly impact?: string | null;
  readonly help: string;
  readonly nodes: readonly AxeNode[];
}

/** One violation as text: rule id, impact, node count, then selector + snippet per node. */
export function describeViolation(v: AxeViolation): string {
  const lines = [`- ${v.id} (${v.impact ?? 'no impact'}): ${v.nodes.length} nodes — ${v.help}`];
  for (const node of v.nodes.slice(0, NODES_SHOWN)) {
    const snippet = node.html.replace(/\s+/g, ' ').slice(0, 160);
    const why = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
    lines.push(`    ${node.target.map(String).join(' >> ')}`);
    lines.push(`      ${snippet}`);
    if (why !== '') lines.push(`      ${why.slice(0, 200)}`);
  }
  if (v.nodes.length > NODES_SHOWN) lines.push(`    … and ${v.nodes.length - NODES_SHOWN} more`);
  return lines.join('\n');
}

/**
 * Runs axe on `page` and fails softly (the test goes on to its next state) when a rule is
 * violated, so one run lists every state that fails. `label` names the tab, state, theme and
 * language in the message.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  rules: 'all' | 'colour' = 'all',
): Promise<void> {
  // Nothing is excluded, not even Monaco's DOM: it passes these rules as the app sets it up.
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (rules === 'colour' ? builder.withRules([...COLOUR_RULES]) : builder).analyze();
  const violations = results.violations as readonly AxeViolation[];
  const nodes = violations.reduce((n, v) => n + v.nodes.length, 0);
  const message = [
    `axe (WCAG 2.1 AA) on ${label}: ${violations.length} rules, ${nodes} nodes`,
    ...violations.map(describeViolation),
  ].join('\n');
  expect.soft(violations.length, message).toBe(0);
}

/**
 * Timeline figures: the pure work behind one re-render of the Timeline — rows
 * (explanations, token estimates, folder budgets), the reason words and the budget picture —
 * for the default kit and for a manifest of 1,000 more sections. Part of `npm run bench`.
 */
import type { RenderReport } from '../shared/engine';
import { renderContext } from '../shared/engine';
import { createNodeFs } from '../electron/services/node-fs';
import { translatePanel } from '../renderer/src/i18n/panel-messages';
import { budgetPicture } from '../renderer/src/panels/timeline/budget-picture';
import { timelineMessages, type TimelineKey } from '../renderer/src/panels/timeline/messages';
import { reasonText } from '../renderer/src/panels/timeline/reason-text';
import { timelineRows } from '../renderer/src/panels/timeline/timeline-rows';
import { presetScenario } from '../shared/scenarios/presets';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const home = path.join(root, 'kits', 'demo-home');
const fs = createNodeFs();
const t = (key: TimelineKey, params?: Readonly<Record<string, string | number>>): string =>
  translatePanel(timelineMessages, 'en', key, params);

function render(overrideText?: string): RenderReport {
  const s = presetScenario('group-member');
  return renderContext(
    {
      packageRoot: root,
      home,
      vars: s.vars,
      sessionType: s.sessionType,
      ...(overrideText ? { overrideText } : {}),
    },
    fs,
  );
}

function timelineWork(report: RenderReport): number {
  const rows = timelineRows(report);
  const reasons = rows.map((r) => reasonText(t, r.explanation));
  const picture = budgetPicture(report);
  return rows.length + reasons.length + picture.bytes.segments.length;
}

function median(f: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Number((times[Math.floor(runs / 2)] ?? NaN).toFixed(3));
}

const bulk = JSON.stringify({
  totalMaxFiles: 400,
  totalMaxBytes: 2_000_000,
  sections: Array.from({ length: 1000 }, (_, i) => ({
    id: `bulk-${i}`,
    type: 'file',
    file: i % 4 === 2 ? `$KITS_RULES/missing-${i}.md` : '$KITS_RULES/00-core.md',
    order: 100 + i,
    needsInjection: false,
    when: i % 4 === 1 ? { var: 'chatType', eq: 'private' } : 'always',
  })),
});

/** The Timeline figures for `npm run bench`. */
export function benchTimeline(): object {
  const small = render();
  const large = render(bulk);
  const figures = {
    defaultKit: {
      sections: small.sections.length,
      engineMs: median(() => render(), 50),
      timelineMs: median(() => timelineWork(small), 200),
    },
    thousandSections: {
      sections: large.sections.length,
      engineMs: median(() => render(bulk), 10),
      timelineMs: median(() => timelineWork(large), 20),
    },
  };
  return { name: 'timeline-work', ...figures };
}

/**
 * Timeline performance: the default kit's timeline re-renders within one
 * frame, and a 1,000-section manifest stays scrollable (virtualised rows). Prints the numbers
 * with the machine's load average; what it asserts is structural (rows virtualised, the end
 * reachable by scrolling and by keyboard), since wall times follow the load of a shared box.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from './support/fixtures';
import { copyDemoWorkspace } from './support/workspace-copy';

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function timings(page: Page, seqBefore: string): Promise<{ render: number; layout: number }> {
  const panel = page.getByTestId('timeline');
  await expect(panel).not.toHaveAttribute('data-render-seq', seqBefore);
  return {
    render: Number(await panel.getAttribute('data-render-ms')),
    layout: Number(await panel.getAttribute('data-layout-ms')),
  };
}

base('the default kit: timeline render + commit after each re-render', async ({ page, serve }) => {
  base.setTimeout(120_000);
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const panel = page.getByTestId('timeline');
  await expect(panel).toHaveAttribute('data-render-seq', /[1-9]/);
  const presets = ['coding', 'group-member', 'private-owner'];
  const renders: number[] = [];
  const layouts: number[] = [];
  for (let i = 0; i < 15; i++) {
    const seq = (await panel.getAttribute('data-render-seq')) ?? '';
    await page.getByTestId('preset-select').selectOption(presets[i % presets.length] ?? 'coding');
    const t = await timings(page, seq);
    renders.push(t.render);
    layouts.push(t.layout);
  }
  const figures = {
    renders: renders.length,
    renderCommitMedianMs: median(renders),
    renderCommitMaxMs: Math.max(...renders),
    withLayoutMedianMs: median(layouts),
    withLayoutMaxMs: Math.max(...layouts),
    loadAverage: os.loadavg()[0],
  };
  console.log(`timeline re-render (default kit): ${JSON.stringify(figures)}`);
  base.info().annotations.push({ type: 'perf', description: JSON.stringify(figures) });
  // One frame is 16.7 ms. No bound is asserted: on a shared two-core box the figure follows the
  // load (printed beside it); the spec records it, and the bench measures the pure work.
  expect(figures.renders).toBe(15);
});

/** A workspace whose override appends 1,000 sections of every kind. */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  workspace: async ({}, use) => {
    const copy = copyDemoWorkspace();
    const sections = Array.from({ length: 1000 }, (_, i) => {
      const kind = i % 4;
      return {
        id: `bulk-${String(i).padStart(4, '0')}`,
        type: 'file',
        file: kind === 2 ? `$KITS_RULES/missing-${i}.md` : '$KITS_RULES/00-core.md',
        order: 100 + i,
        needsInjection: false,
        when: kind === 1 ? { var: 'chatType', eq: 'group' } : 'always',
        description: `Bulk section ${i}`,
      };
    });
    const file = path.join(copy.home, 'eck', 'eck_manifest.json');
    const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as { sections: unknown[] };
    fs.writeFileSync(
      file,
      JSON.stringify({
        totalMaxFiles: 400,
        totalMaxBytes: 2_000_000,
        sections: [...demo.sections, ...sections],
      }),
    );
    await use(copy);
    copy.remove();
  },
});

test('1,000 sections: rows are virtualised and the list scrolls to the end smoothly', async ({
  page,
  serve,
}) => {
  test.setTimeout(120_000);
  await page.goto(serve.url);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const list = page.getByTestId('timeline-list');
  await expect(page.getByTestId('timeline')).toContainText('of 1016');
  const inDom = await page.getByTestId('timeline-row').count();
  expect(inDom).toBeLessThan(60);
  const firstRender = Number(await page.getByTestId('timeline').getAttribute('data-layout-ms'));

  // Jump through the list in 40 steps to the end; each step times the scroll until the next
  // painted frame (new rows mounted, measured and laid out), then lets the list settle.
  const frames = await list.evaluate(async (el) => {
    const durations: number[] = [];
    const steps = 40;
    for (let i = 1; i <= steps; i++) {
      const t0 = performance.now();
      el.scrollTop = (el.scrollHeight * i) / steps;
      await new Promise<void>((r) => requestAnimationFrame(() => r()));
      durations.push(performance.now() - t0);
      await new Promise<void>((r) => setTimeout(r, 30));
    }
    return durations;
  });
  await expect(page.locator('[data-testid="timeline-row"][data-section="bulk-0999"]')).toBeVisible();
  // Keyboard to the end and back works at this size too.
  await list.focus();
  await page.keyboard.press('Home');
  await expect(page.locator('[data-testid="timeline-row"][data-section="rules"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('End');
  await expect(page.locator('[data-testid="timeline-row"][data-section="bulk-0999"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const figures = {
    sections: 1016,
    rowsInDom: inDom,
    firstRenderWithLayoutMs: firstRender,
    scrollStepMedianMs: median(frames),
    scrollStepP90Ms: [...frames].sort((a, b) => a - b)[Math.floor(frames.length * 0.9)],
    scrollStepMaxMs: Math.max(...frames),
    loadAverage: os.loadavg()[0],
  };
  console.log(`timeline 1,000 sections: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'perf', description: JSON.stringify(figures) });
  // The guarantee is structural (a few rows mounted, every row reachable); times are recorded.
  expect(frames).toHaveLength(40);
});

/**
 * Renders leave the main side capped: three vars of 4 MiB made a 63 MB
 * `getLastRender`; now each is its marker in every place that carries it, the report's sections
 * are still sent, and the pushed `onDidRender` obeys the same caps. A context over the cap is
 * sent as `''` with its marker.
 */
import { describe, expect, it } from 'vitest';
import type { RenderResult, Scenario } from '../../shared/api';
import { MAX_ANSWER_BYTES, MAX_SHOWN_TEXT_BYTES, isTooLargeMarker } from '../../shared/api/answer-caps';
import type { DraftRenders } from '../../shared/api/methods/override';
import { renderContext } from '../../shared/engine';
import { useCoreHarness } from './test-support/core-harness';

const harness = useCoreHarness();
const { call } = harness;

const MiB = 1024 * 1024;
const wireBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Three vars at the input limit (4 MiB each), beside the scenario's own. */
function withHugeVars(scenario: Scenario): Scenario {
  const huge = (c: string): string => c.repeat(4 * MiB);
  return { ...scenario, vars: { ...scenario.vars, hugeA: huge('a'), hugeB: huge('b'), hugeC: huge('c') } };
}

describe('render caps', () => {
  it('getLastRender with three 4 MiB vars sends markers, keeps the report, stays under the cap', async () => {
    const choice = harness.appWorkspace('eck-render-caps-');
    await harness.start({ choice });
    const scenario = withHugeVars(await call<Scenario>('getScenario'));
    await call('setScenario', scenario);
    const last = await call<RenderResult>('getLastRender');
    expect(wireBytes(last)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(last.tooLarge?.vars).toEqual(['hugeA', 'hugeB', 'hugeC']);
    for (const name of ['hugeA', 'hugeB', 'hugeC']) {
      const value = last.scenario.vars[name];
      expect(isTooLargeMarker(value) && value.tooLarge.bytes).toBe(4 * MiB + 2);
      expect(isTooLargeMarker(last.report.vars[name])).toBe(true);
    }
    // The report is still there: every section with its status.
    expect(last.report.sections.length).toBeGreaterThan(5);
    expect(last.report.context.length).toBeGreaterThan(0);
    expect(last.scenario.vars['selfAid']).toBe(scenario.vars['selfAid']);
    // The pushed render (both transports send the hub's events) is capped the same way.
    const pushed = harness.events.filter((e) => e.event === 'onDidRender').at(-1)?.payload as RenderResult;
    expect(pushed.seq).toBe(last.seq);
    expect(wireBytes(pushed)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(pushed.tooLarge?.vars).toHaveLength(3);
    // The main side keeps the full scenario: a render is cut only as it is sent.
    expect(harness.core.host.current.scenario.vars['hugeA']).toHaveLength(4 * MiB);
  });

  it('many vars each under the per-value cap are cut, largest first, until the answer fits', async () => {
    const choice = harness.appWorkspace('eck-render-caps-many-');
    await harness.start({ choice });
    const scenario = await call<Scenario>('getScenario');
    const vars: Record<string, unknown> = { ...scenario.vars };
    for (let i = 0; i < 6; i++) vars[`big${i}`] = String(i).repeat(1.5 * MiB + i);
    const once = await call<RenderResult>('render', { ...scenario, vars });
    expect(wireBytes(once)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    const cut = once.tooLarge?.vars ?? [];
    expect(cut.length).toBeGreaterThan(0);
    // The largest went first: big5 is the longest.
    expect(cut).toContain('big5');
    expect(typeof once.scenario.vars['big0']).toBe('string');
  });

  it('render and renderDraft are capped too (two renders share one answer)', async () => {
    const choice = harness.appWorkspace('eck-render-caps-draft-');
    await harness.start({ choice });
    const scenario = withHugeVars(await call<Scenario>('getScenario'));
    const once = await call<RenderResult>('render', scenario);
    expect(wireBytes(once)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(once.tooLarge?.vars).toHaveLength(3);
    const drafts = await call<DraftRenders>('renderDraft', {
      scenario,
      manifestFile: 'eck_manifest.json',
      overrideText: '{"sections": []}',
    });
    expect(wireBytes(drafts)).toBeLessThan(MAX_ANSWER_BYTES);
    expect(drafts.draft?.tooLarge?.vars).toHaveLength(3);
  });

  it('a context over the cap is sent as its marker; a render that fits is sent as it is', async () => {
    const choice = harness.appWorkspace('eck-render-caps-context-');
    let pad = 0;
    await harness.start({
      choice,
      // A kit whose render is 3 MiB (a template pulling in a huge file): the engine's output, padded.
      render: (input, fs) => {
        const report = renderContext(input, fs);
        return { ...report, context: report.context + 'y'.repeat(pad) };
      },
    });
    const small = await call<RenderResult>('getLastRender');
    expect(small.tooLarge).toBeUndefined();
    pad = 3 * MiB;
    await call('setScenario', await call<Scenario>('getScenario'));
    const last = await call<RenderResult>('getLastRender');
    expect(last.report.context).toBe('');
    expect(last.tooLarge?.context?.bytes).toBeGreaterThan(3 * MiB);
    expect(last.tooLarge?.context?.cap).toBe(MAX_SHOWN_TEXT_BYTES);
    expect(last.report.totals.bytes).toBe(small.report.totals.bytes);
    expect(wireBytes(last)).toBeLessThan(MAX_SHOWN_TEXT_BYTES);
  });
});

/**
 * The Session column's guess for snapshots in evolcore's format: the demo home's history is in
 * that format, and the demo kit has a main and an auxiliary manifest with different sections.
 */
import { describe, expect, it } from 'vitest';
import type { RenderReport } from '../../shared/engine';
import { sessionGuesser } from './session-guess';

function report(manifestFile: string, ids: readonly string[], rendered = true): RenderReport {
  return { rendered, manifestFile, sections: ids.map((id) => ({ id })) } as unknown as RenderReport;
}

describe('sessionGuesser', () => {
  const renders: Record<string, RenderReport> = {
    main: report('eck_manifest.json', ['identity', 'rules', 'peer']),
    auxiliary: report('eck_manifest.auxiliary.json', ['identity', 'task']),
    // Falls back to the main manifest: the same sections as main.
    coding: report('eck_manifest.json', ['identity', 'rules', 'peer']),
    broken: report('eck_manifest.broken.json', [], false),
  };
  const render = (t: string): RenderReport => {
    const r = renders[t];
    if (r === undefined) throw new Error(`no render for ${t}`);
    return r;
  };

  it('names the one session type whose manifest lists exactly the recorded sections', () => {
    const guess = sessionGuesser(['main', 'auxiliary', 'broken', 'missing'], render);
    expect(guess(['identity', 'task'])).toEqual({
      sessionType: 'auxiliary',
      manifestFile: 'eck_manifest.auxiliary.json',
    });
    expect(guess(['identity', 'rules', 'peer'])).toEqual({
      sessionType: 'main',
      manifestFile: 'eck_manifest.json',
    });
  });

  it('guesses nothing for another order, other sections, or sections two types share', () => {
    const guess = sessionGuesser(['main', 'auxiliary', 'coding'], render);
    expect(guess(['task', 'identity'])).toBeNull();
    expect(guess(['identity'])).toBeNull();
    expect(guess(['identity', 'rules', 'peer'])).toBeNull();
    expect(guess(['identity', 'task'])?.sessionType).toBe('auxiliary');
  });
});

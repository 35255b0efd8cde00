/**
 * Type tests of the typed client: a method with an input schema needs its argument, a method
 * without one may be called bare. `tsc` (npm run typecheck) fails if an `@ts-expect-error` below
 * stops being an error; the runtime test only keeps vitest from reporting an empty file.
 */
import { describe, expect, it } from 'vitest';
import type { InspectorMethods } from './client';

/** Calls that must (or must not) compile; never run. */
export function typeChecks(api: InspectorMethods): void {
  void api.getHistory();
  void api.setScenario({ presetId: null, vars: {}, sessionType: 'main', manifestFile: null });
  // @ts-expect-error setScenario has an input schema: calling it bare does not compile.
  void api.setScenario();
}

describe('InspectorMethods', () => {
  it('is a type: its checks run in tsc', () => {
    expect(typeof typeChecks).toBe('function');
  });
});

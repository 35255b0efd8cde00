/**
 * Once per e2e run: bundle `serve` (support/serve-bundle.ts) and hand its path to the workers.
 */
import { SERVE_BUNDLE_ENV, bundleServe, removeBundle } from './support/serve-bundle';

/** Playwright global setup; the returned function is the teardown. */
export default async function globalSetup(): Promise<() => void> {
  const entry = await bundleServe();
  process.env[SERVE_BUNDLE_ENV] = entry;
  return () => removeBundle(entry);
}

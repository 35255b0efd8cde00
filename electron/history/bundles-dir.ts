/**
 * Where exported bundles go: a subfolder of the app's settings folder. A service constant, so
 * the core that cleans stale temp files there and the handlers that write there share it
 * without the core importing a handler.
 */
export const BUNDLES_FOLDER = 'bundles';

/**
 * Content-Security-Policy of the inspector's page, for `serve` (HTTP header) and Electron
 * (response header of the app's own files).
 *
 * Scripts only from the app itself, no eval; styles may be inline because Monaco injects its
 * own; workers from the app or blob: (Monaco's Vite workers); network only back to the app.
 */

/** The CSP; `connect` lists extra origins the page may talk to (the WebSocket of `serve`). */
export function contentSecurityPolicy(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${connect.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

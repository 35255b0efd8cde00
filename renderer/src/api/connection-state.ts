/**
 * State of the connection to the main side, for the status bar. Kept apart from the WebSocket
 * code so DOM-free code (the store, benches) can name it without the DOM types.
 */

/**
 * `open` once calls go through; `closed` while a dropped socket waits to reconnect;
 * `unauthorized` when `serve` refuses the page's token (none, or one of an earlier run): only
 * the URL `serve` printed helps then, so no more attempts are made.
 */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'unauthorized';

/**
 * State of the connection to the main side, for the status bar. Kept apart from the WebSocket
 * code so DOM-free code (the store, benches) can name it without the DOM types.
 */

/** `open` once calls go through; `closed` while a dropped socket waits to reconnect. */
export type ConnectionState = 'connecting' | 'open' | 'closed';

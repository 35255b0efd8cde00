/**
 * The background pass's reader thread: reads and parses the batches the main thread sends
 * (pass-batch.ts), so the main thread only writes finished rows and its event loop stays free
 * for requests. Built as its own bundle (scripts/build-package.ts); in the sources it runs
 * through tsx (pass-worker-client.ts).
 */
import { parentPort } from 'node:worker_threads';
import { readPassBatch } from './pass-batch';
import type { PassBatchReply, PassBatchRequest } from './pass-batch';
import { lowerThreadPriority } from './thread-nice';

const port = parentPort;
if (port !== null) {
  // A thread per core reads at full speed while idle cores remain; the window comes first.
  lowerThreadPriority();
  port.on('message', (request: PassBatchRequest) => {
    let reply: PassBatchReply;
    try {
      reply = { id: request.id, results: readPassBatch(request) };
    } catch (err) {
      // parseSnapshot turns bad files into values; anything else is a bug, answered, not fatal.
      reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
}

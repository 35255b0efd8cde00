/**
 * The background pass's reader thread: reads and parses the batches the main thread sends
 * (pass-batch.ts), so the main thread only writes finished rows and its event loop stays free
 * for requests. Built as its own bundle (scripts/build-package.ts); in the sources it runs
 * through tsx (pass-worker-client.ts).
 */
import { parentPort } from 'node:worker_threads';
import { packPassBatch, readPassBatch } from './pass-batch';
import type { PassBatchReply, PassWorkerMessage } from './pass-batch';
import { lowerThreadPriority } from './thread-nice';

/** Buffers kept for reuse: as many as batches are out per thread, and a spare. */
const MAX_KEPT_BUFFERS = 3;

const port = parentPort;
if (port !== null) {
  // A thread per core reads at full speed while idle cores remain; the window comes first.
  lowerThreadPriority();
  // Buffers the main thread gave back, refilled by the next batches (pass-batch.ts PackedPassBatch).
  const buffers: ArrayBuffer[] = [];
  port.on('message', (message: PassWorkerMessage) => {
    if ('giveBack' in message) {
      if (buffers.length < MAX_KEPT_BUFFERS) buffers.push(message.giveBack);
      return;
    }
    const request = message.read;
    let reply: PassBatchReply;
    try {
      const { packed, length } = packPassBatch(readPassBatch(request), buffers.pop());
      reply = { id: request.id, packed, length };
    } catch (err) {
      // parseSnapshot turns bad files into values; anything else is a bug, answered, not fatal.
      reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply, 'packed' in reply ? [reply.packed] : []);
  });
}

/**
 * A fake Anthropic Messages API on 127.0.0.1 for Claude Code Verify, after
 * ../shared/tools/claude-code-oracle/fake-api.mjs: it records each request, answers
 * `/v1/messages` with a minimal valid message (SSE when asked to stream) and, with a read target,
 * answers the first main turn (the one offering the Read tool) with a Read of that file, so
 * Claude Code attaches what goes with it. Bodies are capped: nothing here grows without bound.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The id the Read tool_use carries; the attachments follow its tool_result. */
export const READ_TOOL_USE_ID = 'toolu_eck_verify_read_1';
/** A request body larger than this is recorded as too large (Claude Code's are a few hundred KB). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** One request as received. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

export interface FakeApi {
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

interface MessageBlock {
  readonly type: string;
  readonly [key: string]: unknown;
}

let counter = 0;
function message(model: unknown, content: readonly MessageBlock[], stopReason: string) {
  return {
    id: `msg_eck_verify_${++counter}`,
    type: 'message',
    role: 'assistant',
    model: typeof model === 'string' ? model : 'claude-sonnet-4-5',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

function sendStream(res: http.ServerResponse, msg: ReturnType<typeof message>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (type: string, data: Record<string, unknown>): void => {
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  event('message_start', { message: { ...msg, content: [], stop_reason: null } });
  msg.content.forEach((block, index) => {
    if (block.type === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block['text'] } });
    } else {
      event('content_block_start', { index, content_block: { ...block, input: {} } });
      event('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block['input']) },
      });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', {
    delta: { stop_reason: msg.stop_reason, stop_sequence: null },
    usage: { output_tokens: 1 },
  });
  event('message_stop', {});
  res.end();
}

function isMainTurn(body: unknown): boolean {
  const tools = (body as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) && tools.some((t) => (t as { name?: unknown } | null)?.name === 'Read');
}

/** The recorded body: the JSON sent, or a note of what it was instead. */
function parseBody(size: number, chunks: readonly Buffer[]): unknown {
  if (size > MAX_BODY_BYTES) return { tooLarge: size };
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return raw === '' ? null : (JSON.parse(raw) as unknown);
  } catch {
    return { unparsed: raw.slice(0, 2000) };
  }
}

/** Starts the fake API; `readTarget` (absolute) makes the first main turn a Read of it. */
export function startFakeApi(readTarget: string | null): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  let readSent = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      const body = parseBody(size, chunks);
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, body });
      if (req.method === 'POST' && url.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ input_tokens: 1 }));
        return;
      }
      if (req.method === 'POST' && url.startsWith('/v1/messages')) {
        const model = (body as { model?: unknown } | null)?.model;
        let msg;
        if (readTarget !== null && !readSent && isMainTurn(body)) {
          readSent = true;
          msg = message(
            model,
            [{ type: 'tool_use', id: READ_TOOL_USE_ID, name: 'Read', input: { file_path: readTarget } }],
            'tool_use',
          );
        } else {
          msg = message(model, [{ type: 'text', text: 'ok' }], 'end_turn');
        }
        if ((body as { stream?: unknown } | null)?.stream === true) sendStream(res, msg);
        else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(msg));
        }
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'not here' } }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Reading the memory out of the requests Claude Code sent, as
 * ../shared/tools/claude-code-oracle does: the start block is the `# claudeMd` value of the
 * context reminder in the first main-turn request; the attachments are the `Contents of <path>:`
 * texts that follow the Read's tool_result in the second.
 */
import { READ_TOOL_USE_ID, type RecordedRequest } from './fake-anthropic-api';

const CONTEXT_HEAD =
  "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n";
const CONTEXT_TAIL = '\n\n      IMPORTANT: this context may or may not be relevant to your tasks.';

interface Block {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly tool_use_id?: unknown;
}
interface Message {
  readonly role?: unknown;
  readonly content?: unknown;
}

function blocksOf(m: Message): Block[] {
  if (typeof m.content === 'string') return [{ type: 'text', text: m.content }];
  return Array.isArray(m.content) ? (m.content as Block[]) : [];
}

function messagesOf(body: unknown): Message[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? (messages as Message[]) : [];
}

/** The main-turn requests (those offering the Read tool), in order. */
export function mainTurns(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((q) => {
    const tools = (q.body as { tools?: unknown } | null)?.tools;
    return (
      q.method === 'POST' &&
      /^\/v1\/messages(\?|$)/.test(q.url) &&
      Array.isArray(tools) &&
      tools.some((t) => (t as { name?: unknown } | null)?.name === 'Read')
    );
  });
}

/** The `# claudeMd` value ('' when Claude Code loaded no memory). */
export function startBlockOf(body: unknown): string {
  for (const m of messagesOf(body)) {
    if (m.role !== 'user') continue;
    for (const b of blocksOf(m)) {
      if (b.type !== 'text' || typeof b.text !== 'string' || !b.text.startsWith(CONTEXT_HEAD)) continue;
      const ctx = b.text.slice(CONTEXT_HEAD.length);
      if (!ctx.startsWith('# claudeMd\n')) return '';
      const end = ctx.lastIndexOf(CONTEXT_TAIL);
      let value = ctx.slice('# claudeMd\n'.length, end === -1 ? undefined : end);
      // The context's later keys, always after claudeMd.
      for (const key of ['userEmail', 'attachedProject', 'currentDate']) {
        const i = value.lastIndexOf(`\n# ${key}\n`);
        if (i !== -1) value = value.slice(0, i);
      }
      return value;
    }
  }
  return '';
}

/** One attachment: the file and the body Claude Code sends for it. */
export interface CapturedAttachment {
  readonly path: string;
  readonly text: string;
}

/**
 * The files attached after the Read, in order. Consecutive ones arrive merged into one text: it
 * is cut again before each `Contents of <path>:` line whose path is a file (`isFile`).
 */
export function attachmentsOf(body: unknown, isFile: (p: string) => boolean): CapturedAttachment[] {
  const out: { path: string; text: string }[] = [];
  let afterRead = false;
  for (const m of messagesOf(body)) {
    if (m.role === 'assistant') continue;
    for (const b of blocksOf(m)) {
      if (b.type === 'tool_result' && b.tool_use_id === READ_TOOL_USE_ID) afterRead = true;
      if (!afterRead || b.type !== 'text' || typeof b.text !== 'string') continue;
      let t = b.text;
      if (t.startsWith('<system-reminder>\n'))
        t = t.slice('<system-reminder>\n'.length).replace(/\n<\/system-reminder>\n?$/, '');
      if (!/^Contents of [^\n]+:\n\n/.test(t)) continue;
      const items: { path: string; text: string }[] = [];
      for (const part of t.split(/\n\n(?=Contents of [^\n]+:\n\n)/)) {
        const p = /^Contents of ([^\n]+):\n\n/.exec(part)?.[1];
        const last = items.at(-1);
        if (last !== undefined && (p === undefined || !isFile(p))) last.text += `\n\n${part}`;
        else items.push({ path: p ?? '', text: part });
      }
      out.push(...items);
    }
  }
  return out;
}

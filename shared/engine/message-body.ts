/**
 * The message body evolcore builds from a batch of messages (`renderMessageBody` in evolclaw's
 * message-renderer.ts, clarifications §10): every message rendered on its own through the
 * message manifest's non-loop sections — blank lines kept, its text held as a sentinel and put
 * back literally so `{{…}}` in a user's message is never parsed — then the results wrapped by
 * the first enabled loop section whose `when` holds (its wrapper rendered with the session vars,
 * `{{@loop}}` replaced literally), else joined by a blank line. No total gate, no header.
 */
import type { EngineFs, Json, MergedSection, RenderInput, Vars } from './types';
import { derivePathVars } from './path-vars';
import { readBaseManifest, readOverrideManifest } from './manifest-files';
import { mergeManifests } from './merge';
import { nodeJoin } from '../base/posix-path';
import { isPlainObject } from './truthy';
import { evaluateWhen, parseWhen } from './when';
import { sectionFiles } from './walk';
import { LOOP_SENTINEL, renderTemplate } from './template/render';

/** The message manifest file. */
export const MESSAGE_MANIFEST_FILE = 'eck_message_manifest.json';

/** One message of a batch (evolclaw's `SubMessage`, the fields the renderer reads). */
export type MessageItem = Readonly<Record<string, unknown>>;

/** Inputs: the session's package root, home and vars, the batch, and the clock. */
export interface MessageBodyInput extends Pick<
  RenderInput,
  'packageRoot' | 'home' | 'vars' | 'overrideText'
> {
  readonly items: readonly MessageItem[];
  /** Epoch ms used for `now` where a message has no timestamp (default: the current time). */
  readonly now?: number;
}

/** The body, or why evolcore could not build it (it then sends the raw text). */
export interface MessageBodyResult {
  readonly body: string;
  /** Per message: the ids of the sections that made its text (none: the raw text was used). */
  readonly items: readonly { readonly sections: readonly string[]; readonly fallback: boolean }[];
  /** The loop section that wrapped the batch, if any. */
  readonly wrapper: string | null;
  readonly error: string | null;
}

function parts(
  epochMs: number,
  timeZone: string | undefined,
  opts: Intl.DateTimeFormatOptions,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    ...opts,
  }).formatToParts(new Date(epochMs)))
    out[p.type] = p.value;
  return out;
}

/** `2026-06-04 21:33:07 +08:00` in a time zone (`formatLocalTime`). */
export function formatLocalTime(epochMs: number, timeZone?: string): string {
  const g = parts(epochMs, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const hour = g.hour === '24' ? '00' : g.hour;
  const offset =
    (parts(epochMs, timeZone, { timeZoneName: 'longOffset' }).timeZoneName || '').replace(/^GMT/, '') ||
    '+00:00';
  return `${g.year}-${g.month}-${g.day} ${hour}:${g.minute}:${g.second} ${offset}`;
}

/** For each modeType, the modeName of its first `isDefault` section (`defaultModeNames`). */
export function defaultModeNames(sections: readonly MergedSection[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { raw } of sections) {
    const type = raw.modeType;
    if (type && raw.isDefault && raw.modeName && out[String(type)] === undefined)
      out[String(type)] = String(raw.modeName);
  }
  return out;
}

/**
 * The mode each message type renders with: the agent config's `renderModes[type]` when it is a
 * non-empty string, else the type's `isDefault` mode (message-renderer.ts `activeMode`).
 */
export function activeModes(
  sections: readonly MergedSection[],
  vars: Vars,
): (type: string) => { readonly configured: string | null; readonly active: string | undefined } {
  const defaults = defaultModeNames(sections);
  const renderModes = (vars as Record<string, unknown>).renderModes;
  const configured = isPlainObject(renderModes) ? renderModes : {};
  return (type) => {
    const c = configured[type];
    const given = typeof c === 'string' && c !== '' ? c : null;
    return { configured: given, active: given ?? defaults[type] };
  };
}

const sentinel = (tag: string): string =>
  `\x00ECMSG-${tag}${Math.random().toString(36).slice(2)}${Date.now().toString(36)}\x00`;
const whenHolds = (raw: Readonly<Record<string, Json>>, vars: Vars): boolean => {
  const r = evaluateWhen(parseWhen(raw.when), vars);
  if (r.crash) throw new Error(r.crash.why);
  return r.result;
};
/** `text.split(s).join(value)`: `join(undefined)` joins with "," as in JS. */
const putBack = (text: string, s: string, value: unknown): string =>
  text.split(s).join(value === undefined ? ',' : String(value));

function itemVars(
  session: Vars,
  item: MessageItem,
  modes: ReturnType<typeof activeModes>,
  content: string,
  prev: string,
  now: number,
): Vars {
  const s = session as Record<string, unknown>;
  const tz = s.timezone ? String(s.timezone) : undefined;
  const handoff = isPlainObject(item.handoff) ? item.handoff : undefined;
  const origin = handoff && isPlainObject(handoff.origin) ? handoff.origin : undefined;
  const owner = item.kind === 'owner-hint';
  const mentions =
    Array.isArray(item.mentionAids) && item.mentionAids.length > 0 ? item.mentionAids.join(',') : undefined;
  const ts = typeof item.timestamp === 'number' ? item.timestamp : now;
  return {
    ...s,
    peerId: item.peerId ?? s.peerId,
    peerName: item.peerName ?? s.peerName,
    peerType: item.peerType ?? s.peerType,
    peerRole: item.peerRole ?? s.peerRole,
    sameDevice: item.sameDevice ?? s.sameDevice,
    sameNetwork: item.sameNetwork ?? s.sameNetwork,
    sameEgressIp: item.sameEgressIp ?? s.sameEgressIp,
    encrypted: item.encrypted,
    mentionAids: mentions,
    now: formatLocalTime(ts, tz),
    renderMode_private: modes('private').active,
    renderMode_group: modes('group').active,
    renderMode_inject: modes('inject').active,
    isOwnerHint: owner,
    ownerAid: owner ? (item.ownerAid ?? undefined) : undefined,
    injectTime: owner
      ? formatLocalTime(typeof item.injectTime === 'number' ? item.injectTime : ts, tz)
      : undefined,
    isHandoff: item.kind === 'handoff',
    handoffKind: handoff?.kind,
    handoffOriginChannel: origin?.channel,
    handoffOriginPeerId: origin?.peerId,
    handoffOriginThreadId: origin?.threadId,
    handoffOriginPeerName: origin?.peerName,
    handoffOriginPeerType: origin?.peerType,
    handoffOriginRole: origin?.role,
    handoffPreviousMessageId: handoff?.previousMessageId ?? undefined,
    handoffPreviousContent: handoff ? prev : undefined,
    handoffReplyCommand: handoff?.replyCommand,
    handoffContinueCommand: handoff?.continueCommand,
    content,
  };
}

/** Builds the body of a batch of messages as evolcore does. */
export function renderMessageBody(input: MessageBodyInput, fs: EngineFs): MessageBodyResult {
  const empty = (error: string | null): MessageBodyResult => ({ body: '', items: [], wrapper: null, error });
  if (input.items.length === 0) return empty(null);
  const given = isPlainObject(input.vars) ? input.vars : {};
  const session = derivePathVars(input.packageRoot, input.home, given).vars;
  const base = readBaseManifest(fs, nodeJoin(input.packageRoot, 'kits', MESSAGE_MANIFEST_FILE));
  if ('fatal' in base) return empty(base.fatal.message);
  const override = readOverrideManifest(
    fs,
    nodeJoin(input.home, 'eck', MESSAGE_MANIFEST_FILE),
    input.overrideText,
    [],
  );
  const { manifest, crash } = mergeManifests(
    MESSAGE_MANIFEST_FILE,
    base.doc,
    override.doc,
    override.state,
    [],
  );
  if (crash) return empty(crash.message);
  const sections = manifest.sections;
  const modes = activeModes(sections, session);
  const content = sentinel('');
  const now = input.now ?? Date.now();
  try {
    const rendered = input.items.map((item) => {
      const prev = sentinel('HANDOFF-PREV-');
      const vars = itemVars(session, item, modes, content, prev, now);
      const out: string[] = [];
      const used: string[] = [];
      for (const s of sections) {
        const raw = s.raw;
        if (raw.enabled === false || raw.loop) continue;
        if (!whenHolds(raw, vars)) continue;
        const loaded = sectionFiles(fs, input.packageRoot, s, vars);
        if ('crash' in loaded) throw new Error(loaded.crash);
        for (const f of loaded.files) {
          const text = raw.needsInjection ? renderTemplate(f.text, vars, false) : f.text;
          const handoff = isPlainObject(item.handoff) ? item.handoff.previousContent : undefined;
          const withContent = putBack(putBack(text, content, item.content), prev, handoff ?? '');
          if (withContent.trim()) {
            out.push(withContent.replace(/\s+$/, ''));
            used.push(s.id);
          }
        }
      }
      return { text: out.length > 0 ? out.join('\n') : item.content, sections: used };
    });
    const texts = rendered.map((r) => r.text);
    const wrapped = wrapBatch(fs, input.packageRoot, sections, session, texts);
    const body = wrapped?.body ?? texts.join('\n\n');
    return {
      body,
      items: rendered.map((r) => ({ sections: r.sections, fallback: r.sections.length === 0 })),
      wrapper: wrapped?.id ?? null,
      error: null,
    };
  } catch (e) {
    // evolcore catches this and sends the raw text instead.
    return empty(
      `evolcore's message renderer throws (${e instanceof Error ? e.message : String(e)}); it sends the raw message text instead`,
    );
  }
}

function wrapBatch(
  fs: EngineFs,
  packageRoot: string,
  sections: readonly MergedSection[],
  session: Vars,
  texts: readonly unknown[],
): { body: string; id: string } | null {
  const loop = sections.find((s) => s.raw.loop && s.raw.enabled !== false && whenHolds(s.raw, session));
  if (!loop || !loop.raw.file) return null;
  const loaded = sectionFiles(fs, packageRoot, loop, session);
  if ('crash' in loaded) throw new Error(loaded.crash);
  const first = loaded.files[0];
  if (!first) return null;
  const spec = loop.raw.loop as unknown as Record<string, unknown>;
  const sep = spec.separator ?? '\n\n';
  const joined = texts.join(String(sep));
  const tpl = first.text.includes('{{@loop}}')
    ? first.text.split('{{@loop}}').join(LOOP_SENTINEL)
    : `${first.text}\n${LOOP_SENTINEL}`;
  return { body: renderTemplate(tpl, session, false).split(LOOP_SENTINEL).join(joined), id: loop.id };
}

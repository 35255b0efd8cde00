/**
 * The message body evolcore builds from a batch of messages (`renderMessageBody` in evolclaw's
 * message-renderer.ts, docs/engine.md §10): every message rendered on its own through the
 * message manifest's non-loop sections — blank lines kept, its text held as a sentinel and put
 * back literally so `{{…}}` in a user's message is never parsed — then the results wrapped by
 * the first enabled loop section whose `when` holds (its wrapper rendered with the session vars,
 * `{{@loop}}` replaced literally), else joined by a blank line. No total gate, no header.
 */
import type { Diagnostic, EngineFs, Json, MergedSection, RenderInput, Vars } from './types';
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
  /**
   * What evolcore does that the operator would not expect, each naming the message and field:
   * a field of the wrong type (read as evolcore reads it), a manifest evolcore cannot parse.
   */
  readonly warnings: readonly string[];
}

function parts(
  epochMs: unknown,
  timeZone: string | undefined,
  opts: Intl.DateTimeFormatOptions,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    ...opts,
  }).formatToParts(new Date(epochMs as number)))
    out[p.type] = p.value;
  return out;
}

/**
 * `2026-06-04 21:33:07 +08:00` in a time zone (`formatLocalTime`). The time is whatever the
 * message holds, given to `new Date` as evolcore gives it (a string is parsed as a date, an
 * invalid one makes `Intl` throw a RangeError, as it does there).
 */
export function formatLocalTime(epochMs: unknown, timeZone?: string): string {
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

/**
 * For each modeType, the modeName of its first `isDefault` section (`defaultModeNames`), kept
 * as the manifest wrote it: a number stays a number, so `when {"eq": 5}` matches it.
 */
export function defaultModeNames(sections: readonly MergedSection[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const { raw } of sections) {
    const type = raw.modeType;
    // `out[type]` converts the key as String() does (and throws where it throws).
    if (type && raw.isDefault && raw.modeName && out[String(type)] === undefined)
      out[String(type)] = raw.modeName;
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
): (type: string) => { readonly configured: string | null; readonly active: Json | undefined } {
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

/** `value?.[key]` as JavaScript reads it: a string's or a number's `.kind` is undefined. */
const prop = (v: unknown, key: string): unknown =>
  v === null || v === undefined ? undefined : (v as Record<string, unknown>)[key];

/**
 * `item.mentionAids.join(',')` when `item.mentionAids && item.mentionAids.length > 0`, as
 * evolcore writes it: a string of AIDs passes that test and then throws (a string has no join).
 */
function joinMentions(m: unknown): unknown {
  if (!m || !((prop(m, 'length') as number) > 0)) return undefined;
  const join = prop(m, 'join');
  if (typeof join !== 'function') throw new TypeError('item.mentionAids.join is not a function');
  return (join as (sep: string) => unknown).call(m, ',');
}

/** `allImages.push(...item.images)` when it has a length: spreading a non-list object throws. */
function checkImages(images: unknown): void {
  if (!images || !((prop(images, 'length') as number) > 0)) return;
  if (typeof images !== 'string' && !Array.isArray(images))
    throw new TypeError('Spread syntax requires ...iterable[Symbol.iterator] to be a function');
}

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
  // Read exactly as message-renderer.ts reads them, whatever their type.
  const handoff = item.handoff;
  const origin = prop(handoff, 'origin');
  const owner = item.kind === 'owner-hint';
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
    mentionAids: joinMentions(item.mentionAids),
    now: formatLocalTime(item.timestamp ?? now, tz),
    renderMode_private: modes('private').active,
    renderMode_group: modes('group').active,
    renderMode_inject: modes('inject').active,
    isOwnerHint: owner,
    ownerAid: owner ? (item.ownerAid ?? undefined) : undefined,
    injectTime: owner ? formatLocalTime(item.injectTime ?? item.timestamp ?? now, tz) : undefined,
    isHandoff: item.kind === 'handoff',
    handoffKind: prop(handoff, 'kind'),
    handoffOriginChannel: prop(origin, 'channel'),
    handoffOriginPeerId: prop(origin, 'peerId'),
    handoffOriginThreadId: prop(origin, 'threadId'),
    handoffOriginPeerName: prop(origin, 'peerName'),
    handoffOriginPeerType: prop(origin, 'peerType'),
    handoffOriginRole: prop(origin, 'role'),
    handoffPreviousMessageId: prop(handoff, 'previousMessageId') ?? undefined,
    handoffPreviousContent: handoff ? prev : undefined,
    handoffReplyCommand: prop(handoff, 'replyCommand'),
    handoffContinueCommand: prop(handoff, 'continueCommand'),
    content,
  } as Vars;
}

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/** The fields of a message whose type is not what evolcore expects, and what it then does. */
export function messageFieldWarnings(item: MessageItem, index: number): string[] {
  const out: string[] = [];
  const at = `message #${index + 1}`;
  const m = item.mentionAids;
  if (m !== undefined && m !== null && !Array.isArray(m)) {
    const throws = Boolean(m) && (prop(m, 'length') as number) > 0;
    out.push(
      `${at}: "mentionAids" is ${kindOf(m)}, not a list of AIDs: ${throws ? "evolcore's renderer calls .join on it and throws, so the batch falls back to the raw text" : 'evolcore reads it as no mentions'}`,
    );
  }
  for (const field of ['timestamp', 'injectTime'] as const) {
    const v = item[field];
    if (v === undefined || v === null || typeof v === 'number') continue;
    const t = new Date(v as number).getTime();
    out.push(
      `${at}: "${field}" is ${kindOf(v)} (${JSON.stringify(v)}), not epoch milliseconds: evolcore gives it to new Date(), ${Number.isNaN(t) ? 'an invalid date, so formatting it throws and the batch falls back to the raw text' : `which reads it as ${new Date(t).toISOString()}`}`,
    );
  }
  const h = item.handoff;
  if (h !== undefined && h !== null && !isPlainObject(h))
    out.push(
      `${at}: "handoff" is ${kindOf(h)}, not an object: evolcore reads none of its fields${h ? ', but still marks the message as carrying a previous message (empty)' : ''}`,
    );
  const imgs = item.images;
  if (imgs !== undefined && imgs !== null && !Array.isArray(imgs))
    out.push(`${at}: "images" is ${kindOf(imgs)}, not a list`);
  if (item.content === undefined)
    out.push(
      `${at}: it has no "content": evolcore puts "," where {{content}} is (it joins the text's pieces with undefined, which Array.join reads as ",")`,
    );
  else if (typeof item.content !== 'string')
    out.push(
      `${at}: "content" is ${kindOf(item.content)}, not text: evolcore puts String(content) where {{content}} is`,
    );
  return out;
}

/** Builds the body of a batch of messages as evolcore does. */
export function renderMessageBody(input: MessageBodyInput, fs: EngineFs): MessageBodyResult {
  const warnings: string[] = [];
  const empty = (error: string | null): MessageBodyResult => ({
    body: '',
    items: [],
    wrapper: null,
    error,
    warnings,
  });
  if (input.items.length === 0) return empty(null);
  try {
    input.items.forEach((item, i) => warnings.push(...messageFieldWarnings(item, i)));
    return renderBatch(input, fs, warnings);
  } catch (e) {
    // evolcore catches this and sends the raw text instead.
    return empty(
      `evolcore's message renderer throws (${e instanceof Error ? e.message : String(e)}); it sends the raw message text instead`,
    );
  }
}

/** The sections of the message manifest; none when evolcore cannot load its base (raw text). */
function messageSections(
  input: MessageBodyInput,
  fs: EngineFs,
  warnings: string[],
): readonly MergedSection[] {
  const base = readBaseManifest(fs, nodeJoin(input.packageRoot, 'kits', MESSAGE_MANIFEST_FILE));
  if ('fatal' in base) {
    // loadManifest logs and returns no sections: every message falls back to its raw text.
    warnings.push(`${base.fatal.message}; evolcore sends every message as its raw text`);
    return [];
  }
  const diagnostics: Diagnostic[] = [];
  const override = readOverrideManifest(
    fs,
    nodeJoin(input.home, 'eck', MESSAGE_MANIFEST_FILE),
    input.overrideText,
    diagnostics,
  );
  for (const d of diagnostics) if (d.code === 'manifest-bom') warnings.push(d.message);
  const { manifest, crash } = mergeManifests(
    MESSAGE_MANIFEST_FILE,
    base.doc,
    override.doc,
    override.state,
    [],
  );
  if (crash) throw new Error(crash.message);
  return manifest.sections;
}

function renderBatch(input: MessageBodyInput, fs: EngineFs, warnings: string[]): MessageBodyResult {
  const given = isPlainObject(input.vars) ? input.vars : {};
  const session = derivePathVars(input.packageRoot, input.home, given).vars;
  const sections = messageSections(input, fs, warnings);
  for (const item of input.items) checkImages(item.images);
  const modes = activeModes(sections, session);
  const content = sentinel('');
  const now = input.now ?? Date.now();
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
        const handoff = prop(item.handoff, 'previousContent');
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
    warnings,
  };
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

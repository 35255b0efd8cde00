/**
 * Random message-manifest worlds for the comparison with the real `message-renderer.ts`: an
 * `eck_message_manifest.json` (per-item sections whose `when` reads the message's kind, its
 * render mode and its sender; modes with `modeType` / `modeName` / `isDefault`, a name of any
 * type; a loop wrapper; an override that patches, replaces, carries a BOM or is broken), the
 * templates they read, a batch of messages whose fields are of every type a sender could put
 * there, and the session vars. Seeded like `fuzz.ts`: `--seed S` replays the same worlds.
 */
import { createRng, caseSeed, type Rng } from './prng';
import type { Entry } from './fuzz';

/** One message world: files, session vars, the batch and the clock. */
export interface MessageWorld {
  readonly entries: Readonly<Record<string, Entry>>;
  readonly vars: Record<string, unknown>;
  readonly items: Record<string, unknown>[];
  readonly now: number;
  readonly tags: readonly string[];
}

const FILE = 'eck_message_manifest.json';
const BOM = '\ufeff';

const TEMPLATES = [
  '[{{peerName}}] {{content}}',
  '{{now}} {{peerName}}({{peerRole}}): {{content}}\n\n',
  '{{?mentionAids}}@{{mentionAids}} {{/}}{{content}}',
  '{{?encrypted=true}}🔒{{/}}{{?encrypted=false}}✉️{{/}} {{content}}',
  '【插话 {{ownerAid}} {{injectTime}}】\n{{content}}',
  'handoff {{handoffKind}} from {{handoffOriginChannel}}/{{handoffOriginPeerName}}:\n{{handoffPreviousContent}}\n---\n{{content}}',
  'mode {{renderMode_private}} / {{renderMode_group}} / {{renderMode_inject}}\n{{content}}',
  '{{?isOwnerHint}}owner{{/}}{{?isHandoff}}handoff{{/}} {{content}}\n\n\nlast',
  '   \n\n',
  'no content tag here {{peerId}}',
  '{{content}} and again {{content}}',
];

function when(rng: Rng): unknown {
  return rng.pick<unknown>([
    'always',
    { var: 'kind', eq: 'owner-hint' },
    { var: 'isOwnerHint', eq: true },
    { var: 'isHandoff', eq: true },
    { var: 'renderMode_private', eq: 'full' },
    { var: 'renderMode_private', eq: 'compact' },
    { var: 'renderMode_private', eq: 5 },
    { var: 'renderMode_group', eq: 2 },
    { var: 'renderMode_group', neq: null },
    {
      and: [
        { var: 'chatType', eq: 'group' },
        { var: 'renderMode_group', eq: 'std' },
      ],
    },
    { or: [{ var: 'peerRole', in: ['owner', 'admin'] }, { any: ['mentionAids'] }] },
    { var: 'peerType', nin: ['agent'] },
    { all: ['encrypted'] },
  ]);
}

function section(rng: Rng, i: number, tags: Set<string>): Record<string, unknown> {
  const s: Record<string, unknown> = {
    id: `m${i}`,
    type: 'file',
    file: `$KITS_MESSAGE_FRAGMENTS/t${rng.int(0, TEMPLATES.length - 1)}.md`,
    order: rng.int(0, 50),
    needsInjection: rng.chance(0.85),
    when: when(rng),
  };
  if (rng.chance(0.08)) s['enabled'] = false;
  if (rng.chance(0.4)) {
    s['modeType'] = rng.chance(0.95)
      ? rng.pick(['private', 'group', 'inject'])
      : rng.pick<unknown>([['private'], { toString: 'x' }]);
    const name = rng.pick<unknown>([
      'full',
      'compact',
      'std',
      5,
      2,
      0,
      '',
      true,
      ['full'],
      { toString: 'x' },
    ]);
    s['modeName'] = name;
    if (typeof name !== 'string') tags.add('mode-name-not-string');
    if (rng.chance(0.6)) s['isDefault'] = rng.pick<unknown>([true, true, 1, 'yes']);
    tags.add('modes');
  }
  if (rng.chance(0.04)) {
    s['file'] = '$KITS_MESSAGE_FRAGMENTS/missing.md';
    tags.add('missing-file');
  }
  return s;
}

function timeValue(rng: Rng): unknown {
  if (rng.chance(0.6)) return rng.pick([1780000000000, Date.UTC(2026, 0, 1, 16, 0, 0), 1]);
  return rng.pick<unknown>([
    1780000000000,
    Date.UTC(2026, 0, 1, 16, 0, 0),
    0,
    '2026-06-04T13:33:07Z',
    '1780000000000',
    'not a date',
    true,
    null,
    [5],
    {},
  ]);
}

function item(rng: Rng, tags: Set<string>): Record<string, unknown> {
  const it: Record<string, unknown> = {};
  const c = rng.next();
  it['content'] =
    c < 0.93
      ? rng.pick(['hi', 'hi {{secret}}', 'two\n\nparagraphs  \n', '爱丽丝说：你好', '', '   '])
      : rng.pick<unknown>([5, null, undefined, ['a', 'b'], { toString: 'x' }]);
  if (it['content'] === undefined) delete it['content'];
  if (rng.chance(0.6))
    it['peerName'] = rng.pick<unknown>(['Alice', 'Bob', '', 0, null, ['A', 'B'], { toString: 'x' }]);
  if (rng.chance(0.3)) it['peerRole'] = rng.pick(['owner', 'member', 'admin']);
  if (rng.chance(0.2)) it['peerType'] = rng.pick(['human', 'agent']);
  if (rng.chance(0.3)) it['kind'] = rng.pick(['owner-hint', 'handoff', 'message', 5]);
  if (rng.chance(0.5)) {
    it['timestamp'] = timeValue(rng);
    if (typeof it['timestamp'] !== 'number') tags.add('timestamp-odd');
  }
  if (rng.chance(0.25)) {
    it['injectTime'] = timeValue(rng);
    if (typeof it['injectTime'] !== 'number') tags.add('inject-time-odd');
  }
  if (rng.chance(0.35)) {
    it['mentionAids'] = rng.chance(0.6)
      ? rng.pick<unknown>([['a.aid.pub'], ['a', 'b'], []])
      : rng.pick<unknown>(['a.aid.pub', '', 5, [null, 'x'], { length: 1 }]);
    if (!Array.isArray(it['mentionAids'])) tags.add('mention-aids-odd');
  }
  if (rng.chance(0.3)) {
    it['handoff'] = rng.pick<unknown>([
      {
        kind: 'reply',
        origin: { channel: 'aun', peerName: 'Carol', peerId: 'c' },
        previousContent: 'earlier {{x}}',
      },
      { kind: 'send', previousMessageId: null },
      'a string',
      5,
      ['x'],
      null,
      true,
      { origin: 'str' },
    ]);
    const h = it['handoff'];
    if (h === null || typeof h !== 'object' || Array.isArray(h)) tags.add('handoff-odd');
  }
  if (rng.chance(0.2)) it['encrypted'] = rng.pick<unknown>([true, false, 'true']);
  if (rng.chance(0.15)) it['ownerAid'] = rng.pick<unknown>(['owner.aid.pub', null]);
  if (rng.chance(0.1)) {
    it['images'] = rng.pick<unknown>([[{ data: 'x', mimeType: 'image/png' }], 'ab', { length: 1 }, [], 3]);
    tags.add('images');
  }
  return it;
}

/** Message world `index` of run `seed`. */
export function generateMessageWorld(seed: number, index: number): MessageWorld {
  const rng = createRng(caseSeed(seed + 0x3e55, index));
  const tags = new Set<string>();
  const entries: Record<string, Entry> = {};
  TEMPLATES.forEach((t, i) => {
    entries[`package/kits/templates/message-fragments/t${i}.md`] = t;
  });
  entries['package/kits/templates/message-fragments/wrap.md'] = rng.pick([
    '【批次 剩余{{remainingInQueue}}条】\n\n{{@loop}}\n【批次结束】',
    'no loop tag {{remainingInQueue}}',
    '{{@loop}}',
  ]);
  const sections = Array.from({ length: rng.int(1, 6) }, (_, i) => section(rng, i, tags));
  if (rng.chance(0.35)) {
    sections.push({
      id: 'batch',
      type: 'file',
      file: '$KITS_MESSAGE_FRAGMENTS/wrap.md',
      order: 1,
      needsInjection: true,
      when: rng.pick<unknown>(['always', { var: 'remainingInQueue', neq: null }]),
      loop: {
        forEach: 'items',
        childFile: '$KITS_MESSAGE_FRAGMENTS/t0.md',
        ...(rng.chance(0.5) ? { separator: rng.pick<unknown>(['\n', ' | ', 5, null]) } : {}),
      },
    });
    tags.add('loop');
  }
  const base = JSON.stringify({ $schema_version: 1, sections });
  const b = rng.next();
  if (b < 0.06) {
    entries[`package/kits/${FILE}`] = BOM + base;
    tags.add('bom:base');
  } else if (b < 0.1) {
    entries[`package/kits/${FILE}`] = rng.pick(['null', '5', '"x"', '[]']);
    tags.add('base-not-object');
  } else if (b < 0.12) tags.add('base-missing');
  else if (b < 0.14) {
    entries[`package/kits/${FILE}`] = '{ oops';
    tags.add('base-not-json');
  } else entries[`package/kits/${FILE}`] = base;
  const o = rng.next();
  if (o < 0.15) {
    const patch = { sections: [{ id: 'm0', enabled: rng.chance(0.5) }, section(rng, 9, tags)] };
    entries[`home/eck/${FILE}`] = rng.chance(0.3) ? BOM + JSON.stringify(patch) : JSON.stringify(patch);
    tags.add(String(entries[`home/eck/${FILE}`]).startsWith(BOM) ? 'bom:override' : 'override-patch');
  } else if (o < 0.25 || tags.has('base-not-object')) {
    entries[`home/eck/${FILE}`] = JSON.stringify({
      mode: 'replace',
      sections: [section(rng, 20, tags), section(rng, 21, tags)],
    });
    tags.add('override-replace');
  } else if (o < 0.28) {
    entries[`home/eck/${FILE}`] = rng.pick(['{ broken', 'null', '[]', '{"sections": 5}']);
    tags.add('override-broken');
  }
  const vars: Record<string, unknown> = { secret: 'TOKEN', x: 'X' };
  if (rng.chance(0.6))
    vars['timezone'] = rng.chance(0.9)
      ? rng.pick(['UTC', 'Asia/Shanghai', 'America/New_York', ''])
      : rng.pick<unknown>(['Nowhere/Zone', { toString: 'x' }]);
  if (rng.chance(0.4)) {
    vars['renderModes'] = rng.pick<unknown>([
      { private: 'full' },
      { private: 5 },
      { group: 'std' },
      'x',
      null,
      ['a'],
    ]);
    tags.add('render-modes');
  }
  if (rng.chance(0.5)) vars['remainingInQueue'] = rng.pick<unknown>([0, 3, '2', null]);
  if (rng.chance(0.5)) vars['chatType'] = rng.pick(['private', 'group']);
  if (rng.chance(0.4)) vars['peerName'] = 'SessionPeer';
  const items = Array.from({ length: rng.int(1, 4) }, () => item(rng, tags));
  return { entries, vars, items, now: Date.UTC(2026, 5, 4, 13, 33, 7), tags: [...tags].sort() };
}

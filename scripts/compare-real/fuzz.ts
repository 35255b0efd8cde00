/**
 * Seeded random worlds for the comparison: a package root and a home with a base manifest, maybe
 * an override, files and folders, and a vars set — aimed at the corners where two engines drift
 * (when trees with odd types, nested and unclosed template tags, #each over non-arrays, loops,
 * glob patterns, tiny folder and total budgets, patch/replace/broken overrides, path tokens with
 * `..`, empty and whitespace-only files, CJK text). Every choice comes from the case's own PRNG,
 * so `--seed S` replays the same worlds and case i does not depend on the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRng, caseSeed, type Rng } from './prng';

/**
 * A file's text or raw bytes, a folder (which a pattern may match: a name that is not a readable
 * file), or a symlink to `link` (relative to the link's folder; may dangle or loop).
 */
export type Entry =
  | string
  | Buffer
  | { readonly dir: true }
  | { readonly link: string }
  | { readonly head: string; readonly size: number };

export interface World {
  /** Paths relative to the world's root: `package/…` and `home/…`. */
  readonly entries: Readonly<Record<string, Entry>>;
  readonly vars: Record<string, unknown>;
  readonly manifestFile?: string;
  readonly sessionType?: string;
  /** What the world exercises, to tell which features a failing group shares. */
  readonly tags: readonly string[];
}

const AID = 'nova.aid.pub';
const VAR_KEYS = [
  'chatType',
  'peerRole',
  'peerName',
  'name',
  'zero',
  'one',
  'flag',
  'obj',
  'arr',
  'empty',
  'items',
  'nums',
  'text',
  'peerKey',
  'selfAid',
  'nope',
] as const;

function scalar(rng: Rng): unknown {
  return rng.pick<unknown>([
    'private',
    'group',
    'owner',
    'member',
    '',
    'a',
    'b',
    '0',
    'true',
    0,
    1,
    -1,
    2.5,
    true,
    false,
    null,
    '爱丽丝',
    '  padded  ',
    'has {{one}} tag',
    '{{?flag}}x{{/}}',
    'line1\n\nline3',
    '$KITS_DOCS',
  ]);
}

function varValue(rng: Rng, key: string): unknown {
  switch (key) {
    case 'chatType':
      return rng.pick(['private', 'group', null, '', 'other']);
    case 'peerRole':
      return rng.pick(['owner', 'admin', 'member', 'visitor', '', 0]);
    case 'peerName':
      return rng.pick(['Alice', '爱丽丝', '{{peerRole}}', 'Bob {{#each nums}}{{.}}{{/each}}', '', 'a\n\nb']);
    case 'name':
      return rng.pick([
        'a',
        'b',
        'c',
        '../rules',
        'x/../a',
        '..',
        '0',
        0,
        '',
        'private',
        'group',
        'x\\..\\a',
        'big',
      ]);
    case 'zero':
      return 0;
    case 'one':
      return 1;
    case 'flag':
      return rng.pick([true, false, 'false', 0, 1, null]);
    case 'obj':
      return rng.pick<unknown>([{ a: 1 }, {}, { nested: { b: [1, 2] } }]);
    case 'arr':
      return rng.pick<unknown>([['a', 'b'], [1, 0], [[1], [2]], [{ x: 1 }], ['{{one}}']]);
    case 'empty':
      return rng.pick<unknown>([[], '', {}, null]);
    case 'items':
      return rng.pick<unknown>([
        [
          { peerName: 'Alice', content: 'hi' },
          { peerName: 'Bob', content: '你好', attachment: 'a.pdf' },
        ],
        ['x', 'y', 'z'],
        [0, '', null, false, 'w'],
        [{ content: 'has {{one}} in it' }, 'scalar', [1, 2]],
        [{ '.': 'own dot', '@index': 99, content: 'c' }, { peerRole: 'owner' }],
        [],
        { peerName: 'not an array' },
        'not an array',
        3,
        null,
      ]);
    case 'nums':
      return rng.pick<unknown>([[0, 1, 2], [0], [], [10, 20]]);
    case 'text':
      return rng.pick(['多行\n文本\n', 'trailing   ', '\t\ttabbed', '{{', '}}', '{{/}}', '{{/each}}', '']);
    case 'peerKey':
      return rng.pick(['aun#alice.aid.pub', '../../package/kits/docs', 'feishu#oc_team42', '', 'aun#../x']);
    case 'selfAid':
      return rng.pick([AID, AID, '', 'other.aid']);
    default:
      return scalar(rng);
  }
}

/** A random vars set (keys missing at random). */
function genVars(rng: Rng): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const k of VAR_KEYS) if (k !== 'nope' && rng.chance(0.6)) vars[k] = varValue(rng, k);
  if (rng.chance(0.08)) vars['KITS_DOCS'] = rng.pick([null, '/nowhere', '', '<P>/kits/rules']);
  if (rng.chance(0.05)) vars['AGENT_DIR'] = rng.pick([null, '<H>/agents/other', '<P>/kits']);
  // `<P>` and `<H>` become the world's package root and home (see placePaths)
  if (rng.chance(0.2)) vars['CURRENT_PROJECT'] = rng.pick(['<P>/proj', '<P>/proj/', '<P>', '/elsewhere']);
  if (rng.chance(0.05)) vars['EVOLCORE_HOME'] = rng.pick(['<H>', '<P>', null]);
  if (rng.chance(0.04)) vars['PERSONAL_DIR'] = `<H>/agents/${AID}/relations`;
  if (rng.chance(0.04)) vars['KITS_RULES'] = rng.pick(['<P>/kits/docs', null, '']);
  if (rng.chance(0.04)) vars['@index'] = 7;
  if (rng.chance(0.04)) vars['.'] = 'dot';
  vars['sessionId'] = 's-fuzz';
  return vars;
}

/** Puts the world's folders into the vars' `<P>` / `<H>` placeholders (deeply, strings only). */
export function placePaths(value: unknown, P: string, H: string): unknown {
  if (typeof value === 'string') return value.replaceAll('<P>', P).replaceAll('<H>', H);
  if (Array.isArray(value)) return value.map((v) => placePaths(v, P, H));
  if (value !== null && typeof value === 'object') {
    // JSON round trip keeps an own "__proto__" key an own key (assignment would set the prototype)
    const text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'string' ? v.replaceAll('<P>', P).replaceAll('<H>', H) : v,
    );
    return JSON.parse(text) as unknown;
  }
  return value;
}

// Besides the vars: element fields, names every plain object inherits (a template or a path that
// reads `constructor` gets Object's source text from a plain-object vars), and a CJK name (`\w`
// does not match it, so the tag stays literal).
const TAG_KEYS = [
  ...VAR_KEYS,
  '.',
  '@index',
  'content',
  'peerName',
  'attachment',
  'x',
  'constructor',
  'toString',
  '名字',
];

/** A template fragment; `depth` bounds nesting. */
function fragment(rng: Rng, depth: number, tags: Set<string>): string {
  const k = (): string => rng.pick(TAG_KEYS);
  const body = (): string =>
    depth > 0 ? fragment(rng, depth - 1, tags) : rng.pick(['x', '内容', '', ' ', 'y\n']);
  switch (rng.int(0, 17)) {
    case 0:
      return rng.pick(['plain line', '中文一行', 'ends with spaces   ', '\t', '　', '', 'a  b']);
    case 1:
      tags.add('var');
      return `{{${k()}}}`;
    case 2:
      tags.add('if');
      return `{{?${k()}}}${body()}{{/}}`;
    case 3:
      tags.add('if-eq');
      return `{{?${k()}=${rng.pick(['owner', 'private', '0', 'true', '', 'undefined', 'null', 'a,b', '[object Object]'])}}}${body()}{{/}}`;
    case 4:
      tags.add('if-neq');
      return `{{?${k()}!=${rng.pick(['owner', 'group', '0', '', 'undefined'])}}}${body()}{{/}}`;
    case 5:
      tags.add('if-nested');
      return `{{?${k()}}}a{{?${k()}}}${body()}{{/}}b{{/}}`;
    case 6:
      tags.add('if-unclosed');
      return rng.pick([
        `{{?${k()}}}unclosed`,
        'stray {{/}} close',
        `{{?${k()}=}}eq-empty{{/}}`,
        '{{?}}x{{/}}',
        `{{?${k()}=a=b}}two equals{{/}}`,
        `{{?${k()}=owner }}trailing space{{/}}`,
        `{{?${k()}!=}}neq-empty{{/}}`,
        `{{?${k()}}}{{#each nums}}{{.}}{{/}}{{/each}}`,
        `{{#each items}}{{?peerRole}}[{{peerRole}}]{{/}}{{/each}}`,
      ]);
    case 7:
    case 8: {
      tags.add('each');
      const key = rng.pick(['items', 'nums', 'arr', 'empty', 'obj', 'name', 'nope', 'one']);
      const inner = rng.pick([
        '{{@index}}. {{.}}\n',
        '[{{@index}}] {{peerName}}: {{content}}{{?attachment}}（{{attachment}}）{{/}}\n',
        '- {{.}}',
        '{{@index}}',
        '{{#each nums}}<{{.}}>{{/each}}\n',
        `${body()}\n`,
      ]);
      return `{{#each ${key}}}${inner}{{/each}}`;
    }
    case 9:
      tags.add('each-unclosed');
      return rng.pick([
        '{{#each items}}never closed {{.}}',
        '{{/each}} stray',
        '{{#each 1bad}}x{{/each}}',
        '{{#each  nums}}{{.}}{{/each}}',
      ]);
    case 10:
      tags.add('top-dot');
      return rng.pick(['{{.}}', '{{@index}}', '{{@loop}}']);
    case 11:
      tags.add('malformed');
      return rng.pick([
        '{{ one }}',
        '{{',
        '}}',
        '{one}',
        '{{{one}}}',
        '{{one}',
        '{{-}}',
        '{{?one}}{{?zero}}x{{/}}',
      ]);
    case 12:
      return '\n';
    case 13:
      return '   \n  \n';
    case 14:
      tags.add('cjk');
      return '这是一段中文说明，含全角标点：“引号”。';
    case 15:
      return `${body()}\n${body()}`;
    case 16:
      tags.add('zero');
      return '{{zero}}|{{one}}|{{flag}}|{{empty}}|{{arr}}|{{obj}}';
    default:
      return rng.chance(0.3)
        ? `emoji 😀👍🏽 ${'𠀀'.repeat(rng.int(1, 5))}\n`
        : `${'填充'.repeat(rng.int(1, 60))}\n`;
  }
}

function template(rng: Rng, tags: Set<string>): string {
  const r = rng.next();
  if (r < 0.05) {
    tags.add('empty-file');
    return '';
  }
  if (r < 0.1) {
    tags.add('whitespace-file');
    return rng.pick([' ', '\n\n', ' \t\n　\n', '\n']);
  }
  const parts: string[] = [];
  for (let i = rng.int(1, 7); i > 0; i--) parts.push(fragment(rng, 2, tags));
  return parts.join(rng.pick(['\n', '', '\n\n'])) + rng.pick(['\n', '', '\n\n', '  \n']);
}

function when(rng: Rng, depth: number, tags: Set<string>): unknown {
  const v = (): string =>
    rng.chance(0.04) ? rng.pick(['constructor', 'toString', '__proto__']) : rng.pick([...VAR_KEYS]);
  if (depth === 2 && rng.chance(0.3)) return 'always';
  const r = rng.int(0, 22);
  if (r <= 4) return 'always';
  if (depth <= 0 && r > 18) return 'always';
  switch (r) {
    case 5:
      return { var: v(), eq: scalar(rng) };
    case 6:
      return { var: v(), neq: rng.chance(0.5) ? null : scalar(rng) };
    case 7:
      return { var: v(), eq: null };
    case 8:
      return { var: v(), in: [scalar(rng), scalar(rng)] };
    case 9:
      return { var: v(), nin: [scalar(rng)] };
    case 10:
      return { any: [v(), v()] };
    case 11:
      return { all: rng.chance(0.3) ? [] : [v(), v()] };
    case 12:
      return rng.chance(0.5) ? { any: [] } : {};
    case 13:
      tags.add('when-odd');
      return rng.pick<unknown>([
        { var: v() },
        { eq: 1 },
        { var: v(), in: 'private group' },
        { var: v(), eq: [1] },
        { var: v(), eq: 'x', neq: 'x' },
        'never',
        0,
        true,
        [],
      ]);
    case 14:
      // the real engine throws on these; keep them rare so most worlds render
      if (rng.chance(0.6)) return 'always';
      tags.add('when-throws');
      return rng.pick<unknown>([undefined, null, { var: v(), in: 5 }, { and: {} }, { any: 'flag' }]);
    case 15:
    case 16:
      tags.add('when-and');
      return { and: [when(rng, depth - 1, tags), when(rng, depth - 1, tags)] };
    case 17:
    case 18:
      tags.add('when-or');
      return { or: rng.chance(0.15) ? [] : [when(rng, depth - 1, tags), when(rng, depth - 1, tags)] };
    default:
      tags.add('when-mixed');
      return { var: v(), eq: scalar(rng), and: [when(rng, depth - 1, tags)], or: [] };
  }
}

const FILE_PATHS = [
  '$KITS_DOCS/a.md',
  '$KITS_DOCS/b.md',
  '$KITS_DOCS/c.md',
  '$KITS_DOCS/missing.md',
  '$KITS_FRAGMENTS/{{name}}.md',
  '$KITS_FRAGMENTS/{{chatType}}.md',
  '$KITS_DOCS/{{nope}}.md',
  '$KITS_DOCS/../rules/10-b.md',
  '$KITS/docs/{{zero}}.md',
  '$PERSONAL_DIR/persona.md',
  '$RELATIONS_DIR/{{peerKey}}/profile.md',
  '$ECK/notes.md',
  '$EVOLCORE_HOME/eck/notes.md',
  '$AGENT_DIR/custom.md',
  '$KITS_DOCS/empty.md',
  '$KITS_DOCS/ws.md',
  '$NOPE/x.md',
  '$DIR2/x.md',
  '$kits_docs/a.md',
  'kits/docs/a.md',
  '{{name}}/x.md',
  '$KITS_DOCS/{{name}}',
  '$KITS/../kits-extra/x.md',
  '$PACKAGE_ROOT/kits-extra/x.md',
  '$KITS_DOCS',
  '$KITS_DOCS/link.md',
  '$KITS_DOCS/dangling.md',
  '$KITS_DOCS/self.md',
  '$KITS_DOCS/bin.md',
  '$KITS_DOCS/bom.md',
  '$KITS_DOCS/crlf.md',
  '$CURRENT_PROJECT/notes.md',
  '$KITS_DOCS/{{constructor}}.md',
  '',
];
const EXISTING_FILES = [
  '$KITS_DOCS/a.md',
  '$KITS_DOCS/b.md',
  '$KITS_DOCS/c.md',
  '$KITS_FRAGMENTS/a.md',
  '$KITS_FRAGMENTS/{{chatType}}.md',
  '$PERSONAL_DIR/persona.md',
  '$ECK/notes.md',
  '$KITS_DOCS/bom.md',
  '$KITS_DOCS/crlf.md',
];
const DIR_PATHS = [
  '$KITS_RULES',
  '$KITS_RULES/',
  '$KITS_DOCS',
  '$KITS/{{name}}',
  '$KITS_DOCS/../rules',
  '$KITS/big',
  '$KITS/big',
  '$PERSONAL_DIR',
  '$KITS_RULES/{{nope}}',
  '$ECK',
  'kits/rules',
  '$KITS_DOCS/a.md',
  '$KITS/linkdir',
  '$KITS/../kits-extra',
  '$CURRENT_PROJECT',
  '',
];
const PATTERNS = [
  undefined,
  undefined,
  '*.md',
  '{a,b}.md',
  '?.md',
  'a+.md',
  '*.txt',
  '*',
  '0*.md',
  '[ab].md',
  '*.MD',
  '',
  '[',
  '(a|b).md',
  '{a,b',
  'a{,}b.md',
  '*.m?d',
  '\\.md',
];

function section(rng: Rng, i: number, tags: Set<string>): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  const r = rng.next();
  if (r < 0.03) tags.add('no-id');
  else s['id'] = r < 0.06 ? i : rng.chance(0.05) ? 's0' : `s${i}`;
  const t = rng.next();
  const type = t < 0.5 ? 'file' : t < 0.88 ? 'directory' : rng.pick([undefined, 'folder', 'File', 'glob']);
  if (type !== undefined) s['type'] = type;
  if (type === 'file' || (type !== 'directory' && rng.chance(0.5))) {
    // mostly files that exist, so most worlds render blocks
    if (rng.chance(0.95)) s['file'] = rng.chance(0.55) ? rng.pick(EXISTING_FILES) : rng.pick(FILE_PATHS);
    if (rng.chance(0.1)) s['path'] = rng.pick(DIR_PATHS);
  } else {
    if (rng.chance(0.95)) s['path'] = rng.pick(DIR_PATHS);
    const p = rng.pick(PATTERNS);
    if (p !== undefined) {
      s['pattern'] = p;
      tags.add('pattern');
    }
    if (rng.chance(0.3)) {
      s['maxFiles'] = rng.pick([0, 1, 2, 3]);
      tags.add('maxFiles');
    }
    if (rng.chance(0.3)) {
      s['maxBytes'] = rng.pick([1, 50, 200, 600]);
      tags.add('maxBytes');
    }
  }
  const o = rng.next();
  s['order'] =
    o < 0.04
      ? undefined
      : o < 0.07
        ? '5'
        : o < 0.15
          ? rng.int(0, 3) * 10
          : rng.int(0, 90) + (rng.chance(0.2) ? 0.5 : 0);
  if (s['order'] === undefined) {
    delete s['order'];
    tags.add('no-order');
  }
  const n = rng.next();
  if (n < 0.6) s['needsInjection'] = true;
  else if (n < 0.92) s['needsInjection'] = false;
  else if (n < 0.96) s['needsInjection'] = 'yes';
  const w = when(rng, 2, tags);
  if (w !== undefined) s['when'] = w;
  else tags.add('when-missing');
  const e = rng.next();
  if (e < 0.1) s['enabled'] = false;
  else if (e < 0.14) s['enabled'] = rng.pick([0, 'false', null, true]);
  if (rng.chance(0.5)) s['description'] = rng.pick(['核心规则', 'desc', '', '含 — 破折号']);
  if (rng.chance(0.06)) {
    tags.add('odd-field');
    const field = rng.pick([
      'file',
      'path',
      'maxFiles',
      'maxBytes',
      'description',
      'id',
      'order',
      'type',
      'needsInjection',
    ]);
    s[field] = rng.pick<unknown>(
      field === 'maxFiles' || field === 'maxBytes'
        ? ['2', null, -1, 1.5, 0, '100']
        : field === 'file' || field === 'path'
          ? [5, null, ['a.md'], {}]
          : field === 'order'
            ? [null, 'x', true, -0, 1e21]
            : [0, {}, ['x'], true, null, 5],
    );
    if (field === 'file' || field === 'path') tags.add('odd-path-type');
  }
  if (type === 'file' && rng.chance(0.18)) {
    tags.add('loop');
    const loop: Record<string, unknown> = {
      forEach: rng.pick(['items', 'nums', 'arr', 'empty', 'obj', 'nope', 'name']),
      childFile: rng.pick([
        '$KITS_TEMPLATES/child.md',
        '$KITS_TEMPLATES/child2.md',
        '$KITS_TEMPLATES/none.md',
        '{{nope}}.md',
      ]),
    };
    if (rng.chance(0.5)) loop['separator'] = rng.pick<unknown>(['', '\n\n', ' | ', '\n---\n', 5, null]);
    if (rng.chance(0.05)) {
      delete loop['childFile'];
      tags.add('loop-no-child');
    }
    if (rng.chance(0.05)) loop['forEach'] = rng.pick<unknown>([5, null, '']);
    s['loop'] = loop;
    s['file'] = rng.pick([
      '$KITS_TEMPLATES/wrapper.md',
      '$KITS_TEMPLATES/wrapper-noloop.md',
      '$KITS_DOCS/a.md',
    ]);
  }
  return s;
}

/** The files every world has (their texts random), so paths in sections often hit something. */
function files(rng: Rng, tags: Set<string>): Record<string, Entry> {
  const e: Record<string, Entry> = {};
  // Every world has files of every kind, so their template features would tag every world:
  // only the layout choices below are tagged.
  const contentTags = new Set<string>();
  const put = (p: string): void => {
    e[p] = template(rng, contentTags);
  };
  for (const f of ['a.md', 'b.md', 'c.md', 'x.txt', '0.md']) put(`package/kits/docs/${f}`);
  e['package/kits/docs/empty.md'] = '';
  e['package/kits/docs/ws.md'] = ' \n\t\n';
  for (const f of [
    '00-a.md',
    '10-b.md',
    'a.md',
    'b.md',
    'ab.md',
    'aa.md',
    'a+.md',
    'B.md',
    'README.txt',
    '.hidden.md',
  ])
    if (rng.chance(0.7)) put(`package/kits/rules/${f}`);
  if (rng.chance(0.2)) {
    e['package/kits/rules/sub.md'] = { dir: true };
    tags.add('dir-named-md');
  }
  for (const f of ['a.md', 'b.md', 'c.md', 'private.md', 'group.md', '0.md'])
    put(`package/kits/templates/system-fragments/${f}`);
  put('package/kits/templates/child.md');
  put('package/kits/templates/child2.md');
  e['package/kits/templates/wrapper.md'] = rng.pick([
    'Batch ({{remainingInQueue}}):\n{{@loop}}\nend',
    '{{@loop}}',
    'before {{@loop}} middle {{@loop}} after',
    `${template(rng, contentTags)}{{@loop}}`,
  ]);
  e['package/kits/templates/wrapper-noloop.md'] = template(rng, contentTags);
  put('package/kits/x/a.md');
  // past the default budgets: more than 20 files in a folder, files near 40 KB, over 100 KB in all
  if (rng.chance(0.25)) {
    tags.add('big-files');
    for (let i = rng.int(18, 26); i > 0; i--)
      e[`package/kits/big/${String(i).padStart(2, '0')}.md`] = rng.chance(0.2)
        ? `# ${i}\n${'内容'.repeat(rng.int(2000, 7000))}\n`
        : template(rng, contentTags);
  }
  put('package/kits-extra/x.md');
  put('package/kits-extra/a.md');
  put('package/proj/notes.md');
  put('package/proj/a.md');
  e['package/kits/docs/link.md'] = { link: 'a.md' };
  e['package/kits/docs/dangling.md'] = { link: 'nowhere.md' };
  e['package/kits/docs/self.md'] = { link: 'self.md' };
  e['package/kits/linkdir'] = { link: 'rules' };
  if (rng.chance(0.3)) e['package/kits/rules/zz-link.md'] = { link: '../docs/b.md' };
  // bytes that are not UTF-8 (decoded with U+FFFD, 3 bytes each, where the disk had 1), a NUL,
  // a BOM, CRLF line ends
  e['package/kits/docs/bin.md'] = Buffer.from([0x61, 0x00, 0x0a, 0xff, 0xfe, 0x0a, 0xe4, 0xb8, 0x0a, 0x62]);
  e['package/kits/docs/bom.md'] = `\ufeff${template(rng, contentTags)}`;
  e['package/kits/docs/crlf.md'] = template(rng, contentTags).replaceAll('\n', '\r\n') + '\r\n\r\n';
  if (rng.chance(0.3)) e['package/kits/rules/crlf.md'] = 'a\r\n\r\n b \r\n';
  put(`home/agents/${AID}/personal/persona.md`);
  put(`home/agents/${AID}/personal/a.md`);
  put(`home/agents/${AID}/relations/aun#alice.aid.pub/profile.md`);
  put(`home/agents/${AID}/custom.md`);
  put('home/eck/notes.md');
  put('home/eck/b.md');
  return e;
}

/** The world of case `index` under run seed `seed`. */
export function generateWorld(seed: number, index: number): World {
  const rng = createRng(caseSeed(seed, index));
  const tags = new Set<string>();
  const entries = files(rng, tags);
  const count = rng.chance(0.15) ? rng.int(9, 16) : rng.int(1, 8);
  const sections = Array.from({ length: count }, (_, i) => section(rng, i, tags));
  const base: Record<string, unknown> = { $schema_version: 1, sections };
  if (rng.chance(0.25)) {
    base['totalMaxFiles'] = rng.pick<unknown>([0, 1, 2, 3, 5, '2', null, -1, 0.5]);
    tags.add('totalMaxFiles');
  }
  if (rng.chance(0.25)) {
    base['totalMaxBytes'] = rng.pick<unknown>([1, 100, 400, 1000, 3000, '500', null, 1e9, 1536]);
    tags.add('totalMaxBytes');
  }
  if (rng.chance(0.02)) {
    base['sections'] = [...sections, rng.pick<unknown>([null, 'a string', 5])];
    tags.add('base-odd-entry');
  }
  const b = rng.next();
  // the manifest file: the default, a forced one, or one an agent config maps a session type to
  let manifestFile: string | undefined;
  let sessionType: string | undefined;
  const m = rng.next();
  if (m < 0.05) manifestFile = 'eck_manifest.other.json';
  else if (m < 0.11) {
    sessionType = rng.pick(['aux', 'main', 'nothing-mapped']);
    const cfg = rng.chance(0.15)
      ? '{ broken'
      : JSON.stringify({
          sessionManifests: {
            aux: 'eck_manifest.aux.json',
            ...(rng.chance(0.5) ? { main: 'eck_manifest.aux.json' } : {}),
          },
        });
    entries[`home/agents/${AID}/config.json`] = cfg;
    tags.add('session-manifests');
  }
  const mapped =
    sessionType === 'aux' ||
    (sessionType === 'main' && entries[`home/agents/${AID}/config.json`]?.toString().includes('"main"'));
  const file = manifestFile ?? (mapped ? 'eck_manifest.aux.json' : 'eck_manifest.json');
  if (b < 0.02) tags.add('base-missing');
  else if (b < 0.04) {
    entries[`package/kits/${file}`] = '{ "sections": [ oops';
    tags.add('base-not-json');
  } else if (b < 0.05) {
    entries[`package/kits/${file}`] = JSON.stringify({ $schema_version: 1 });
    tags.add('base-no-sections');
  } else entries[`package/kits/${file}`] = JSON.stringify(base, null, 1);

  const o = rng.next();
  if (o < 0.3) {
    const ov: Record<string, unknown>[] = [];
    for (let i = rng.int(1, 4); i > 0; i--) {
      const r = rng.next();
      if (r < 0.45 && sections.length > 0) {
        const target = rng.pick(sections);
        const patch: Record<string, unknown> = { id: target['id'] };
        const field = rng.pick([
          'enabled',
          'when',
          'order',
          'file',
          'path',
          'maxFiles',
          'description',
          'needsInjection',
        ]);
        patch[field] =
          field === 'enabled'
            ? false
            : field === 'when'
              ? when(rng, 1, tags)
              : field === 'order'
                ? rng.int(0, 90)
                : field === 'file'
                  ? rng.pick(FILE_PATHS)
                  : field === 'path'
                    ? rng.pick(DIR_PATHS)
                    : field === 'maxFiles'
                      ? 1
                      : field === 'description'
                        ? '覆盖'
                        : true;
        ov.push(patch);
        tags.add('override-patch');
      } else if (r < 0.75) {
        ov.push({ ...section(rng, 50 + i, tags), id: `new${i}` });
        tags.add('override-new');
      } else if (r < 0.88) {
        const s = section(rng, 60 + i, tags);
        delete s['id'];
        ov.push(s);
        tags.add('override-no-id');
      } else {
        // a new id without type: usually with a when (without one the real engine throws)
        ov.push({ id: `only-id${i}`, order: 5, ...(rng.chance(0.8) ? { when: 'always' } : {}) });
        tags.add('override-id-only');
      }
    }
    const top: Record<string, unknown> = { sections: ov };
    if (rng.chance(0.15)) top['totalMaxBytes'] = rng.pick([200, 5000]);
    if (rng.chance(0.1)) top['totalMaxFiles'] = 2;
    entries[`home/eck/${file}`] = JSON.stringify(top);
  } else if (o < 0.38) {
    entries[`home/eck/${file}`] = JSON.stringify({
      mode: 'replace',
      sections: Array.from({ length: rng.int(0, 3) }, (_, i) => section(rng, 70 + i, tags)),
    });
    tags.add('override-replace');
  } else if (o < 0.43) {
    entries[`home/eck/${file}`] = rng.pick([
      '{ not json',
      '',
      '[]',
      '{"sections": 3}',
      'null',
      '{"mode": "replace"}',
      '{"sections": [null]}',
      '{"mode": "Replace", "sections": []}',
      '{"sections": {"id": "s0"}}',
    ]);
    tags.add('override-broken');
  }
  const vars = genVars(rng);
  if (sessionType !== undefined) {
    vars['selfAid'] = AID;
    // An explicit $AGENT_DIR moves the inspector's config lookup (docs/engine.md §1, §12) while
    // the real code reads its agent's own config: a difference by design, not worth finding again.
    delete vars['AGENT_DIR'];
  }
  if (rng.chance(0.03)) {
    // an own "__proto__" key, as JSON.parse makes it (the real engine's vars come from JSON)
    const text = JSON.stringify(vars).replace(/^\{/, '{"__proto__":{"polluted":"yes"},');
    tags.add('vars-own-proto');
    return {
      entries,
      vars: JSON.parse(text) as Record<string, unknown>,
      ...(manifestFile ? { manifestFile } : {}),
      ...(sessionType ? { sessionType } : {}),
      tags: [...tags].sort(),
    };
  }
  return {
    entries,
    vars,
    ...(manifestFile ? { manifestFile } : {}),
    ...(sessionType ? { sessionType } : {}),
    tags: [...tags].sort(),
  };
}

/** Writes a world under `root` (which must be empty). */
export function writeWorld(root: string, world: World): { packageRoot: string; home: string } {
  fs.mkdirSync(path.join(root, 'package', 'kits'), { recursive: true });
  fs.mkdirSync(path.join(root, 'home'), { recursive: true });
  for (const [rel, entry] of Object.entries(world.entries)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (typeof entry === 'string' || Buffer.isBuffer(entry)) fs.writeFileSync(p, entry);
    else if ('link' in entry) fs.symlinkSync(entry.link, p);
    else if ('head' in entry) {
      // A huge file written sparse: its head, then a hole of NUL bytes up to its size.
      fs.writeFileSync(p, entry.head);
      fs.truncateSync(p, entry.size);
    } else fs.mkdirSync(p, { recursive: true });
  }
  return { packageRoot: path.join(root, 'package'), home: path.join(root, 'home') };
}

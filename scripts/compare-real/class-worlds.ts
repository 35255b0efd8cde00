/**
 * Random worlds aimed at seven classes of surprising system context, each a random world of
 * `fuzz.ts` with one class planted in it (the class is picked by the world's own PRNG, so
 * `--seed S` replays them): a manifest with a UTF-8 BOM, a base that is JSON but not an object
 * under a replace override, a value whose `toString` cannot be called in a template, a condition
 * or a path, a file over 64 MiB (written sparse), and files that are binary or not UTF-8.
 */
import { createRng, caseSeed, type Rng } from './prng';
import { generateWorld, type Entry, type World } from './fuzz';

const BOM = '\ufeff';

/** A manifest text of the world's entries, as a JSON value (null when it is not JSON). */
function parsed(entry: Entry | undefined): Record<string, unknown> | null {
  if (typeof entry !== 'string') return null;
  try {
    const v: unknown = JSON.parse(entry);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The manifest file a world renders (the base's name under package/kits). */
function manifestName(world: World): string {
  const bases = Object.keys(world.entries).filter(
    (k) => k.startsWith('package/kits/eck_manifest') && k.endsWith('.json'),
  );
  if (world.manifestFile) return world.manifestFile;
  return bases.map((b) => b.slice('package/kits/'.length))[0] ?? 'eck_manifest.json';
}

/** A value no `String()` can convert: an object whose `toString` is not a function. */
function unconvertible(rng: Rng): unknown {
  return rng.pick<unknown>([
    { toString: 'x' },
    [{ toString: 1 }],
    ['a', { toString: null }],
    { valueOf: 'v', toString: [] },
  ]);
}

/** Section templates that print, compare or resolve the var `bad`. */
const BAD_TEMPLATES = [
  'x {{bad}} y',
  '{{?bad=1}}one{{/}} after',
  '{{?bad!=q}}kept{{/}}',
  '{{?bad}}truthy {{name}}{{/}}',
  '{{#each bad}}[{{.}}]{{/each}}',
  '{{#each items}}{{bad}}{{/each}}',
  'plain text, no tag',
];

const BINARY: readonly Buffer[] = [
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]),
  Buffer.from([0x61, 0x62, 0x80, 0x63, 0x0a]),
  Buffer.from([0xe4, 0xb8, 0x0a, 0x78]),
  Buffer.from([0xf0, 0x9f, 0x98, 0x41, 0xc3]),
  Buffer.from('valid 中文 text ok\n'),
  Buffer.from([0x00, 0x00, 0x00]),
  Buffer.from([0xef, 0xbf, 0xbd, 0x20, 0x6f, 0x6b]),
  Buffer.concat([Buffer.from('head\n'), Buffer.alloc(300, 0xff)]),
];

const CLASSES = ['bom', 'non-object-base', 'to-string', 'huge', 'binary'] as const;

/** World `index` of run `seed`: a random world with one class planted. */
export function generateClassWorld(seed: number, index: number): World {
  const world = generateWorld(seed ^ 0x22, index);
  const rng = createRng(caseSeed(seed + 22, index));
  const entries: Record<string, Entry> = { ...world.entries };
  const vars = { ...world.vars };
  const tags = new Set(world.tags);
  const file = manifestName(world);
  const basePath = `package/kits/${file}`;
  const overridePath = `home/eck/${file}`;
  // Huge files cost a 64 MiB read on the real side: one world in twenty-five.
  const kind = index % 25 === 24 ? 'huge' : rng.pick(CLASSES.filter((c) => c !== 'huge'));
  tags.add(`class:${kind}`);
  const base = parsed(entries[basePath]) ?? { sections: [] };
  const sections = Array.isArray(base['sections']) ? (base['sections'] as unknown[]) : [];
  switch (kind) {
    case 'bom': {
      const where = rng.pick(['base', 'override', 'override']);
      if (where === 'base') {
        entries[basePath] = BOM + JSON.stringify(base);
      } else {
        const ov = parsed(entries[overridePath]) ?? {
          sections: [{ id: 'bom-new', type: 'file', file: '$KITS_DOCS/a.md', order: 1, when: 'always' }],
          totalMaxFiles: rng.pick([0, 1, 2]),
        };
        entries[overridePath] = BOM + JSON.stringify(ov);
      }
      tags.add(`bom:${where}`);
      break;
    }
    case 'non-object-base': {
      entries[basePath] = rng.pick(['null', '5', '"x"', '[]', '[{"id":"a"}]', 'true']);
      const replace = rng.chance(0.8);
      const ovSections = [
        { id: 'r1', type: 'file', file: '$KITS_DOCS/a.md', order: 2, when: 'always', needsInjection: true },
        { id: 'r2', type: 'directory', path: '$KITS_RULES', order: 1, when: 'always' },
      ].slice(0, rng.int(0, 2));
      entries[overridePath] = JSON.stringify(
        replace
          ? {
              mode: 'replace',
              sections: rng.chance(0.9) ? ovSections : 'nope',
              ...(rng.chance(0.3) ? { totalMaxFiles: 1 } : {}),
            }
          : { sections: ovSections },
      );
      tags.add(replace ? 'replace-over-non-object' : 'patch-over-non-object');
      break;
    }
    case 'to-string': {
      vars['bad'] = unconvertible(rng);
      if (rng.chance(0.3)) vars['items'] = [{ bad: unconvertible(rng) }, { name: 'n' }];
      entries['package/kits/docs/bad.md'] = rng.pick(BAD_TEMPLATES);
      const where = rng.next();
      const s: Record<string, unknown> = {
        id: 'bad',
        type: 'file',
        file: where < 0.2 ? '$KITS_DOCS/{{bad}}.md' : '$KITS_DOCS/bad.md',
        order: rng.int(0, 90),
        needsInjection: rng.chance(0.9),
        when: rng.pick<unknown>([
          'always',
          { var: 'bad', eq: 'x' },
          { var: 'bad', neq: null },
          { any: ['bad'] },
        ]),
      };
      // The same value anywhere else the real code converts one: a display alias, a label, the
      // (not selfAid: evolcore's response-engine would already throw joining it into $AGENT_DIR)
      // sort, a folder's or the total budget, a loop's fields, a note's id list.
      const spot = rng.pick([
        'template',
        'template',
        'CURRENT_PROJECT',
        'id',
        'description',
        'order',
        'maxFiles',
        'maxBytes',
        'totalMaxFiles',
        'totalMaxBytes',
        'forEach',
        'separator',
        'pattern',
      ]);
      const odd = unconvertible(rng);
      const top: Record<string, unknown> = {};
      if (spot === 'CURRENT_PROJECT') vars[spot] = odd;
      else if (spot === 'id' || spot === 'description' || spot === 'order') s[spot] = odd;
      else if (spot === 'maxFiles' || spot === 'maxBytes' || spot === 'pattern') {
        s['type'] = 'directory';
        s['path'] = rng.pick(['$KITS_RULES', '$KITS/none', '$KITS/big']);
        s[spot] = odd;
      } else if (spot === 'totalMaxFiles' || spot === 'totalMaxBytes') top[spot] = odd;
      else if (spot === 'forEach' || spot === 'separator') {
        s['file'] = '$KITS_TEMPLATES/wrapper.md';
        s['loop'] = {
          forEach: spot === 'forEach' ? odd : 'items',
          childFile: '$KITS_TEMPLATES/child.md',
          ...(spot === 'separator' ? { separator: odd } : {}),
        };
      }
      sections.push(s);
      entries[basePath] = JSON.stringify({ ...base, ...top, sections });
      delete entries[overridePath];
      tags.add(where < 0.2 ? 'to-string:path' : `to-string:${spot}`);
      break;
    }
    case 'huge': {
      const size = 64 * 1024 * 1024 + rng.int(1, 4096);
      entries['package/kits/docs/huge.md'] = { head: rng.pick(['# huge\n', '', 'text {{name}}\n']), size };
      const inFolder = rng.chance(0.4);
      if (inFolder) entries['package/kits/hugedir/huge.md'] = { head: '# huge\n', size };
      if (inFolder) entries['package/kits/hugedir/small.md'] = 'small';
      sections.push({
        id: 'huge',
        type: inFolder ? 'directory' : 'file',
        ...(inFolder ? { path: '$KITS/hugedir' } : { file: '$KITS_DOCS/huge.md' }),
        order: rng.int(0, 90),
        needsInjection: false,
        when: 'always',
      });
      sections.push({ id: 'after', type: 'file', file: '$KITS_DOCS/a.md', order: 95, when: 'always' });
      entries[basePath] = JSON.stringify({ ...base, sections });
      delete entries[overridePath];
      break;
    }
    case 'binary': {
      for (let i = rng.int(1, 3); i > 0; i--) entries[`package/kits/bin/${i}.md`] = rng.pick(BINARY);
      entries['package/kits/docs/png.md'] = BINARY[0] as Buffer;
      sections.push(
        rng.chance(0.5)
          ? {
              id: 'bin',
              type: 'directory',
              path: '$KITS/bin',
              order: rng.int(0, 90),
              when: 'always',
              needsInjection: rng.chance(0.5),
            }
          : { id: 'bin', type: 'file', file: '$KITS_DOCS/png.md', order: rng.int(0, 90), when: 'always' },
      );
      entries[basePath] = JSON.stringify({ ...base, sections });
      break;
    }
  }
  return { ...world, entries, vars, tags: [...tags].sort() };
}

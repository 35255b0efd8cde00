import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Diagnostic } from '../../shared/engine';
import { NODE_WRITE_OPS } from './atomic-write';
import type { OverrideStoreContext } from './override-store';
import { contentHash, loadManifestPair, saveOverride } from './override-store';
import { overridePathFor } from './override-paths';
import { createWriteScope } from '../services/write-scope';
import { ApiFailure } from '../../shared/api';

let root: string;
let ctx: OverrideStoreContext;
const BASE = {
  sections: [
    { id: 'rules', type: 'directory', path: '$KITS_RULES', order: 10, needsInjection: false, when: 'always' },
  ],
};
const PATCH = '{\n  "sections": [\n    {\n      "id": "rules",\n      "enabled": false\n    }\n  ]\n}\n';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-store-'));
  fs.mkdirSync(path.join(root, 'pkg', 'kits'), { recursive: true });
  fs.mkdirSync(path.join(root, 'home'));
  fs.writeFileSync(path.join(root, 'pkg', 'kits', 'eck_manifest.json'), JSON.stringify(BASE));
  ctx = { home: path.join(root, 'home'), packageRoot: path.join(root, 'pkg') };
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const target = (): string => path.join(root, 'home', 'eck', 'eck_manifest.json');

describe('loading', () => {
  test('no override yet: "none", with the path it would have', () => {
    const pair = loadManifestPair(ctx, 'eck_manifest.json');
    expect(pair.override).toBeNull();
    expect(pair.overridePath).toBe(target());
    expect(JSON.parse(pair.baseText ?? '')).toEqual(BASE);
  });
});

describe('saving', () => {
  test('the first save creates $ECK and writes exactly the text', () => {
    const r = saveOverride(ctx, {
      manifestFile: 'eck_manifest.json',
      text: PATCH,
      expectedHash: null,
      force: false,
    });
    expect(r).toMatchObject({ kind: 'saved', backupPath: null, disk: { hash: contentHash(PATCH) } });
    expect(fs.readFileSync(target(), 'utf8')).toBe(PATCH);
  });

  test('a file changed on disk since it was loaded is a conflict, not overwritten', () => {
    fs.mkdirSync(path.dirname(target()));
    fs.writeFileSync(target(), '{"sections":[]}');
    const loaded = loadManifestPair(ctx, 'eck_manifest.json').override;
    fs.writeFileSync(target(), '{"sections":[{"id":"rules","order":1}]}');
    const r = saveOverride(ctx, {
      manifestFile: 'eck_manifest.json',
      text: PATCH,
      expectedHash: loaded?.hash ?? null,
      force: false,
    });
    expect(r.kind).toBe('conflict');
    expect(r.kind === 'conflict' && r.disk?.text).toBe('{"sections":[{"id":"rules","order":1}]}');
    expect(fs.readFileSync(target(), 'utf8')).toBe('{"sections":[{"id":"rules","order":1}]}');
    // A file created meanwhile, where none was, is a conflict too.
    fs.rmSync(target());
    expect(
      saveOverride(ctx, { manifestFile: 'eck_manifest.json', text: PATCH, expectedHash: 'x', force: false })
        .kind,
    ).toBe('conflict');
  });

  test('overwrite after a conflict writes and keeps theirs as .bak', () => {
    fs.mkdirSync(path.dirname(target()));
    fs.writeFileSync(target(), '{"sections":[]}');
    const r = saveOverride(ctx, {
      manifestFile: 'eck_manifest.json',
      text: PATCH,
      expectedHash: null,
      force: true,
    });
    expect(r.kind).toBe('saved');
    expect(fs.readFileSync(`${target()}.bak`, 'utf8')).toBe('{"sections":[]}');
  });

  test('an invalid draft is refused with its findings and nothing is written', () => {
    const bad = '{"sections":[{"id":"new-one","file":"x.md"}]}';
    const r = saveOverride(ctx, {
      manifestFile: 'eck_manifest.json',
      text: bad,
      expectedHash: null,
      force: false,
    });
    expect(r.kind).toBe('invalid');
    expect(r.kind === 'invalid' && r.issues.some((i) => i.pointer.startsWith('/sections/0'))).toBe(true);
    expect(
      saveOverride(ctx, { manifestFile: 'eck_manifest.json', text: '{', expectedHash: null, force: false })
        .kind,
    ).toBe('invalid');
    expect(fs.existsSync(target())).toBe(false);
  });

  test('engine errors about the override block the save', () => {
    const engineCheck = (): Diagnostic[] => [
      { level: 'error', code: 'invalid-section', message: 'rules: order is not a number', section: 'rules' },
    ];
    const r = saveOverride(
      { ...ctx, engineCheck },
      {
        manifestFile: 'eck_manifest.json',
        text: PATCH,
        expectedHash: null,
        force: false,
      },
    );
    expect(r).toMatchObject({ kind: 'invalid', issues: [{ pointer: '/sections/0', level: 'error' }] });
  });

  test('a draft that makes evolcore fail every message is refused, even for a section it does not touch', () => {
    // when-missing on a base section: not about this override's entries, yet saving it would
    // leave the agent without a turn on every message (the engine's render.failure).
    const engineCheck = (): Diagnostic[] => [
      {
        level: 'error',
        code: 'when-missing',
        message: 'section "persona": `when` is missing',
        section: 'persona',
      },
    ];
    const r = saveOverride(
      { ...ctx, engineCheck },
      { manifestFile: 'eck_manifest.json', text: PATCH, expectedHash: null, force: false },
    );
    expect(r.kind).toBe('invalid');
    expect(r.kind === 'invalid' && r.issues[0]?.message).toMatch(
      /evolcore would fail every message.*persona/,
    );
    expect(fs.existsSync(target())).toBe(false);
    // An ordinary engine error about a section the override does not touch does not block.
    const other = (): Diagnostic[] => [
      { level: 'error', code: 'read-error', message: 'x: EACCES', section: 'persona' },
    ];
    expect(
      saveOverride(
        { ...ctx, engineCheck: other },
        { manifestFile: 'eck_manifest.json', text: PATCH, expectedHash: null, force: false },
      ).kind,
    ).toBe('saved');
  });

  test('a disk that refuses the write is a value, and the old file stays', () => {
    fs.mkdirSync(path.dirname(target()));
    fs.writeFileSync(target(), '{"sections":[]}');
    const ops = {
      ...NODE_WRITE_OPS,
      rename: () => {
        throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
      },
    };
    const r = saveOverride(
      { ...ctx, ops },
      {
        manifestFile: 'eck_manifest.json',
        text: PATCH,
        expectedHash: contentHash('{"sections":[]}'),
        force: false,
      },
    );
    expect(r).toMatchObject({ kind: 'write-failed', reason: 'disk-full' });
    expect(fs.readFileSync(target(), 'utf8')).toBe('{"sections":[]}');
    expect(fs.readdirSync(path.dirname(target())).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
  test('$ECK swapped for a link to a folder outside after the temp file: refused, nothing left anywhere', () => {
    fs.mkdirSync(path.dirname(target()));
    fs.writeFileSync(target(), '{"sections":[]}');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(outside);
    const home = ctx.home;
    const scope = createWriteScope({ home: () => home, settingsDir: () => path.join(root, 'settings') });
    const ops = {
      ...NODE_WRITE_OPS,
      create: (file: string, data: string | Uint8Array) => {
        const made = NODE_WRITE_OPS.create(file, data);
        if (!fs.lstatSync(path.join(home, 'eck')).isSymbolicLink()) {
          fs.renameSync(path.join(home, 'eck'), path.join(home, 'eck-aside'));
          fs.symlinkSync(outside, path.join(home, 'eck'));
        }
        return made;
      },
    };
    let thrown: unknown;
    try {
      saveOverride(
        { ...ctx, scope, ops },
        {
          manifestFile: 'eck_manifest.json',
          text: PATCH,
          expectedHash: contentHash('{"sections":[]}'),
          force: false,
        },
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiFailure);
    expect((thrown as ApiFailure).code).toBe('outside-workspace');
    expect((thrown as ApiFailure).message).toContain('changed while saving');
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.readdirSync(path.join(home, 'eck-aside'))).toEqual(['eck_manifest.json']);
    expect(fs.readFileSync(path.join(home, 'eck-aside', 'eck_manifest.json'), 'utf8')).toBe(
      '{"sections":[]}',
    );
  });
});

describe('the path guard', () => {
  test.each(['../eck_manifest.json', 'a/b.json', '.hidden.json', 'eck_manifest.md', ''])(
    'refuses %j',
    (name) => {
      expect(() => overridePathFor(ctx.home, name)).toThrow();
    },
  );

  test('refuses an $ECK that is a symlink out of the home, and an override that is a symlink', () => {
    fs.mkdirSync(path.join(root, 'elsewhere'));
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(ctx.home, 'eck'));
    expect(() => overridePathFor(ctx.home, 'eck_manifest.json')).toThrow(/outside the home/);
    fs.rmSync(path.join(ctx.home, 'eck'));
    fs.mkdirSync(path.join(ctx.home, 'eck'));
    fs.symlinkSync(path.join(root, 'elsewhere', 'x.json'), target());
    expect(() => overridePathFor(ctx.home, 'eck_manifest.json')).toThrow(/symlink/);
  });
});

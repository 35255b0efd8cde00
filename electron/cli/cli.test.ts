/**
 * The `eck` CLI: commands called in-process through `runCli` with a capturing io, plus a
 * few spawned runs for the real exit codes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderReport } from '../../shared/engine';
import { APP_ROOT } from '../services/app-paths';
import { toEnginePath } from '../services/node-fs';
import { runCaptured } from './test-support/run-captured';
import { rulesFolderSection } from '../../shared/testing/rules-section';

let root: string;
let pkg: string;
let home: string;
let kits: string;

function write(rel: string, text: string): string {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const SECTIONS = [
  rulesFolderSection({ maxFiles: 2 }),
  {
    id: 'persona',
    type: 'file',
    file: '$PERSONAL_DIR/persona.md',
    order: 21,
    needsInjection: false,
    when: { var: 'chatType', neq: null },
  },
  {
    id: 'session',
    type: 'file',
    file: '$KITS_FRAGMENTS/session.md',
    order: 60,
    needsInjection: true,
    when: 'always',
    description: '会话',
  },
];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-cli-'));
  pkg = path.join(root, 'package');
  home = path.join(root, 'home');
  kits = path.join(pkg, 'kits');
  write(
    'package/kits/eck_manifest.json',
    JSON.stringify({ $schema_version: 1, sections: SECTIONS }, null, 2),
  );
  write('package/kits/eck_manifest.auxiliary.json', JSON.stringify({ sections: [SECTIONS[2]] }));
  write('package/kits/rules/00-core.md', '# core\n');
  write('package/kits/rules/10-style.md', '# style\n');
  write('package/kits/rules/20-more.md', '# more\n');
  write(
    'package/kits/templates/system-fragments/session.md',
    '会话 {{sessionId}}\n{{?chatType}}聊天 {{chatType}}{{/}}\n',
  );
  write('home/agents/nova/personal/persona.md', 'I am Nova.\n');
  write(
    'home/agents/nova/config.json',
    JSON.stringify({ sessionManifests: { auxiliary: 'eck_manifest.auxiliary.json' } }),
  );
  write('home/eck/.keep', '');
  write('vars.json', JSON.stringify({ selfAid: 'nova', chatType: 'private', sessionId: 's-1' }));
  write('coding.json', JSON.stringify({ sessionId: 's-2' }));
  write('bad-vars.json', '{\n  "chatType": "private",\n  oops\n}\n');
  write('list-vars.json', '["a"]');
  // A package root that exists but has no kits/: the base manifest is missing (exit 1).
  fs.mkdirSync(path.join(root, 'no-kits'));
  write(
    'typed/kits/eck_manifest.json',
    JSON.stringify({
      sections: [{ id: 'a', type: 'file', file: 7, order: 'x', when: 'always' }],
      totalMaxBytes: 'big',
    }),
  );
  write('override.json', JSON.stringify({ sections: [{ id: 'rules', enabled: false }] }));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const run = runCaptured;

const scenario = (vars = 'vars.json', h = home): string[] => [
  '--package-root',
  pkg,
  '--home',
  h,
  '--vars',
  path.join(root, vars),
];

describe('eck render', () => {
  it('prints the context text alone on stdout, exit 0', async () => {
    const r = await run('render', ...scenario());
    expect(r.code).toBe(0);
    expect(r.out.startsWith('<system-reminder>\nEvolCore Context Kit documents are shown below.\n\n')).toBe(
      true,
    );
    expect(r.out.endsWith('</system-reminder>')).toBe(true);
    expect(r.out).toContain('Contenu de $KITS_RULES/00-core.md (rules):\n\n# core\n');
    expect(r.out).toContain('Contenu de $PERSONAL_DIR/persona.md (persona):\n\nI am Nova.\n');
    expect(r.out).toContain(
      'Contenu de $KITS_FRAGMENTS/session.md (session — 会话):\n\n会话 s-1\n聊天 private',
    );
    expect(r.out).toContain('[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达文件数上限 2 个）。');
  });

  it('--json prints one JSON report with the documented fields', async () => {
    const r = await run('render', ...scenario(), '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RenderReport;
    expect(report.manifestFile).toBe('eck_manifest.json');
    expect(report.context).toContain('会话 s-1');
    expect(report.sections.map((s) => [s.id, s.status])).toEqual([
      ['rules', 'ok'],
      ['persona', 'ok'],
      ['session', 'ok'],
    ]);
    const rules = report.sections[0];
    expect(rules?.files[0]).toMatchObject({
      path: toEnginePath(path.join(kits, 'rules', '00-core.md')),
      display: '$KITS_RULES/00-core.md',
      bytes: 7,
    });
    expect(rules?.truncated).toMatchObject({ reason: 'files', notLoaded: 1 });
    expect(rules?.unresolved).toEqual([]);
    expect(report.totals).toMatchObject({ files: 4, maxFiles: 50, maxBytes: 102400, overTotal: [] });
    expect(Array.isArray(report.diagnostics)).toBe(true);
  });

  it('--json in a coding scenario lists unresolved tokens', async () => {
    const r = await run('render', ...scenario('coding.json'), '--json');
    const report = JSON.parse(r.out) as RenderReport;
    expect(report.sections.find((s) => s.id === 'persona')?.status).toBe('when-false');
    expect(report.context).toContain('会话 s-2');
    expect(report.context).not.toContain('聊天');
  });

  it('text mode prints diagnostics on stderr, one line each', async () => {
    const r = await run('render', ...scenario('list-vars.json'));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^error \[vars-not-object\] .+\n/m);
  });

  it('--session-type picks the manifest through sessionManifests', async () => {
    const r = await run('render', ...scenario(), '--session-type', 'auxiliary', '--json');
    const report = JSON.parse(r.out) as RenderReport;
    expect(report.manifestFile).toBe('eck_manifest.auxiliary.json');
    expect(report.sections.map((s) => s.id)).toEqual(['session']);
  });

  it('--manifest forces the file', async () => {
    const r = await run('render', ...scenario(), '--manifest', 'eck_manifest.auxiliary.json', '--json');
    expect((JSON.parse(r.out) as RenderReport).manifestFile).toBe('eck_manifest.auxiliary.json');
  });

  it('--override FILE is used instead of $ECK/<manifest>', async () => {
    const r = await run('render', ...scenario(), '--override', path.join(root, 'override.json'), '--json');
    const report = JSON.parse(r.out) as RenderReport;
    expect(report.sections.find((s) => s.id === 'rules')?.status).toBe('disabled');
  });

  it('a missing base manifest: exit 1, one line on stderr, no stack trace', async () => {
    const r = await run(
      'render',
      '--package-root',
      path.join(root, 'no-kits'),
      '--home',
      home,
      '--vars',
      path.join(root, 'vars.json'),
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('eck_manifest.json');
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('bad vars JSON: "cannot read vars: <file>:<line>:<col>", one line, exit 1', async () => {
    const file = path.join(root, 'bad-vars.json');
    const r = await run('render', ...scenario('bad-vars.json'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(`^eck render: cannot read vars: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:3: .+\\n$`),
    );
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('bad vars JSON with an unquoted value: the real line and column, still one line', async () => {
    const file = write('unquoted-vars.json', '{\n  "chatType": private\n}\n');
    const r = await run('render', '--package-root', pkg, '--home', home, '--vars', file);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`eck render: cannot read vars: ${file}:2:15: Unexpected token 'p'\n`);
  });

  it('a vars file that does not exist: one line naming it, exit 1', async () => {
    const r = await run('render', ...scenario('missing.json'));
    expect(r.code).toBe(1);
    expect(r.err).toBe(`eck render: cannot read vars: ${path.join(root, 'missing.json')}: no such file\n`);
  });

  it('a vars path that is a folder: one line naming it, exit 2 (not an input file at all)', async () => {
    const r = await run('render', '--package-root', pkg, '--home', home, '--vars', root);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`eck render: --vars ${root}: not a regular file (directory)\n`);
  });

  it('an override file that does not exist: one line naming it, exit 1', async () => {
    const missing = path.join(root, 'no-override.json');
    const r = await run('render', ...scenario(), '--override', missing);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`eck render: cannot read override: ${missing}: no such file\n`);
  });

  it('an --override file that is not JSON: the diagnostic names that file, line and column; base renders', async () => {
    const bad = write('bad-override.json', '{"sections": [\n');
    const r = await run('render', ...scenario(), '--override', bad, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as RenderReport;
    const d = report.diagnostics.find((x) => x.code === 'override-parse-error');
    expect(d?.message.startsWith(`${bad}:2:1:`)).toBe(true);
    expect(report.sections.map((s) => s.id)).toContain('rules');
  });

  it.each([
    [['render', '--bogus'], /^eck render: unknown option --bogus\n$/],
    [['render', '--vars'], /^eck render: --vars needs a value\n$/],
    [['render', '--vars', '--json'], /^eck render: --vars needs a value\n$/],
    [['render', '--json=yes'], /^eck render: --json takes no value\n$/],
    [['render', 'extra'], /^eck render: unexpected argument extra\n$/],
    [['frobnicate'], /^eck: unknown command "frobnicate"\nusage: eck/],
    [[], /^usage: eck <command>/],
    [['manifest', '--nope'], /^eck manifest: unknown option --nope\n$/],
    [['lint', '--nope'], /^eck lint: unknown option --nope\n$/],
  ])('usage error %j: exit 2', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });

  it('--help prints the usage on stdout, exit 0', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^usage: eck/);
  });

  it('--name=value works like --name value', async () => {
    const r = await run(
      'render',
      `--package-root=${pkg}`,
      `--home=${home}`,
      `--vars=${path.join(root, 'vars.json')}`,
      '--json',
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as RenderReport).manifestFile).toBe('eck_manifest.json');
  });

  it('--write-debug writes the four debug files; two renders in one second do not overwrite', async () => {
    const h = path.join(root, 'debug-home');
    fs.mkdirSync(h, { recursive: true });
    const a = await run('render', ...scenario('vars.json', h), '--write-debug');
    const b = await run('render', ...scenario('vars.json', h), '--write-debug');
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    const files = fs.readdirSync(path.join(h, 'data', 'eck-debug')).sort();
    expect(files).toHaveLength(8);
    for (const kind of ['vars', 'context', 'fragments', 'manifest']) {
      expect(files.filter((f) => f.startsWith(`${kind}-`))).toHaveLength(2);
    }
    expect(files.some((f) => /^context-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}.*\.md$/.test(f))).toBe(true);
    const context = files.find((f) => f.startsWith('context-')) as string;
    expect(fs.readFileSync(path.join(h, 'data', 'eck-debug', context), 'utf8')).toContain('会话 s-1');
  });
});

describe('eck render --write-debug failures', () => {
  it('a home where the debug folder cannot be made: exit 1, one line', async () => {
    // The home is a folder (a home that is not one is a usage error), but its data/ is a file.
    write('data-is-a-file/data', 'x');
    const r = await run(
      'render',
      ...scenario('vars.json', path.join(root, 'data-is-a-file')),
      '--write-debug',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^eck render: cannot write debug files to .+\n$/);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('a home whose data/eck-debug links to a folder outside: refused, nothing written there', async () => {
    const h = path.join(root, 'linked-debug');
    const elsewhere = path.join(root, 'elsewhere-debug');
    fs.mkdirSync(path.join(h, 'data'), { recursive: true });
    fs.mkdirSync(elsewhere);
    fs.symlinkSync(elsewhere, path.join(h, 'data', 'eck-debug'));
    const r = await run('render', ...scenario('vars.json', h), '--write-debug');
    expect(r.code).toBe(1);
    const dir = path.join(h, 'data', 'eck-debug');
    expect(r.err).toContain(
      `refusing to write ${dir}: ${dir} is a link to ${fs.realpathSync(elsewhere)}, outside the home (${fs.realpathSync(h)})`,
    );
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('eck manifest', () => {
  it('prints the merged manifest with each field and its origin', async () => {
    write(
      'home-m/eck/eck_manifest.json',
      JSON.stringify({
        sections: [
          { id: 'rules', enabled: false },
          { id: 'extra', type: 'file', file: 'x.md', order: 99, needsInjection: false, when: 'always' },
        ],
      }),
    );
    const r = await run('manifest', ...scenario('vars.json', path.join(root, 'home-m')));
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out) as {
      manifestFile: string;
      mode: string;
      totalMaxFiles: { value: number; origin: string };
      sections: { id: string; origin: string; fields: Record<string, { value: unknown; origin: string }> }[];
    };
    expect(m.manifestFile).toBe('eck_manifest.json');
    expect(m.mode).toBe('patch');
    expect(m.totalMaxFiles).toEqual({ value: 50, origin: 'default' });
    const rules = m.sections.find((s) => s.id === 'rules');
    expect(rules?.origin).toBe('override');
    expect(rules?.fields.enabled).toEqual({ value: false, origin: 'override' });
    expect(rules?.fields.path).toEqual({ value: '$KITS_RULES', origin: 'base' });
    expect(m.sections.map((s) => [s.id, s.origin])).toEqual([
      ['rules', 'override'],
      ['persona', 'base'],
      ['session', 'base'],
      ['extra', 'added'],
    ]);
  });

  it('replace mode lists what it dropped', async () => {
    write('home-r/eck/eck_manifest.json', JSON.stringify({ mode: 'replace', sections: [SECTIONS[2]] }));
    const r = await run('manifest', ...scenario('vars.json', path.join(root, 'home-r')));
    const m = JSON.parse(r.out) as { mode: string; droppedByReplace: string[] };
    expect(m.mode).toBe('replace');
    expect(m.droppedByReplace).toEqual(['rules', 'persona']);
  });

  it('a missing base: exit 1 with one line', async () => {
    const r = await run('manifest', '--package-root', path.join(root, 'no-kits'), '--home', home);
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('eck lint', () => {
  function lintKit(
    name: string,
    sections: unknown[],
    files: Record<string, string>,
    override?: unknown,
  ): string {
    const p = path.join(root, name);
    write(`${name}/kits/eck_manifest.json`, JSON.stringify({ sections }));
    for (const [rel, text] of Object.entries(files)) write(`${name}/${rel}`, text);
    if (override) write(`${name}-home/eck/eck_manifest.json`, JSON.stringify(override));
    else fs.mkdirSync(path.join(root, `${name}-home`), { recursive: true });
    return p;
  }
  const lint = (p: string, ...extra: string[]) =>
    run('lint', '--package-root', p, '--home', `${p}-home`, '--vars', path.join(root, 'vars.json'), ...extra);
  const tpl = (id: string, file: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'file',
    file,
    order: 10,
    needsInjection: true,
    when: 'always',
    ...extra,
  });

  it('a clean kit: exit 0', async () => {
    const p = lintKit('lint-clean', [tpl('s', '$KITS/s.md')], { 'kits/s.md': 'hello {{sessionId}}' });
    const r = await lint(p);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/0 error\(s\)/);
  });

  it('and / or conditions: exit 0, and the message manifest is linted too, each unknown var once', async () => {
    const when = {
      and: [
        { var: 'chatType', eq: 'private' },
        { var: 'sessionId', neq: 'x' },
      ],
    };
    const p = lintKit('lint-and', [tpl('s', '$KITS/s.md', { when })], {
      'kits/s.md': 'hello',
      'kits/eck_message_manifest.json': JSON.stringify({ sections: [tpl('m', '$KITS/m.md')] }),
      'kits/m.md': '{{?moood}}{{moood}}{{/}}',
    });
    const r = await lint(p);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/invalid/);
    expect(r.out.match(/\[unknown-var\]/g)).toHaveLength(1);
    expect(r.out).toMatch(/"moood" is not a known var.*kits\/m\.md/);
  });

  it('an error (a when evolcore throws on): exit 1', async () => {
    const p = lintKit('lint-error', [tpl('s', '$KITS/s.md', { when: { var: 'chatType', in: 5 } })], {
      'kits/s.md': 'x',
    });
    const r = await lint(p);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^error \[when-crash\] /m);
  });

  it('an unknown var in a template: warning with "did you mean"', async () => {
    const p = lintKit('lint-unknown', [tpl('s', '$KITS/s.md')], { 'kits/s.md': 'peer {{peerNmae}}' });
    const r = await lint(p, '--json');
    expect(r.code).toBe(0);
    const d = (
      JSON.parse(r.out) as { diagnostics: { code: string; level: string; message: string }[] }
    ).diagnostics.find((x) => x.code === 'unknown-var');
    expect(d?.level).toBe('warning');
    expect(d?.message).toContain('peerNmae');
    expect(d?.message).toContain('did you mean "peerName"');
  });

  it('an unknown var in a when: warning', async () => {
    const p = lintKit('lint-when', [tpl('s', '$KITS/s.md', { when: { var: 'chatTyp', neq: null } })], {
      'kits/s.md': 'x',
    });
    const r = await lint(p);
    expect(r.out).toMatch(/warning \[unknown-var\] .*chatTyp.*did you mean "chatType"/);
  });

  it('a numeric var as a guard {{?pendingCount}}: zero-hides-block', async () => {
    const p = lintKit('lint-zero', [tpl('s', '$KITS/s.md')], {
      'kits/s.md': '{{?pendingCount}}队列 {{pendingCount}}{{/}}',
    });
    const r = await lint(p);
    expect(r.out).toMatch(/\[zero-hides-block\] .*pendingCount/);
  });

  it('a file over 40,000 characters: file-over-40k', async () => {
    const p = lintKit('lint-big', [tpl('s', '$KITS/s.md', { needsInjection: false })], {
      'kits/s.md': 'x'.repeat(40001),
    });
    const r = await lint(p);
    expect(r.out).toMatch(/warning \[file-over-40k\] .*40001 characters/);
  });

  it('a file of exactly 40,000 characters is fine', async () => {
    const p = lintKit('lint-40k', [tpl('s', '$KITS/s.md', { needsInjection: false })], {
      'kits/s.md': 'x'.repeat(40000),
    });
    const r = await lint(p);
    expect(r.out).not.toContain('file-over-40k');
  });

  it.each([
    [4, true],
    [3, false],
  ])(
    'a folder of %i files against maxFiles 5: folder-near-budget %s (it warns from 80%)',
    async (n, warned) => {
      const files = Object.fromEntries(Array.from({ length: n }, (_, i) => [`kits/rules/${i}.md`, 'x']));
      const rules = rulesFolderSection({ order: 1, maxFiles: 5 });
      const r = await lint(lintKit(`lint-near-${n}`, [rules], files));
      if (warned) expect(r.out).toMatch(/\[folder-near-budget\] \$KITS_RULES: 4\/5 files/);
      else expect(r.out).not.toContain('folder-near-budget');
    },
  );

  it('an override id that matches nothing: unknown-override-id naming the closest', async () => {
    const p = lintKit(
      'lint-typo',
      [tpl('session', '$KITS/s.md')],
      { 'kits/s.md': 'x' },
      { sections: [{ id: 'sesion', enabled: false }] },
    );
    const r = await lint(p);
    expect(r.out).toMatch(/warning \[unknown-override-id\] .*"sesion".*"session"/);
  });
});

describe('usage and messages', () => {
  it('a --home or --package-root that does not exist is a usage error naming it, for every command', async () => {
    const missing = path.join(root, 'no', 'such', 'folder');
    for (const command of ['render', 'manifest', 'lint', 'message']) {
      for (const option of ['--home', '--package-root']) {
        const r = await run(command, ...scenario(), option, missing);
        expect(r.code, `${command} ${option}`).toBe(2);
        expect(r.out).toBe('');
        expect(r.err).toBe(`eck ${command}: ${option} ${missing} does not exist\n`);
      }
    }
    const file = path.join(root, 'vars.json');
    expect((await run('render', ...scenario(), '--home', file)).err).toBe(
      `eck render: --home ${file} is not a folder\n`,
    );
    const claude = await run('claude-md', '--cwd', root, '--home', missing);
    expect(claude.code).toBe(2);
    expect(claude.err).toBe(`eck claude-md: --home ${missing} does not exist\n`);
  });

  it('--help on every command prints its usage on stdout and exits 0', async () => {
    for (const command of ['render', 'manifest', 'lint', 'message', 'claude-md']) {
      for (const flag of ['--help', '-h']) {
        const r = await run(command, flag);
        expect(r.code, `${command} ${flag}`).toBe(0);
        expect(r.out).toMatch(new RegExp(`^usage: eck ${command} `));
        expect(r.err).toBe('');
      }
    }
    const top = await run('--help');
    expect(top.code).toBe(0);
    for (const command of ['render', 'manifest', 'lint', 'message', 'claude-md'])
      expect(top.out).toContain(command);
  });

  it('vars given as a JSON list: the diagnostic names the vars file', async () => {
    const file = path.join(root, 'list-vars.json');
    const text = await run('render', ...scenario('list-vars.json'));
    expect(text.code).toBe(0);
    expect(text.err).toContain(
      `error [vars-not-object] vars must be a JSON object, got a list; rendered with no vars (${file})`,
    );
    const json = await run('render', ...scenario('list-vars.json'), '--json');
    const report = JSON.parse(json.out) as RenderReport;
    expect(report.diagnostics.find((d) => d.code === 'vars-not-object')?.file).toBe(file);
    const lint = await run('lint', ...scenario('list-vars.json'));
    expect(lint.out).toContain(`(${file})`);
  });

  it('a manifest with wrong field types: every message names the manifest file', async () => {
    const manifest = toEnginePath(path.join(root, 'typed', 'kits', 'eck_manifest.json'));
    const r = await run('render', '--package-root', path.join(root, 'typed'), '--home', home);
    const lines = r.err.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toContain(manifest);
    const lint = await run('lint', '--package-root', path.join(root, 'typed'), '--home', home);
    for (const line of lint.out.trim().split('\n').slice(0, -1)) expect(line).toContain(manifest);
  });
});

describe('spawned: real exit codes', () => {
  const tsx = path.join(APP_ROOT, 'node_modules', '.bin', 'tsx');
  const eck = (...argv: string[]) =>
    spawnSync(tsx, [path.join(APP_ROOT, 'electron', 'cli', 'eck.ts'), ...argv], {
      encoding: 'utf8',
      cwd: APP_ROOT,
    });

  it('render --json exits 0 with JSON on stdout; usage error exits 2; missing base exits 1', () => {
    const ok = eck('render', ...scenario(), '--json');
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as RenderReport).rendered).toBe(true);

    const usage = eck('render', '--bogus');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe('eck render: unknown option --bogus\n');

    const failed = eck('render', '--package-root', path.join(root, 'no-kits'), '--home', home);
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stdout).toBe('');

    const noHome = eck('render', '--home', path.join(root, 'no-such-home'));
    expect(noHome.status).toBe(2);
    expect(noHome.stderr).toBe(`eck render: --home ${path.join(root, 'no-such-home')} does not exist\n`);
    expect(noHome.stdout).toBe('');

    const help = eck('lint', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: eck lint /);
  }, 60000);

  it('bad vars JSON exits 1 with one line', () => {
    const r = eck('render', ...scenario('bad-vars.json'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^eck render: cannot read vars: .*bad-vars\.json:3:3: .+\n$/);
  }, 60000);
});

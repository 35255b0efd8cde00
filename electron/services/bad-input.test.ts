/**
 * Bad input: each case ends in a clear diagnostic AND a render of whatever is
 * still valid, on real temp folders through the Node adapter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineFs, RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { createNodeFs, toEnginePath } from './node-fs';
import { rulesFolderSection } from '../../shared/testing/rules-section';

let root: string;
let pkg: string;
let home: string;
let kits: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-bad-'));
  pkg = path.join(root, 'package');
  home = path.join(root, 'home');
  kits = path.join(pkg, 'kits');
  fs.mkdirSync(path.join(kits, 'rules'), { recursive: true });
  fs.mkdirSync(path.join(home, 'eck'), { recursive: true });
  fs.writeFileSync(path.join(kits, 'rules', '00-core.md'), '# core\n');
  fs.writeFileSync(path.join(kits, 'session.md'), 'session {{sessionId}}');
});

afterEach(() => {
  // Restore permissions first so the temp tree can be removed.
  for (const p of [path.join(kits, 'rules'), path.join(kits, 'locked')])
    if (fs.existsSync(p)) fs.chmodSync(p, 0o755);
  fs.rmSync(root, { recursive: true, force: true });
});

const RULES = rulesFolderSection();
const SESSION = {
  id: 'session',
  type: 'file',
  file: '$KITS/session.md',
  order: 60,
  needsInjection: true,
  when: 'always',
};

function writeManifest(sections: unknown[], top: Record<string, unknown> = {}): void {
  fs.writeFileSync(
    path.join(kits, 'eck_manifest.json'),
    JSON.stringify({ $schema_version: 1, ...top, sections }, null, 2),
  );
}

function render(vars: unknown = { sessionId: 's1' }, engineFs: EngineFs = createNodeFs()): RenderReport {
  return renderContext({ packageRoot: toEnginePath(pkg), home: toEnginePath(home), vars }, engineFs);
}

const status = (r: RenderReport, id: string): string | undefined =>
  r.sections.find((s) => s.id === id)?.status;
const diag = (r: RenderReport, code: string) => r.diagnostics.find((d) => d.code === code);

/** Node adapter with a readText counter. */
function countingNodeFs(): EngineFs & { reads: string[] } {
  const inner = createNodeFs();
  const reads: string[] = [];
  return {
    reads,
    stat: (p) => inner.stat(p),
    list: (p) => inner.list(p),
    readText: (p) => (reads.push(p), inner.readText(p)),
  };
}

describe('bad input on real folders', () => {
  it('an override that is not JSON: error names file:line:column, the base renders alone', () => {
    writeManifest([RULES, SESSION]);
    const overridePath = path.join(home, 'eck', 'eck_manifest.json');
    fs.writeFileSync(overridePath, '{\n  "sections": [\n    { "id": "rules", "enabled": false,, }\n  ]\n}\n');
    const r = render();
    expect(r.rendered).toBe(true);
    const d = diag(r, 'override-parse-error');
    expect(d).toMatchObject({ level: 'error', file: toEnginePath(overridePath), line: 3 });
    expect(d?.message).toMatch(
      new RegExp(`^${toEnginePath(overridePath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: `),
    );
    expect(status(r, 'rules')).toBe('ok');
    expect(r.context).toContain('Contenu de $KITS_RULES/00-core.md (rules):\n\n# core\n');
    expect(r.context).toContain('session s1');
  });

  it('a base that is missing: rendered false with base-missing naming the file', () => {
    const r = render();
    expect(r.rendered).toBe(false);
    expect(r.context).toBe('');
    const d = diag(r, 'base-missing');
    expect(d?.level).toBe('error');
    expect(d?.message).toContain(toEnginePath(path.join(kits, 'eck_manifest.json')));
  });

  it('a base that is not JSON: rendered false with base-parse-error and a position', () => {
    fs.writeFileSync(path.join(kits, 'eck_manifest.json'), '{ "sections": [ }');
    const r = render();
    expect(r.rendered).toBe(false);
    expect(diag(r, 'base-parse-error')).toMatchObject({ line: 1 });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // What evolcore does with each (docs/engine.md §4, §5): the inspector renders the same and says why.
    ['order as a string (sorted by Number(order))', { order: '10' }, 'ok', 'invalid-field'],
    ['type as a number (nothing loads for it)', { type: 1 }, 'invalid', 'invalid-section'],
    ['when as a number (no key of a condition: true)', { when: 1 }, 'ok', 'when-not-condition'],
    ['maxFiles as a string (compared as it is)', { maxFiles: 'twenty' }, 'ok', 'invalid-field'],
    ['enabled as a string (only false disables)', { enabled: 'no' }, 'ok', 'invalid-field'],
    ['needsInjection as a string (read by truthiness)', { needsInjection: 'yes' }, 'ok', 'invalid-field'],
    ['pattern as a number (matchGlob throws: no names)', { pattern: 5 }, 'not-exist', 'invalid-field'],
    [
      'description as an object (label [object Object])',
      { description: { zh: '规则' } },
      'ok',
      'invalid-field',
    ],
  ])('a section with a wrong type of field: %s', (_label, patch, expected, code) => {
    writeManifest([{ ...RULES, ...patch }, SESSION]);
    const r = render();
    expect(r.rendered).toBe(true);
    expect(status(r, 'rules')).toBe(expected);
    const d = r.diagnostics.find((x) => x.code === code && x.section === 'rules');
    expect(d).toBeDefined();
    expect(d?.message.length).toBeGreaterThan(10);
    expect(status(r, 'session')).toBe('ok');
    expect(r.context).toContain('session s1');
  });

  it('a description object is printed as evolcore prints it', () => {
    writeManifest([{ ...RULES, description: { zh: '规则' } }]);
    expect(render().context).toContain('Contenu de $KITS_RULES/00-core.md (rules — [object Object]):');
  });

  it('a path as a list makes evolcore throw resolving it: manifest-crash, no context at all', () => {
    writeManifest([{ ...RULES, path: ['$KITS_RULES'] }, SESSION]);
    const r = render();
    expect(r.failure).toMatchObject({ code: 'manifest-crash', section: 'rules' });
    expect(r.failure?.message).toContain('`path`');
    expect(r.context).toBe('');
  });

  it('maxBytes negative is used as it is: the first file loads, the next is cut', () => {
    fs.writeFileSync(path.join(kits, 'rules', '01-more.md'), 'more');
    writeManifest([{ ...RULES, maxBytes: -1 }]);
    const s = render().sections.find((x) => x.id === 'rules');
    expect(s?.files.map((f) => path.basename(f.path))).toEqual(['00-core.md']);
    expect(s?.truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达字节上限 -1 字节）。',
    );
  });

  it('a binary file in a folder section: binary-file warning, the text files still load', () => {
    writeManifest([{ ...RULES, pattern: '*' }, SESSION]);
    fs.writeFileSync(
      path.join(kits, 'rules', 'logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xff, 0xfe]),
    );
    const r = render();
    const d = diag(r, 'binary-file');
    expect(d).toMatchObject({ level: 'warning', section: 'rules' });
    expect(d?.file).toBe(toEnginePath(path.join(kits, 'rules', 'logo.png')));
    expect(status(r, 'rules')).toBe('ok');
    // Budgets count the decoded text (Buffer.byteLength of the UTF-8 string): the 3 invalid bytes
    // became U+FFFD, 3 bytes each, so 8 bytes on disk count 14.
    expect(r.sections.find((s) => s.id === 'rules')?.files.map((f) => f.bytes)).toEqual([7, 14]);
    expect(r.context).toContain('# core');
    expect(r.context).toContain('session s1');
  });

  it('a file of 50 MB over the total budget: read (evolcore reads it to size it), over-total, fast', () => {
    writeManifest([
      RULES,
      { ...SESSION, order: 5 },
      { id: 'huge', type: 'file', file: '$KITS/huge.md', order: 20, needsInjection: false, when: 'always' },
    ]);
    const huge = path.join(kits, 'huge.md');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50 * 1024 * 1024);
    const counting = countingNodeFs();
    const started = performance.now();
    const r = render({ sessionId: 's1' }, counting);
    const elapsed = performance.now() - started;
    expect(status(r, 'huge')).toBe('over-total');
    expect(r.sections.find((s) => s.id === 'huge')?.overTotal).toMatchObject({
      bytes: 50 * 1024 * 1024,
      limit: 'bytes',
    });
    expect(counting.reads).toContain(toEnginePath(huge));
    expect(elapsed).toBeLessThan(2000);
    // The gate tripped in the last section: nothing later to list, so no total note.
    expect(r.totals.note).toBeNull();
    expect(r.context).toContain('# core');
    expect(r.context).not.toContain('huge.md');
  });

  it('a file of 50 MB in a folder section: the folder keeps it (at least one file) but the total gate stops the section', () => {
    writeManifest([RULES, SESSION]);
    const huge = path.join(kits, 'rules', '0-huge.md');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50 * 1024 * 1024);
    const counting = countingNodeFs();
    const r = render({ sessionId: 's1' }, counting);
    // '0-huge.md' sorts before '00-core.md': taken first (none taken yet), then core is cut by
    // maxBytes; the total gate then trips on huge, so rules has no block but keeps its note.
    expect(status(r, 'rules')).toBe('over-total');
    expect(counting.reads).toContain(toEnginePath(huge));
    expect(status(r, 'session')).toBe('over-total');
    expect(r.totals.overTotal).toEqual(['session']);
    expect(r.context).toContain(
      '[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达字节上限 40960 字节）。',
    );
    expect(r.context).toContain('以下 section 未加载：session。');
    expect(r.context).not.toContain('Contenu de');
  });

  it('a file of 50 MB after a small one in a folder: read (to size it), then cut by maxBytes', () => {
    writeManifest([RULES, SESSION]);
    const huge = path.join(kits, 'rules', '10-huge.md');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50 * 1024 * 1024);
    const counting = countingNodeFs();
    const r = render({ sessionId: 's1' }, counting);
    const s = r.sections.find((x) => x.id === 'rules');
    expect(s?.status).toBe('ok');
    expect(s?.truncated).toMatchObject({ reason: 'bytes', notLoaded: 1 });
    expect(s?.truncated?.note).toBe(
      '[注意] 目录 $KITS_RULES 未完整加载：1 个文件未加载（达字节上限 40960 字节）。',
    );
    expect(counting.reads).toContain(toEnginePath(huge));
    expect(s?.files.map((f) => path.basename(f.path))).toEqual(['00-core.md']);
    expect(status(r, 'session')).toBe('ok');
  });

  it('a symlink loop in a folder: the looping entries are skipped with a diagnostic, the rest loads', () => {
    writeManifest([RULES, SESSION]);
    const dir = path.join(kits, 'rules');
    fs.symlinkSync('b.md', path.join(dir, 'a.md'));
    fs.symlinkSync('a.md', path.join(dir, 'b.md'));
    const r = render();
    expect(status(r, 'rules')).toBe('ok');
    expect(r.sections.find((s) => s.id === 'rules')?.files.map((f) => path.basename(f.path))).toEqual([
      '00-core.md',
    ]);
    const loops = r.diagnostics.filter((d) => d.code === 'read-error' && d.section === 'rules');
    expect(loops.map((d) => path.basename(d.file ?? ''))).toEqual(['a.md', 'b.md']);
    expect(loops[0]?.message).toMatch(/symlink loop|ELOOP|too many levels/i);
    expect(r.context).toContain('session s1');
  });

  it('a symlink loop as a file section: not-exist with a read-error, the rest renders', () => {
    fs.symlinkSync('loop2.md', path.join(kits, 'loop1.md'));
    fs.symlinkSync('loop1.md', path.join(kits, 'loop2.md'));
    writeManifest([
      RULES,
      SESSION,
      { id: 'loop', type: 'file', file: '$KITS/loop1.md', order: 30, needsInjection: false, when: 'always' },
    ]);
    const r = render();
    const s = r.sections.find((x) => x.id === 'loop');
    expect(s?.status).toBe('not-exist');
    expect(s?.readError).toMatch(/symlink loop|too many levels/i);
    expect(diag(r, 'read-error')?.section).toBe('loop');
    expect(r.context).toContain('# core');
  });

  it('a symlink to a real file in a folder is followed', () => {
    writeManifest([RULES]);
    fs.writeFileSync(path.join(root, 'outside.md'), 'OUTSIDE');
    fs.symlinkSync(path.join(root, 'outside.md'), path.join(kits, 'rules', '10-link.md'));
    const r = render();
    expect(r.context).toContain('Contenu de $KITS_RULES/10-link.md (rules):\n\nOUTSIDE');
  });

  it('a folder without read permission (memory wrapper, EACCES): not-exist with a read-error, the rest renders', () => {
    writeManifest([RULES, SESSION]);
    const inner = createNodeFs();
    const rulesDir = toEnginePath(path.join(kits, 'rules'));
    const denying: EngineFs = {
      stat: (p) => inner.stat(p),
      readText: (p) => inner.readText(p),
      list: (p) => (p === rulesDir ? { error: 'EACCES', message: `permission denied: ${p}` } : inner.list(p)),
    };
    const r = render({ sessionId: 's1' }, denying);
    const s = r.sections.find((x) => x.id === 'rules');
    expect(s).toMatchObject({ status: 'not-exist', readError: `permission denied: ${rulesDir}` });
    expect(diag(r, 'read-error')).toMatchObject({ level: 'error', section: 'rules', file: rulesDir });
    expect(r.context).toContain('session s1');
  });

  it('a file that cannot be read (EACCES on read): read-error, its budget freed, the rest renders', () => {
    writeManifest([RULES, SESSION]);
    const inner = createNodeFs();
    const core = toEnginePath(path.join(kits, 'rules', '00-core.md'));
    const denying: EngineFs = {
      stat: (p) => inner.stat(p),
      list: (p) => inner.list(p),
      readText: (p) =>
        p === core ? { error: 'EACCES', message: `permission denied: ${p}` } : inner.readText(p),
    };
    const r = render({ sessionId: 's1' }, denying);
    expect(diag(r, 'read-error')).toMatchObject({ section: 'rules', file: core });
    expect(r.context).not.toContain('# core');
    expect(r.context).toContain('session s1');
    expect(r.totals.files).toBe(1);
  });

  it.skipIf(process.getuid?.() === 0)('a folder without read permission (real chmod 000)', () => {
    writeManifest([RULES, SESSION]);
    fs.chmodSync(path.join(kits, 'rules'), 0o000);
    const r = render();
    expect(status(r, 'rules')).toBe('not-exist');
    expect(diag(r, 'read-error')?.message).toMatch(/permission denied/);
    expect(r.context).toContain('session s1');
  });

  it.each([
    ['a list', ['chatType']],
    ['null', null],
    ['a string', 'private'],
  ])('vars that are not an object (%s): vars-not-object, rendered with no vars', (_label, vars) => {
    writeManifest([RULES, SESSION]);
    const r = render(vars);
    expect(r.rendered).toBe(true);
    expect(diag(r, 'vars-not-object')?.level).toBe('error');
    expect(r.context).toContain('# core');
    expect(r.context).toContain('Contenu de $KITS/session.md (session):\n\nsession');
  });

  it('a path token whose value contains "..": path-escape warning, the normalised path is what is read', () => {
    fs.mkdirSync(path.join(home, 'agents', 'nova', 'relations', 'x'), { recursive: true });
    fs.writeFileSync(path.join(home, 'agents', 'nova', 'secret.md'), 'SECRET');
    writeManifest([
      RULES,
      {
        id: 'peer',
        type: 'file',
        file: '$RELATIONS_DIR/{{peerKey}}/secret.md',
        order: 35,
        needsInjection: false,
        when: 'always',
      },
    ]);
    const r = render({ selfAid: 'nova', peerKey: '..' });
    const d = diag(r, 'path-escape');
    expect(d).toMatchObject({ level: 'warning', section: 'peer' });
    expect(d?.message).toContain('{{peerKey}}');
    const s = r.sections.find((x) => x.id === 'peer');
    expect(s?.resolvedPath).toBe(toEnginePath(path.join(home, 'agents', 'nova', 'secret.md')));
    expect(r.context).toContain('Contenu de $AGENT_DIR/secret.md (peer):\n\nSECRET');
  });

  it('a template with an unclosed block on disk: unclosed-block with file and line, kept literally', () => {
    fs.writeFileSync(path.join(kits, 'session.md'), 'a\n{{?sessionId}}b\n');
    writeManifest([SESSION]);
    const r = render();
    expect(diag(r, 'unclosed-block')).toMatchObject({
      line: 2,
      column: 1,
      file: toEnginePath(path.join(kits, 'session.md')),
    });
    expect(r.context).toContain('a\n{{?sessionId}}b');
  });

  it("a manifest with a UTF-8 BOM is refused, as evolcore's JSON.parse refuses it", () => {
    fs.writeFileSync(
      path.join(kits, 'eck_manifest.json'),
      `\ufeff${JSON.stringify({ sections: [SESSION] })}`,
    );
    const r = render();
    expect(r.rendered).toBe(false);
    expect(r.context).toBe('');
    expect(r.diagnostics.map((d) => d.code)).toContain('manifest-bom');
  });
});

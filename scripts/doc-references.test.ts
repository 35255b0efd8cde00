/**
 * The checks of doc-references.ts on planted text: each stale reference is found and each
 * good one passes, so the repo-wide run below cannot pass by finding nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkArchitecture,
  checkText,
  commentsOnly,
  docSections,
  formatFinding,
  isScanned,
  namedPaths,
  pathExists,
  scanRepo,
} from './doc-references';
import type { DocIndex } from './doc-references';

const DOCS: DocIndex = new Map([
  ['docs/engine.md', docSections('# Engine\n\n## §0 Where\n\n## §6 Budgets\n\n## §14 Debug files\n')],
  ['docs/design.md', docSections('## §Shape\n\n## §Promises\n\n## §Style\n')],
  ['docs/claude-md.md', docSections('## §19.1 Levels\n\n## §19.2 `@include`\n')],
]);

/** The messages for one planted line of a TypeScript file. */
const inTs = (line: string): string[] => checkText('shared/x.ts', line, DOCS).map((f) => f.message);

describe('docSections', () => {
  it('reads the § of each heading', () => {
    expect([...docSections('## §6 Budgets\n### §19.10 Why\n## §Shape\n## Not one\n§7 in text')]).toEqual([
      '6',
      '19.10',
      'Shape',
    ]);
  });
});

describe('documents outside the repo', () => {
  it.each([
    ['// The non-negotiables (DESIGN.md, "Main process").', 'DESIGN.md'],
    ['/* errors as values (STYLE.md: habit 3) */', 'STYLE.md'],
    ['// the total gate (clarifications §6)', 'clarifications'],
    ['// see clarifications.md', 'clarifications'],
    ['// the input (clarifications "Inputs")', 'clarifications'],
    ["// evolclaw's render loop (kit-renderer.ts, clarifications", 'clarifications'],
    ['// symlinks (claude-md-layering.md §19.2)', 'CLAUDE.md spec'],
    ['// (claude-md-clarifications.md "Known corrections")', 'CLAUDE.md spec'],
    ['// Spec: ../shared/spec/engine.md', '../shared/spec'],
    ['// Spec: context-assembly.md "section 字段"', 'context-assembly.md'],
  ])('refuses %s', (line, what) => {
    const messages = inTs(line);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toContain(what);
  });

  it.each([
    '// the total gate (docs/engine.md §6)',
    '// The design: docs/design.md §Shape.',
    '// evolcore\'s chapter, kits/docs/reference/context-assembly.md "section 字段"',
    '- read `$KITS_DOCS/reference/context-assembly.md` when needed',
    '// a few clarifications of the text below',
    '// the design of a DESIGN.mdx file is not ours to check',
  ])('accepts %s', (line) => {
    expect(inTs(line)).toEqual([]);
  });
});

describe('docs/<file>.md §<section>', () => {
  it.each([
    '// (docs/engine.md §6)',
    '// (docs/engine.md §0, §14)',
    '// (docs/engine.md §0–14)',
    '// docs/claude-md.md §19.2, docs/design.md §Promises.',
    '// see docs/design.md',
    '// from here (../docs/engine.md §14)',
    '// Spec: docs/engine.md §14 — four files per render',
  ])('accepts a heading that exists: %s', (line) => {
    expect(inTs(line)).toEqual([]);
  });

  it.each([
    ['// (docs/engine.md §7)', 'docs/engine.md §7, not a heading there'],
    ['// (docs/engine.md §0.2)', 'docs/engine.md §0.2, not a heading there'],
    ['// (docs/engine.md §6, §9)', 'docs/engine.md §9, not a heading there'],
    ['// (docs/engine.md §6–9)', 'docs/engine.md §9, not a heading there'],
    ['// docs/design.md §API', 'docs/design.md §API, not a heading there'],
    ['// see docs/style.md', 'docs/style.md, which does not exist'],
  ])('refuses %s', (line, message) => {
    expect(inTs(line).join('\n')).toContain(message);
  });

  it('checks markdown everywhere but code only in its comments', () => {
    const code = "const tree = { '/p/docs/a.md': 'x', 'docs/b.md': `docs/c.md` }; // docs/d.md";
    expect(checkText('shared/x.test.ts', code, DOCS).map((f) => f.message)).toEqual([
      expect.stringContaining('docs/d.md'),
    ]);
    expect(checkText('README.md', 'Read `docs/d.md`.', DOCS)).toHaveLength(1);
  });

  it('keeps the line structure when it blanks code', () => {
    const text = 'a(\'x // not a comment\');\n/* one\n * two docs/e.md */ b("y");\n`t\n${1}` // z';
    const comments = commentsOnly(text).split('\n');
    expect(comments).toHaveLength(text.split('\n').length);
    expect(comments[0]?.trim()).toBe('');
    expect(comments[2]).toContain('docs/e.md');
    expect(comments[2]).not.toContain('"y"');
    expect(comments[4]).toContain('// z');
  });
});

describe('issue numbers', () => {
  it.each([
    '// Limits on any input (issue 14).',
    '// since Issue 7 the listing…',
    '// (issues 8, 13)',
    '// see issue #22',
    '// on the issue-22 worlds',
  ])('refuses %s', (line) => {
    expect(inTs(line).join('\n')).toContain('issue tracker');
  });

  it('accepts the word issue without a number', () => {
    expect(inTs('// every issue of a manifest (`ManifestIssue`), issues[0]')).toEqual([]);
  });

  it('names the line of each finding, in the form to act on', () => {
    const findings = checkText('e2e/a.spec.ts', 'ok\n// x (issue 3)\n', DOCS);
    expect(findings.map(formatFinding)).toEqual([
      'e2e/a.spec.ts:2: names "issue 3" of the issue tracker: drop it and say the behaviour',
    ]);
  });
});

describe('which files are read', () => {
  it.each([
    'shared/engine/walk.ts',
    'renderer/src/theme/app.css',
    'ARCHITECTURE.md',
    'eslint.config.js',
    'docs/engine.md',
    'kits/demo-home/README.md',
    'e2e/fixtures/claude-md-project/README.md',
    'electron/verify/__fixtures__/installed-evolcore/dist/eck/kit-renderer.js',
    'electron/verify/__fixtures__/fake-claude/claude',
  ])('reads %s', (file) => {
    expect(isScanned(file)).toBe(true);
  });

  it.each([
    'kits/docs/reference/context-assembly.md',
    'kits/eck_manifest.json',
    'kits/demo-home/data/eck-debug/context-2026-11-29-08-00-00.md',
    'e2e/fixtures/claude-md-project/project/CLAUDE.md',
    'electron/verify/__fixtures__/installed-evolcore/kits/rules/intro.md',
    'package-lock.json',
    'schemas/vars.schema.json',
    'docs/screenshots/timeline.png',
    'scripts/doc-references.ts',
  ])('skips %s', (file) => {
    expect(isScanned(file)).toBe(false);
  });
});

describe('paths ARCHITECTURE.md names', () => {
  const files = ['shared/api/methods.ts', 'renderer/src/store/use-api.ts', 'schemas/vars.schema.json'];

  it('finds the backticked paths and file names, not other code', () => {
    const md = '`shared/api/` and `store/use-api.ts`, `render-scheduler.ts`; `ipcRenderer.invoke`, `{ seq }`';
    expect(namedPaths(md).map((p) => p.path)).toEqual([
      'shared/api/',
      'store/use-api.ts',
      'render-scheduler.ts',
    ]);
  });

  it.each([
    'shared/api/',
    'shared/api/methods.ts',
    'store/use-api.ts',
    'use-api.ts',
    'schemas/*.schema.json',
    'api/',
  ])('resolves %s', (named) => {
    expect(pathExists(named, files)).toBe(true);
  });

  it.each([
    'shared/api/methods/',
    'deferred-sync.ts',
    'api/methods.ts/',
    'pi/methods.ts',
    'shared/history-api/',
  ])('refuses %s', (named) => {
    expect(pathExists(named, files)).toBe(false);
  });

  it('reports a stale path with its line', () => {
    const findings = checkArchitecture('# A\n\nTyping is coalesced by `deferred-sync.ts`.\n', files);
    expect(findings.map(formatFinding)).toEqual([
      'ARCHITECTURE.md:3: names `deferred-sync.ts`, which is not in the repo: name the file that does this now',
    ]);
  });
});

describe('the repo', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const scan = scanRepo(root);

  it('reads the repo (a scan of nothing would pass)', () => {
    expect(scan.scannedFiles).toBeGreaterThan(500);
  });

  it('cites only documents in the repo, and no issue numbers', () => {
    expect(scan.findings.map(formatFinding)).toEqual([]);
  });

  it('keeps no exception that excuses nothing', () => {
    expect(scan.unusedExceptions).toEqual([]);
  });
});

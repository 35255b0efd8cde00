/**
 * The repo explains itself: every document a comment or a doc cites must be one a newcomer can
 * open from a clone. `doc-references.test.ts` runs these checks over the repo's own text.
 *
 * Refused: the planning documents that live outside the repo (the design and style notes, the
 * engine and CLAUDE.md clarifications, the spec folder beside the repo), a `docs/<file>.md`
 * or `docs/<file>.md §<section>` whose file or heading does not exist, and a number from the
 * issue tracker (the code says what it does and why, not which ticket asked for it). And every
 * repo path `ARCHITECTURE.md` names in backticks must exist, so the map cannot go stale.
 *
 * Pure functions over text plus `scanRepo`, which lists the files with git and reads them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One reference to fix: where, what, and the fix. */
export interface Finding {
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly message: string;
}

/** The headings (`## §X …` → `X`) of each doc under `docs/`, by repo path (`docs/engine.md`). */
export type DocIndex = ReadonlyMap<string, ReadonlySet<string>>;

/** A finding the repo keeps on purpose: `path` and a text its line contains, and why. */
export interface Exception {
  readonly path: string;
  readonly text: string;
  readonly why: string;
}

/** Extensions of the text that is the repo's own (code, styles, docs, config). */
const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.md', '.json', '.yml'];
const CODE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];
const SCANNED_FOLDERS = [
  'electron/',
  'shared/',
  'renderer/',
  'e2e/',
  'bench/',
  'scripts/',
  'eslint-rules/',
  'kits/',
  'docs/',
];
/**
 * Folders whose markdown and JSON are data, not the inspector's prose: `kits/` is evolcore's
 * context kit (its rules, templates and manifests are what the engine renders into the agent's
 * context, its `docs/reference/context-assembly.md` is evolcore's own chapter, and the demo
 * home's eck-debug files are recorded renders), and the fixtures are kits, homes and projects
 * the tests read. Rewriting a word there would change what a render shows, not a comment, and
 * their references (`$KITS_DOCS/reference/context-assembly.md`) are evolcore's own, resolved in
 * the user's kit. Only their code files and READMEs (ours) are checked.
 */
const DATA_FOLDERS = [/^kits\//, /^e2e\/fixtures\//, /(^|\/)__fixtures__\//];
/** A script without an extension that is ours: a stand-in `claude` the Verify tests run. */
const EXTRA_FILES = ['electron/verify/__fixtures__/fake-claude/claude'];
/**
 * The checker and its test hold the refused patterns and planted examples of them; the test
 * runs the checks on those plants directly, so skipping them here hides nothing.
 */
const SELF = ['scripts/doc-references.ts', 'scripts/doc-references.test.ts'];

const extensionOf = (p: string): string => {
  const base = p.slice(p.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
};

/** Whether the checks read this tracked file (a repo-relative posix path). */
export function isScanned(file: string): boolean {
  if (SELF.includes(file)) return false;
  if (EXTRA_FILES.includes(file)) return true;
  const ext = extensionOf(file);
  if (!SCANNED_EXTENSIONS.includes(ext)) return false;
  if (file === 'package-lock.json') return false;
  const atRoot = !file.includes('/');
  if (!atRoot && !SCANNED_FOLDERS.some((folder) => file.startsWith(folder))) return false;
  if (DATA_FOLDERS.some((re) => re.test(file))) {
    return CODE_EXTENSIONS.includes(ext) || file.endsWith('/README.md');
  }
  return true;
}

/**
 * The repo's deliberate exceptions, few and each with its reason. The test fails on one that
 * no longer excuses anything, so the list cannot outlive its reasons.
 */
export const EXCEPTIONS: readonly Exception[] = [
  {
    path: 'electron/main.ts',
    text: "'context-assembly.md'",
    why: "a file path, not a citation: the Help menu opens evolcore's reference in the kit",
  },
  {
    path: 'shared/vars/schema.ts',
    text: 'context-assembly.md, vars catalog',
    why: "the vars schema's description the user reads, naming evolcore's reference in their kit; changing it changes the shipped schema",
  },
  {
    path: 'e2e/fixtures/claude-md-project/README.md',
    text: 'docs/conventions.md',
    why: "a file of the fixture project (project/docs/conventions.md), not one of the repo's docs",
  },
  {
    path: 'shared/claude-md/assemble.test.ts',
    text: 'docs/real.md',
    why: "a file of the planted tree the test assembles, not one of the repo's docs",
  },
  {
    path: 'docs/engine.md',
    text: '`docs/engine.md §N`',
    why: 'the doc saying how it is cited',
  },
  {
    path: 'docs/design.md',
    text: '`docs/design.md §Name`',
    why: 'the doc saying how it is cited',
  },
  {
    path: 'docs/claude-md.md',
    text: '`docs/claude-md.md §19.N`',
    why: 'the doc saying how it is cited',
  },
];

interface StaleRule {
  readonly re: RegExp;
  readonly what: string;
  readonly fix: string;
}

/** Documents outside the repo, with what to cite instead. */
const STALE_RULES: readonly StaleRule[] = [
  {
    re: /\.\.\/shared\/spec\b/,
    what: 'cites ../shared/spec, which is outside the repo',
    fix: 'cite docs/engine.md §N or docs/claude-md.md §19.x',
  },
  {
    re: /\bDESIGN\.md\b/,
    what: 'cites DESIGN.md, which is outside the repo',
    fix: 'cite docs/design.md §Problem|§Shape|§Concepts|§Panels|§Promises',
  },
  {
    re: /\bSTYLE\.md\b/,
    what: 'cites STYLE.md, which is outside the repo',
    fix: 'cite docs/design.md §Style',
  },
  {
    re: /\bclaude-md[- ]clarifications\b|\bclaude-md-layering\b/,
    what: 'cites the CLAUDE.md spec outside the repo',
    fix: 'cite docs/claude-md.md §19.x',
  },
  {
    // As a document: `clarifications.md`, `clarifications §6`, `clarifications "Inputs"`, or
    // the word ending a line that goes on with the section.
    re: /\bclarifications(?:\.md\b|\s*[§"“]|\s*$)/i,
    what: 'cites the clarifications, which are outside the repo',
    fix: 'cite docs/engine.md §N (same numbers) or docs/claude-md.md §19.x',
  },
  {
    // evolcore's chapter is in the repo as kits/docs/reference/context-assembly.md (and in a
    // user's kit as $KITS_DOCS/reference/…): cited by that path it can be opened.
    re: /(?<!reference\/)\bcontext-assembly\.md\b/,
    what: 'cites context-assembly.md by a name that is not a path in the repo',
    fix: 'cite docs/engine.md §N, or evolcore\'s text as kits/docs/reference/context-assembly.md "<heading>"',
  },
];

/** `issue 12`, `issue #12`, `issues 8, 13`, `issue-22`. */
const ISSUE_RE = /\bissues?[\s-]*#?\d+/gi;

/** `docs/<name>.md`, optionally `§X`, then more sections: `, §Y`, `and §Y`, a range `–Y`. */
const DOC_REF_RE = /(?:^|[^\w./-]|(?:\.\.\/)+)docs\/([\w-]+\.md)\b((?:\s*§\s*[\w.]*\w)?)/g;
// A range's end is a number (`§8–9`, `§1–§2`); a dash before a word is prose (`§14 — four`).
const MORE_SECTIONS_RE = /^(?:\s*(?:,|;|and|or)\s*§\s*([\w.]*\w)|\s*[–—-]\s*§?\s*(\d(?:[\w.]*\w)?))/;

/** The `§X` headings of one doc: `## §6 Budgets` → `6`, `## §Shape` → `Shape`. */
export function docSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = /^#{1,6}\s+§\s*([\w.]*\w)/.exec(line);
    if (m?.[1] !== undefined) sections.add(m[1]);
  }
  return sections;
}

/** Checks one `docs/<file>.md §…` reference; `null` when it resolves. */
function docRefProblem(file: string, sections: readonly string[], docs: DocIndex): string | null {
  const key = `docs/${file}`;
  const known = docs.get(key);
  if (known === undefined) {
    return `cites ${key}, which does not exist: cite one of ${[...docs.keys()].join(', ')}`;
  }
  const missing = sections.filter((s) => !known.has(s));
  if (missing.length === 0) return null;
  const list = [...known].map((s) => `§${s}`).join(' ');
  return `cites ${key} ${missing.map((s) => `§${s}`).join(', ')}, not a heading there: use one of ${list}`;
}

function docRefFindings(line: string, docs: DocIndex): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(DOC_REF_RE)) {
    const sections: string[] = [];
    const first = /§\s*([\w.]*\w)/.exec(m[2] ?? '');
    if (first?.[1] !== undefined) {
      sections.push(first[1]);
      let rest = line.slice((m.index ?? 0) + m[0].length);
      for (let more = MORE_SECTIONS_RE.exec(rest); more; more = MORE_SECTIONS_RE.exec(rest)) {
        sections.push(more[1] ?? more[2] ?? '');
        rest = rest.slice(more[0].length);
      }
    }
    const problem = docRefProblem(m[1] ?? '', sections, docs);
    if (problem !== null) out.push(problem);
  }
  return out;
}

/**
 * The comments of a JS/TS/CSS text, everything else blanked, line for line. Strings are
 * skipped (test data is full of `docs/a.md` paths that are files of a planted tree, not
 * citations); a regex literal holding a quote may confuse it, which costs at most a missed
 * `docs/` check, since the other checks read the whole line.
 */
export function commentsOnly(text: string): string {
  let out = '';
  let state: 'code' | 'line' | 'block' | "'" | '"' | '`' = 'code';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n') {
      if (state === 'line') state = 'code';
      out += c;
      continue;
    }
    if (state === 'code') {
      if (c === '/' && next === '/') state = 'line';
      else if (c === '/' && next === '*') state = 'block';
      else if (c === "'" || c === '"' || c === '`') state = c;
      out += state === 'line' || state === 'block' ? c : ' ';
      continue;
    }
    if (state === 'line' || state === 'block') {
      out += c;
      if (state === 'block' && c === '*' && next === '/') {
        out += '/';
        i++;
        state = 'code';
      }
      continue;
    }
    // Inside a string: an escape skips a character; the closing quote ends it.
    if (c === '\\') {
      out += next === '\n' ? ' \n' : '  ';
      i++;
    } else {
      if (c === state) state = 'code';
      out += ' ';
    }
  }
  return out;
}

const isMarkdown = (file: string): boolean => file.endsWith('.md');

/** The findings in one file's text, before exceptions. */
export function checkText(file: string, text: string, docs: DocIndex): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split('\n');
  // `docs/…` is checked in markdown and in comments: a path in code or a string is a file of
  // some tree, not a citation. JSON and YAML have no comments of their own to check.
  const citing = isMarkdown(file) ? lines : commentsOnly(text).split('\n');
  lines.forEach((line, i) => {
    const at = (message: string): void => {
      findings.push({ path: file, line: i + 1, message });
    };
    for (const rule of STALE_RULES) if (rule.re.test(line)) at(`${rule.what}: ${rule.fix}`);
    for (const message of docRefFindings(citing[i] ?? '', docs)) at(message);
    for (const m of line.matchAll(ISSUE_RE)) {
      at(`names "${m[0]}" of the issue tracker: drop it and say the behaviour`);
    }
  });
  return findings;
}

/** The docs under `docs/` and their headings, from the tracked files. */
export function docIndex(files: readonly string[], read: (file: string) => string): DocIndex {
  const index = new Map<string, ReadonlySet<string>>();
  for (const f of files) {
    if (/^docs\/[\w-]+\.md$/.test(f)) index.set(f, docSections(read(f)));
  }
  return index;
}

/** A backticked token of ARCHITECTURE.md that names a repo path, with its line. */
export interface NamedPath {
  readonly line: number;
  readonly path: string;
}

/**
 * Backticked tokens that look like paths: with a `/` and an extension, or ending in `/`
 * (`shared/api/`, `store/use-api.ts`), and bare file names with a source extension
 * (`render-scheduler.ts`).
 */
export function namedPaths(markdown: string): NamedPath[] {
  const out: NamedPath[] = [];
  markdown.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/`([^`\s]+)`/g)) {
      const token = m[1] ?? '';
      const pathLike = /^[\w.$~@*{}<>-]+(\/[\w.$~@*{}<>-]+)*\/?$/.test(token);
      if (!pathLike) continue;
      const withSlash = token.includes('/') && (token.endsWith('/') || /\.\w+$/.test(token));
      const fileName = !token.includes('/') && /\.(ts|tsx|js|mjs|cjs|css|md|json)$/.test(token);
      if (withSlash || fileName) out.push({ line: i + 1, path: token });
    }
  });
  return out;
}

/**
 * Tokens in ARCHITECTURE.md that look like paths but name something else: folders of the
 * user's settings, not of the repo, and an npm package.
 */
export const NOT_REPO_PATHS: readonly string[] = ['bundles/', 'override-versions/', 'sql.js'];

/**
 * Whether `named` names a tracked file or folder: from the repo root, or as the tail of one
 * (ARCHITECTURE.md names files within the floor it describes: `store/use-api.ts`). `*` and
 * `<…>` stand for any name part.
 */
export function pathExists(named: string, files: readonly string[]): boolean {
  const folder = named.endsWith('/');
  const body = named
    .replace(/\/$/, '')
    .split(/(\*|<[^>]*>)/)
    .map((part, i) => (i % 2 === 1 ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`(^|/)${body}${folder ? '/' : '$'}`);
  return files.some((f) => re.test(f));
}

/** The paths ARCHITECTURE.md names that no tracked file or folder answers to. */
export function checkArchitecture(markdown: string, files: readonly string[]): Finding[] {
  return namedPaths(markdown)
    .filter((p) => !NOT_REPO_PATHS.includes(p.path) && !pathExists(p.path, files))
    .map((p) => ({
      path: 'ARCHITECTURE.md',
      line: p.line,
      message: `names \`${p.path}\`, which is not in the repo: name the file that does this now`,
    }));
}

/** Everything: the findings left after exceptions, and the exceptions that excused none. */
export interface RepoScan {
  readonly findings: readonly Finding[];
  readonly unusedExceptions: readonly Exception[];
  readonly scannedFiles: number;
}

/** Runs every check over the repo at `root` (its tracked files, as git lists them). */
export function scanRepo(root: string): RepoScan {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && fs.existsSync(path.join(root, f)));
  const read = (f: string): string => fs.readFileSync(path.join(root, f), 'utf8');
  const docs = docIndex(files, read);
  const findings: Finding[] = [];
  const used = new Set<Exception>();
  const scanned = files.filter(isScanned);
  for (const file of scanned) {
    const text = read(file);
    const lines = text.split('\n');
    for (const finding of checkText(file, text, docs)) {
      const lineText = lines[finding.line - 1] ?? '';
      const excuse = EXCEPTIONS.find((e) => e.path === file && lineText.includes(e.text));
      if (excuse) used.add(excuse);
      else findings.push(finding);
    }
  }
  findings.push(...checkArchitecture(read('ARCHITECTURE.md'), files));
  return {
    findings,
    unusedExceptions: EXCEPTIONS.filter((e) => !used.has(e)),
    scannedFiles: scanned.length,
  };
}

/** One finding as a line to act on: `path:line: what and the fix`. */
export const formatFinding = (f: Finding): string => `${f.path}:${f.line}: ${f.message}`;

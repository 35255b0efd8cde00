/**
 * Seeded random folder trees for scripts/compare-claude-md.ts: nested folders, CLAUDE.md /
 * .claude/CLAUDE.md / CLAUDE.local.md at random levels, rules with and without `paths` (in
 * the YAML forms people write), includes with cycles, missing and non-text targets, includes
 * leaving the working directory, symlinked rules and rule folders, empty and frontmatter-only
 * files, managed settings, and a target file to Read. The same seed gives the same tree.
 */
import { CWD, type TreeEntry, type TreeSpec } from './claude-md-fixtures';
import { mulberry32 } from '../shared/testing/mulberry32';

const GLOBS = [
  'a/**',
  '**',
  '*.ts',
  'a/b/*.ts',
  '**/*.md',
  'src/*.{ts,css}',
  'd',
  '/a',
  'A/**',
  'a/**/x.ts',
  'd/e/',
  '**/x.ts',
  '*.css',
  'other.ts',
];
/** claudeMdExcludes patterns: globs, absolute paths, ones that never match, a managed file. */
const EXCLUDES = [
  '**/inc-1.md',
  '**/proj/CLAUDE.md',
  '{{ROOT}}/outer/proj/a/**',
  '**/.claude/rules/**',
  '**/CLAUDE.local.md',
  '**/etc/claude-code/CLAUDE.md',
  '**/rules/a.md',
  'CLAUDE.md',
  '{{ROOT}}/outer/CLAUDE.md',
  '**/home/**',
  '**/d/**/CLAUDE.md',
  '**/hinc.md',
];
const SUBDIRS = ['a', 'a/b', 'a/b/c', 'd', 'd/e', 'src'];
const RULE_NAMES = ['a.md', 'b.md', 'Z.md', 'style.md', 'sub/x.md', 'sub/deep/y.md', 'r1.md', 'notes.txt'];
const DATA_NAMES = ['x.ts', 'y.md', 'z.css'];

/** Markdown where includes hide in code, comments, quotes, lists, links and HTML. */
const MARKDOWN = [
  'ID: use `@./inc-1.md` here\n```\n@./inc-2.md\n```\n@./inc-3.md\n',
  'ID <!-- never closed\n@./inc-1.md\n',
  'ID text <!-- c --> @./inc-2.md\n',
  '*see @./inc-1.md* and [x](@./inc-2.md) **@./inc-3.md**\nID\n',
  '- item ID @./inc-1.md\n  - nested @./inc-2.md\n',
  '> quoted ID @./inc-1.md\n',
  '# Title ID @./inc-2.md\n',
  '<div>\n@./inc-1.md ID\n</div>\n\n@./inc-3.md\n',
  '    indented code @./inc-1.md\n\nID @./inc-2.md\n',
  'ID\n\n<!-- a -->\n<!-- b --> rest @./inc-3.md\n',
  'ID @./inc-1.md, @./inc-2.md; (@./inc-3.md)\n',
  // Comments after list items and under paragraph lines: marked decides what is a top-level comment.
  '- item ID\n<!-- after the list -->\n<!-- and the next --> @./inc-1.md\ntext\n',
  '1. one ID\n   <!-- nested in the item -->\n<!-- top level @./inc-2.md -->\n@./inc-3.md\n',
  'para ID\n  <!-- indented two -->\n   <!-- indented three @./inc-1.md -->\nmore\n',
  '* a\n* b ID\n\n<!-- after a blank line -->\n    <!-- four spaces -->\n',
  '- ID\n  - nested\n<!--\nmulti-line @./inc-2.md\n-->\n@./inc-1.md\n',
  '> quote ID\n<!-- after a quote -->\n',
  '# Head ID\n<!-- after a heading --> tail @./inc-3.md\n',
  'ID @C:/inc-1.md and @c:inc-2.md\n',
];

/** One random tree. */
export function randomTree(seed: number): TreeSpec {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number): boolean => r() < p;
  const files: Record<string, TreeEntry> = {};
  let counter = 0;

  const includes = [
    '@./inc-1.md',
    '@./inc-2.md',
    '@../CLAUDE.md',
    '@~/hinc.md',
    '@{{ROOT}}/outer/ext.md',
    '@./missing.md',
    '@./pic.png',
    '@./CLAUDE.md',
    `@{{ROOT}}/${CWD}/inc-3.md`,
    '@inc-1.md#section',
  ];
  const pathsYaml = (): string => {
    const globs = Array.from({ length: 1 + Math.floor(r() * 2) }, () => pick(GLOBS));
    switch (Math.floor(r() * 9)) {
      case 0:
        // Unquoted: globs starting with `*` or holding `{` fail YAML and are quoted on retry.
        return `paths: ${globs.join(', ')}`;
      case 1:
        return `paths: "${globs.join(', ')}"`;
      case 2:
        return `paths:\n${globs.map((g) => `  - "${g}"`).join('\n')}`;
      case 3:
        // An unquoted block list: `- **/x` cannot be retried, so the frontmatter reads as empty.
        return `paths:\n${globs.map((g) => `  - ${g}`).join('\n')}`;
      case 4:
        return `description: a rule\npaths: '${globs.join(', ')}'`;
      case 5:
        return pick(['paths:', 'paths: []', 'paths: ""', 'paths: 5']);
      case 6:
        // The forms a YAML parser reads its own way (Claude Code's is Bun.YAML).
        return pick([
          `paths:\n  a: "${globs[0]}"`,
          `description: @odd value\npaths: "${globs.join(', ')}"`,
          `title: a: b\npaths: ${globs.join(', ')}`,
          `\tname: tabbed\npaths: "${globs[0]}"`,
          `paths: >\n  ${globs.join(',\n  ')}`,
          `paths: |\n  ${globs.join('\n  ')}`,
          `paths: |-\n  ${globs[0]}`,
          `base: &g "${globs[0]}"\npaths: *g`,
          `list: &l\n  - "${globs[0]}"\npaths: *l`,
          `paths:\n  - - "${globs[0]}"\n    - "${globs[globs.length - 1]}"\n  - other.ts`,
          `paths: !!str ${globs[0]!.startsWith('*') ? `"${globs[0]}"` : globs[0]}`,
          `paths: !!seq ["${globs[0]}"]`,
          `paths: a.ts\npaths: "${globs[0]}"`,
          `paths: {x: "${globs[0]}"}`,
          `paths: [5, null, "${globs[0]}"]`,
        ]);
      default:
        return `paths: [${globs.map((g) => `"${g}"`).join(', ')}]`;
    }
  };
  const body = (canHavePaths: boolean): string => {
    const id = `text ${seed}-${++counter}`;
    const inc = (): string => (chance(0.5) ? ` ${pick(includes)}` : '');
    switch (Math.floor(r() * 13)) {
      case 9:
        return pick(MARKDOWN).replaceAll('ID', id);
      case 10:
        return `${id} line one\r\nline two${inc()}\r\n`;
      case 11:
        return `---\n${pathsYaml()}\n---\n\n\n  ${id} after blank lines${inc()}\n\n`;
      case 12:
        return `\t${id} <!-- inline --> tail${inc()}\n<!--\nblock comment @./inc-2.md\n-->\nafter`;
      case 0:
        return '';
      case 1:
        return '  \n\n';
      case 2:
        return '---\ntitle: only frontmatter\n---\n';
      case 3:
        return `<!-- hidden ${id} -->\n${id}${inc()}\n`;
      case 4:
      case 5:
        return canHavePaths || chance(0.3) ? `---\n${pathsYaml()}\n---\n${id}${inc()}\n` : `${id}${inc()}\n`;
      default:
        return `# ${id}\n\nSee${inc()}${inc()}\n`;
    }
  };

  const dirs = ['outer', CWD, ...SUBDIRS.filter(() => chance(0.5)).map((d) => `${CWD}/${d}`)];
  for (const dir of dirs) {
    if (chance(0.5)) files[`${dir}/CLAUDE.md`] = body(false);
    if (chance(0.3)) files[`${dir}/.claude/CLAUDE.md`] = body(false);
    if (chance(0.3)) files[`${dir}/CLAUDE.local.md`] = body(false);
    const rules = Math.floor(r() * 4);
    for (let i = 0; i < rules; i++) files[`${dir}/.claude/rules/${pick(RULE_NAMES)}`] = body(true);
    for (const name of DATA_NAMES) if (chance(0.4)) files[`${dir}/${name}`] = 'data\n';
  }
  for (const n of [1, 2, 3]) if (chance(0.6)) files[`${CWD}/inc-${n}.md`] = body(false);
  if (chance(0.5)) files['outer/ext.md'] = `external ${seed}\n`;
  if (chance(0.5)) files['home/hinc.md'] = `home include ${seed}${chance(0.3) ? ' @./hinc.md' : ''}\n`;
  if (chance(0.3)) files[`${CWD}/pic.png`] = 'png';
  if (chance(0.6)) files['home/.claude/CLAUDE.md'] = body(false);
  for (let i = Math.floor(r() * 3); i > 0; i--) files[`home/.claude/rules/${pick(RULE_NAMES)}`] = body(true);
  const managed = chance(0.6);
  if (managed) {
    if (chance(0.5)) files['managed/CLAUDE.md'] = body(false);
    for (let i = Math.floor(r() * 3); i > 0; i--)
      files[`managed/.claude/rules/${pick(RULE_NAMES)}`] = body(true);
    if (chance(0.2))
      files['managed/managed-settings.json'] = JSON.stringify({ claudeMd: `policy ${seed}\n` });
  }
  // Symlinks: a rule pointing at an include (loaded twice otherwise), a linked rules folder.
  if (chance(0.3) && files[`${CWD}/inc-1.md`] !== undefined)
    files[`${CWD}/.claude/rules/linked.md`] = { symlink: '../../inc-1.md' };
  if (chance(0.2)) {
    files[`${CWD}/shared-rules/s.md`] = body(true);
    files[`${CWD}/.claude/rules/shared`] = { symlink: '../../shared-rules' };
  }
  if (chance(0.1)) files[`${CWD}/.claude/rules/loop`] = { symlink: '.' };

  // Settings that change memory: claudeMdExcludes in any settings file, the env switches,
  // the external-include approval of ~/.claude.json (keyed by the git root when there is one).
  const settingsFiles = [
    'home/.claude/settings.json',
    `${CWD}/.claude/settings.json`,
    `${CWD}/.claude/settings.local.json`,
    'managed/managed-settings.json',
  ];
  const settings = new Map<string, Record<string, unknown>>();
  const settingsOf = (file: string): Record<string, unknown> => {
    const existing = settings.get(file);
    if (existing) return existing;
    const created: Record<string, unknown> = {};
    settings.set(file, created);
    return created;
  };
  if (chance(0.35)) {
    const n = 1 + Math.floor(r() * 2);
    for (let i = 0; i < n; i++) {
      const s = settingsOf(pick(settingsFiles));
      const list = (s['claudeMdExcludes'] as string[] | undefined) ?? [];
      list.push(pick(EXCLUDES));
      s['claudeMdExcludes'] = list;
    }
  }
  const addDirClaudeMd = chance(0.15);
  if (chance(0.15)) {
    const env = { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: pick(['1', 'on', 'true', '0']) };
    settingsOf(pick(settingsFiles))['env'] = env;
  }
  if (chance(0.04))
    settingsOf(pick(settingsFiles))['env'] = { CLAUDE_CODE_DISABLE_CLAUDE_MDS: pick(['1', 'yes', '0']) };
  for (const [file, value] of settings) {
    if (file.startsWith('managed/') && (!managed || files[file] !== undefined)) continue;
    files[file] = JSON.stringify(value);
  }
  const gitAtOuter = chance(0.3);
  if (gitAtOuter) files['outer/.git/HEAD'] = 'ref: refs/heads/main\n';
  const approvedByConfig = chance(0.15);
  if (approvedByConfig) {
    const key = chance(0.5) ? (gitAtOuter ? '{{ROOT}}/outer' : `{{ROOT}}/${CWD}`) : '{{ROOT}}/outer';
    files['home/.claude.json'] = JSON.stringify({
      projects: { [key]: { hasClaudeMdExternalIncludesApproved: true } },
    });
  }

  const dataFiles = Object.keys(files).filter((p) => DATA_NAMES.some((n) => p.endsWith(`/${n}`)));
  const memoryFiles = Object.keys(files).filter((p) => p.startsWith(CWD) && typeof files[p] === 'string');
  let target: string | null = null;
  if (chance(0.85)) {
    const pool = chance(0.1) && memoryFiles.length ? memoryFiles : dataFiles;
    if (pool.length) target = pick(pool);
  }
  return {
    name: `random-${seed}`,
    files,
    target,
    managed,
    approved: false,
    addDirClaudeMd,
  };
}

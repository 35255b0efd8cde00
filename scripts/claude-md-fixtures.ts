/**
 * Folder trees for scripts/compare-claude-md.ts: how a tree is described, how it is written to
 * disk, and the hand-made fixtures, one per behaviour where Claude Code 2.1.197
 * and the chapter disagree.
 *
 * Paths are relative to the tree's folder; `{{ROOT}}` in a text becomes that folder's absolute
 * path. The working directory is `outer/proj`, the user home `home`, the managed folder `managed`.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A file's text, a symlink (target as written), or `null` for an empty folder. */
export type TreeEntry = string | { readonly symlink: string } | null;

export interface TreeSpec {
  readonly name: string;
  readonly files: Readonly<Record<string, TreeEntry>>;
  /** The file Claude reads, relative to the tree (must be a file of `files`), or `null`. */
  readonly target: string | null;
  /** Whether `managed/` is served as the managed folder. */
  readonly managed: boolean;
  /** Whether external includes are approved (written to the home's `.claude.json`). */
  readonly approved: boolean;
  /**
   * Sets `CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD` (through the home's settings `env`): a
   * target outside the working directory is read with `--add-dir <its folder>`, whose memory
   * files then load at start.
   */
  readonly addDirClaudeMd?: boolean;
}

/** Where a written tree's parts are. */
export interface WrittenTree {
  readonly cwd: string;
  readonly home: string;
  readonly managed: string | null;
  readonly target: string | null;
  readonly approved: boolean;
  /** The folders Claude Code is given with `--add-dir` (the oracle adds a target's folder outside cwd). */
  readonly additionalDirectories: readonly string[];
  readonly addDirClaudeMd: boolean;
}

export const CWD = 'outer/proj';

/** Writes `spec` under `dir` (created) in the order of `files`. */
export function writeTree(dir: string, spec: TreeSpec): WrittenTree {
  for (const sub of ['home', CWD, 'managed']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (const [rel, entry] of Object.entries(spec.files)) {
    const abs = path.join(dir, rel);
    if (entry === null) {
      fs.mkdirSync(abs, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string') fs.writeFileSync(abs, entry.replaceAll('{{ROOT}}', dir));
    else fs.symlinkSync(entry.symlink.replaceAll('{{ROOT}}', dir), abs);
  }
  const cwd = path.join(dir, CWD);
  if (spec.approved) {
    const config = {
      projects: { [cwd]: { hasClaudeMdExternalIncludesApproved: true, hasTrustDialogAccepted: true } },
    };
    fs.writeFileSync(path.join(dir, 'home', '.claude.json'), JSON.stringify(config));
  }
  if (spec.addDirClaudeMd) {
    // Added to the user settings the tree may already hold (their other keys kept).
    const file = path.join(dir, 'home', '.claude', 'settings.json');
    const settings = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
      : {};
    const env = {
      ...(settings['env'] as Record<string, string> | undefined),
      CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: '1',
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...settings, env }));
  }
  const target = spec.target === null ? null : path.join(dir, spec.target);
  const rel = target === null ? '' : path.relative(cwd, target);
  const outside = target !== null && (rel.startsWith('..') || path.isAbsolute(rel));
  return {
    cwd,
    home: path.join(dir, 'home'),
    managed: spec.managed ? path.join(dir, 'managed') : null,
    target,
    approved: spec.approved,
    additionalDirectories: outside ? [path.dirname(target)] : [],
    addDirClaudeMd: spec.addDirClaudeMd === true,
  };
}

const P = CWD;
const base = { managed: true, approved: false } as const;

/** One fixture per behaviour where Claude Code 2.1.197 and the chapter disagree. */
export const FIXTURES: readonly TreeSpec[] = [
  {
    ...base,
    name: 'fixture-levels',
    files: {
      'managed/CLAUDE.md': 'managed policy\n',
      'home/.claude/CLAUDE.md': 'user global\n',
      'outer/CLAUDE.md': 'outer project\n',
      [`${P}/CLAUDE.md`]: 'project\n',
      [`${P}/.claude/CLAUDE.md`]: 'dot claude\n',
      [`${P}/CLAUDE.local.md`]: 'local\n',
      [`${P}/src/a.ts`]: 'x\n',
    },
    target: `${P}/src/a.ts`,
  },
  {
    ...base,
    name: 'fixture-rules-order',
    files: {
      [`${P}/.claude/rules/zeta.md`]: 'zeta\n',
      [`${P}/.claude/rules/alpha.md`]: 'alpha\n',
      [`${P}/.claude/rules/mid/beta.md`]: 'beta\n',
      [`${P}/.claude/rules/Gamma.md`]: 'gamma\n',
      [`${P}/.claude/rules/notes.txt`]: 'not a rule\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-symlinked-rule',
    files: {
      [`${P}/CLAUDE.md`]: 'see @./shared/style.md\n',
      [`${P}/shared/style.md`]: 'style rules\n',
      [`${P}/.claude/rules/style.md`]: { symlink: '../../shared/style.md' },
      [`${P}/.claude/rules/own.md`]: 'own rule\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-conditional',
    files: {
      'managed/.claude/rules/m.md': '---\npaths: src/**\n---\nmanaged conditional\n',
      'home/.claude/rules/u.md': '---\npaths:\n  - "**/*.ts"\n---\nuser conditional\n',
      [`${P}/.claude/rules/api.md`]: '---\npaths: src/api/**/*.ts, tests/**\n---\napi rule\n',
      [`${P}/.claude/rules/all.md`]: '---\npaths: ["**", "**"]\n---\nall-star means unconditional\n',
      [`${P}/.claude/rules/css.md`]: '---\npaths: src/*.{css,scss}\n---\ncss rule\n',
      [`${P}/src/api/h.ts`]: 'x\n',
    },
    target: `${P}/src/api/h.ts`,
  },
  {
    ...base,
    name: 'fixture-nested',
    files: {
      [`${P}/CLAUDE.md`]: 'top\n',
      [`${P}/a/CLAUDE.md`]: 'a\n',
      [`${P}/a/CLAUDE.local.md`]: 'a local\n',
      [`${P}/a/.claude/CLAUDE.md`]: 'a dot\n',
      [`${P}/a/.claude/rules/r.md`]: 'a rule\n',
      [`${P}/a/.claude/rules/c.md`]: '---\npaths: b/*.ts\n---\na conditional\n',
      [`${P}/a/b/CLAUDE.md`]: 'b @../../shared.md\n',
      [`${P}/shared.md`]: 'shared\n',
      [`${P}/a/b/x.ts`]: 'x\n',
      [`${P}/z/CLAUDE.md`]: 'sibling, never\n',
    },
    target: `${P}/a/b/x.ts`,
  },
  {
    ...base,
    name: 'fixture-external-includes',
    files: {
      [`${P}/CLAUDE.md`]: 'p @../outside.md @~/home-inc.md\n',
      'outer/outside.md': 'outside\n',
      'home/home-inc.md': 'home include\n',
      'home/.claude/CLAUDE.md': 'user @{{ROOT}}/outer/outside2.md\n',
      'outer/outside2.md': 'outside from user\n',
      'managed/CLAUDE.md': 'managed @./m-inc.md\n',
      'managed/m-inc.md': 'managed include\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-external-approved',
    approved: true,
    files: {
      [`${P}/CLAUDE.md`]: 'p @../outside.md\n',
      'outer/outside.md': 'outside\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-empty-files',
    files: {
      [`${P}/CLAUDE.md`]: '',
      [`${P}/.claude/CLAUDE.md`]: '---\npaths: x\n---\n',
      [`${P}/CLAUDE.local.md`]: '   \n\n',
      [`${P}/.claude/rules/e.md`]: '<!-- only a comment -->\n@../../inc.md\n',
      [`${P}/inc.md`]: 'inc\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-empty-drops-includes',
    files: {
      [`${P}/CLAUDE.md`]: '<!-- @./inc.md -->\n',
      [`${P}/.claude/CLAUDE.md`]: '   @./inc2.md',
      [`${P}/inc.md`]: 'inc\n',
      [`${P}/.claude/inc2.md`]: 'inc2\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-managed-settings',
    files: {
      'managed/CLAUDE.md': 'managed file\n',
      'managed/managed-settings.json': JSON.stringify({ claudeMd: 'from managed settings\n\n@./x.md' }),
      'managed/.claude/rules/r.md': 'managed rule\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-cycles-depth',
    files: {
      [`${P}/CLAUDE.md`]: '@./a.md\n',
      [`${P}/a.md`]: 'a @./b.md\n',
      [`${P}/b.md`]: 'b @./c.md @./a.md\n',
      [`${P}/c.md`]: 'c @./d.md\n',
      [`${P}/d.md`]: 'd @./e.md\n',
      [`${P}/e.md`]: 'e @./f.md\n',
      [`${P}/f.md`]: 'f too deep\n',
      [`${P}/img.png`]: 'png',
      [`${P}/.claude/CLAUDE.md`]: '@./../img.png @./missing.md @../f.md\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-target-outside',
    files: {
      'outer/.claude/rules/o.md': '---\npaths: other.ts\n---\nouter rule on a file outside cwd\n',
      'outer/other.ts': 'x\n',
      [`${P}/.claude/rules/p.md`]: '---\npaths: "**/*.ts"\n---\nproject rule\n',
    },
    target: 'outer/other.ts',
  },
  {
    ...base,
    name: 'fixture-additional-dir',
    addDirClaudeMd: true,
    files: {
      [`${P}/CLAUDE.md`]: 'project\n',
      'extra/CLAUDE.md': 'extra\n',
      'extra/CLAUDE.local.md': 'extra local\n',
      'extra/.claude/rules/r.md': 'extra rule\n',
      'extra/.claude/rules/c.md': '---\npaths: x.ts\n---\nextra conditional: not attached\n',
      'extra/x.ts': 'x\n',
    },
    target: 'extra/x.ts',
  },
  {
    ...base,
    name: 'fixture-claude-md-excludes',
    files: {
      'managed/CLAUDE.md': 'managed: never excluded\n',
      'managed/managed-settings.json': JSON.stringify({ claudeMdExcludes: ['**/outer/CLAUDE.md'] }),
      'home/.claude/settings.json': JSON.stringify({
        claudeMdExcludes: ['/etc/claude-code/CLAUDE.md', '**/inc.md', '**/sub/CLAUDE.md'],
      }),
      'outer/CLAUDE.md': 'outer: excluded by the managed settings\n',
      [`${P}/CLAUDE.md`]: 'project @./inc.md @./kept.md\n',
      [`${P}/inc.md`]: 'excluded include\n',
      [`${P}/kept.md`]: 'kept include\n',
      [`${P}/.claude/settings.json`]: JSON.stringify({ claudeMdExcludes: ['**/rules/c.md'] }),
      [`${P}/.claude/settings.local.json`]: JSON.stringify({ claudeMdExcludes: ['**/CLAUDE.local.md'] }),
      [`${P}/CLAUDE.local.md`]: 'local: excluded\n',
      [`${P}/.claude/rules/c.md`]: '---\npaths: sub/*.ts\n---\nexcluded on Read\n',
      [`${P}/.claude/rules/d.md`]: '---\npaths: sub/*.ts\n---\nattached on Read\n',
      [`${P}/sub/CLAUDE.md`]: 'sub: excluded on Read\n',
      [`${P}/sub/x.ts`]: 'x\n',
    },
    target: `${P}/sub/x.ts`,
  },
  {
    ...base,
    name: 'fixture-disable-claude-mds',
    files: {
      'managed/CLAUDE.md': 'managed\n',
      [`${P}/.claude/settings.local.json`]: JSON.stringify({
        env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: 'yes' },
      }),
      [`${P}/CLAUDE.md`]: 'project\n',
      [`${P}/sub/CLAUDE.md`]: 'sub\n',
      [`${P}/sub/x.ts`]: 'x\n',
    },
    target: `${P}/sub/x.ts`,
  },
  {
    ...base,
    name: 'fixture-approval-git-root',
    files: {
      'outer/.git/HEAD': 'ref: refs/heads/main\n',
      'home/.claude.json': JSON.stringify({
        projects: { '{{ROOT}}/outer': { hasClaudeMdExternalIncludesApproved: true } },
      }),
      [`${P}/CLAUDE.md`]: 'project @../ext.md\n',
      'outer/ext.md': 'external include, approved for the git root\n',
    },
    target: null,
  },
  {
    ...base,
    name: 'fixture-add-dir-by-project-env',
    files: {
      [`${P}/.claude/settings.json`]: JSON.stringify({
        env: { CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD: 'on' },
        permissions: { additionalDirectories: ['{{ROOT}}/perm'] },
      }),
      'perm/CLAUDE.md': 'permissions.additionalDirectories load no memory\n',
      'other/CLAUDE.md': 'the --add-dir folder\n',
      'other/x.ts': 'x\n',
    },
    target: 'other/x.ts',
  },
  {
    ...base,
    name: 'fixture-conditional-includes',
    files: {
      [`${P}/.claude/rules/c.md`]: '---\npaths: src/**\n---\ncond @./plain.md @./globbed.md\n',
      [`${P}/.claude/rules/plain.md.inc`]: 'x',
      [`${P}/.claude/plain.md`]: 'unused\n',
      [`${P}/.claude/rules/plain.md`]: 'plain include of a conditional rule\n',
      [`${P}/.claude/rules/globbed.md`]: '---\npaths: src/a.ts\n---\nglobbed include\n',
      [`${P}/CLAUDE.md`]: 'top @./g2.md\n',
      [`${P}/g2.md`]: '---\npaths: nothing\n---\nglobs on a CLAUDE.md include are ignored\n',
      [`${P}/src/a.ts`]: 'x\n',
    },
    target: `${P}/src/a.ts`,
  },
  {
    ...base,
    name: 'fixture-read-memory-file',
    files: {
      [`${P}/a/CLAUDE.md`]: 'a md\n',
      [`${P}/a/CLAUDE.local.md`]: 'a local\n',
    },
    target: `${P}/a/CLAUDE.md`,
  },
  {
    ...base,
    name: 'fixture-target-folder',
    files: { [`${P}/a/CLAUDE.md`]: 'a\n', [`${P}/a/b/CLAUDE.md`]: 'b\n' },
    // Reading a folder fails, and a failed Read attaches nothing.
    target: `${P}/a/b`,
  },
  {
    ...base,
    name: 'fixture-frontmatter-edge',
    files: {
      [`${P}/CLAUDE.md`]: '---\ntitle: x\n---\n\n\n   body after blank lines\n',
      [`${P}/a/CLAUDE.md`]: '---\ntitle: y\n---\n\n\n   nested body keeps no leading blank\n',
      [`${P}/.claude/rules/r.md`]: '---\npaths: a/**\n---\nrule\n\n\n',
      [`${P}/a/x.ts`]: 'x\n',
    },
    target: `${P}/a/x.ts`,
  },
];

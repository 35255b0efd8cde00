import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until as waitUntil } from '../test-support/until';
import type { EventName } from '../../shared/api';
import type { ClaudeAssembly } from '../../shared/api/methods/claude-project';
import type { ClaudeFs } from '../../shared/claude-md/types';
import { toEnginePath } from '../services/node-fs';
import { ClaudeProjectService } from './claude-project-service';
import { createNodeClaudeFs } from './node-claude-fs';

const FIXTURE = path.resolve(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'claude-md-project');

let tmp = '';
let service: ClaudeProjectService | null = null;

afterEach(async () => {
  await service?.close();
  service = null;
  if (tmp !== '') fs.rmSync(tmp, { recursive: true, force: true });
  tmp = '';
});

/** A temp copy of the fixture: project/, home/, managed/. */
function copyFixture(): { root: string; cwd: string; home: string; managed: string } {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-claude-'));
  const root = path.join(tmp, 'claude-md-project');
  fs.cpSync(FIXTURE, root, { recursive: true, verbatimSymlinks: true });
  return {
    root,
    cwd: toEnginePath(path.join(root, 'project')),
    home: toEnginePath(path.join(root, 'home')),
    managed: toEnginePath(path.join(root, 'managed')),
  };
}

function start(watch: boolean, fsPort?: ClaudeFs) {
  const events: { event: EventName; payload: unknown }[] = [];
  service = new ClaudeProjectService({
    emit: (event, payload) => events.push({ event, payload }),
    userHome: os.homedir(),
    watch,
    delayMs: 40,
    ...(fsPort === undefined ? {} : { fs: fsPort }),
  });
  return { service, events };
}

const rows = (a: ClaudeAssembly) =>
  a.report.files.map((f) => `${f.level} ${f.status} ${f.reason} ${f.display}`);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const until = (check: () => boolean, ms = 8000): Promise<void> => waitUntil(check, ms);

/** Rows `from`..`to` (one rules folder) sorted: their order is the file system's. */
function settle(rows: readonly string[], from: number, to: number): string[] {
  return [...rows.slice(0, from), ...settled(rows.slice(from, to)), ...rows.slice(to)];
}
const settled = (rows: readonly string[]) => [...rows].sort();

describe('ClaudeProjectService', () => {
  it('opens a project, assembles it in load order and pushes the assembly', async () => {
    const dirs = copyFixture();
    const { service, events } = start(false);
    const result = await service.open({ cwd: dirs.cwd, home: dirs.home, managedDir: dirs.managed });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.trigger).toBe('open');
    expect(result.value.options).toMatchObject({ cwd: dirs.cwd, home: dirs.home, target: null });
    expect(settle(rows(result.value), 9, 12)).toEqual([
      'managed loaded session_start ' + dirs.managed + '/CLAUDE.md',
      'user loaded session_start ~/.claude/CLAUDE.md',
      'user loaded include ~/.claude/snippets/tone.md',
      'user loaded session_start ~/.claude/rules/commits.md',
      'project loaded session_start CLAUDE.md',
      'project loaded include docs/conventions.md',
      'project non-text include docs/diagram.png',
      'project external-not-approved include ' + path.posix.join(dirs.root, 'shared-notes.md'),
      'project loaded session_start .claude/CLAUDE.md',
      // One rules folder, listed in the file system's own order (as Claude Code walks it).
      ...settled([
        'project deferred path_glob_match .claude/rules/frontend/styles.md',
        'project loaded session_start .claude/rules/general.md',
        'project deferred path_glob_match .claude/rules/testing.md',
      ]),
      'local loaded session_start CLAUDE.local.md',
    ]);
    expect(events.map((e) => e.event)).toEqual(['onDidAssembleClaudeMd']);
    expect(service.current).toBe(result.value);
  });

  it('re-assembles with changed options: a target, setting sources, approval', async () => {
    const dirs = copyFixture();
    const { service } = start(false);
    await service.open({ cwd: dirs.cwd, home: dirs.home, managedDir: dirs.managed });
    const withTarget = await service.setOptions({ target: 'packages/app/src/App.tsx' });
    if (!withTarget.ok) throw new Error(withTarget.error.message);
    expect(withTarget.value.trigger).toBe('options');
    // The Read's phase: the nested folder's files, then the cwd's conditional rules (neither matches).
    expect(settle(rows(withTarget.value).slice(-4), 2, 4)).toEqual([
      'project loaded nested_traversal packages/app/CLAUDE.md',
      'project conditional-matched path_glob_match packages/app/.claude/rules/react.md',
      ...settled([
        'project conditional-not-matched path_glob_match .claude/rules/frontend/styles.md',
        'project conditional-not-matched path_glob_match .claude/rules/testing.md',
      ]),
    ]);
    // The golden is the real CLI's output: the start block, then `=== attached after Read(…)` and the attachments.
    const expected = fs
      .readFileSync(path.join(FIXTURE, 'expected-context-with-target.txt'), 'utf8')
      .replaceAll('<FIXTURE>', toEnginePath(dirs.root));
    const cut = expected.indexOf('\n=== attached after Read(');
    expect(withTarget.value.report.context).toBe(expected.slice(0, cut));
    expect(withTarget.value.report.attachedOnRead?.map((a) => a.text)).toEqual(
      expected
        .slice(expected.indexOf('\n', cut + 1) + 1)
        .split('\n---\n')
        .filter((t) => t !== ''),
    );

    const projectOnly = await service.setOptions({
      settingSources: { user: false, local: false },
      target: '',
    });
    if (!projectOnly.ok) throw new Error(projectOnly.error.message);
    expect(projectOnly.value.options.target).toBeNull();
    const statuses = projectOnly.value.report.files.filter((f) => f.level === 'user' || f.level === 'local');
    expect(statuses.map((f) => f.status)).toEqual([
      'excluded-by-setting',
      'excluded-by-setting',
      'excluded-by-setting',
    ]);

    const approved = await service.setOptions({ approveExternalIncludes: true });
    if (!approved.ok) throw new Error(approved.error.message);
    expect(approved.value.report.files.find((f) => f.display.endsWith('shared-notes.md'))?.status).toBe(
      'loaded',
    );
    // Options carry over: the sources set before are still off.
    expect(approved.value.options.settingSources).toEqual({ user: false, project: true, local: false });

    // Another folder keeps the home, managed folder and switches, and drops the target.
    await service.setOptions({ target: 'x.ts' });
    const other = await service.open({ cwd: `${dirs.cwd}/packages/app` });
    if (!other.ok) throw new Error(other.error.message);
    expect(other.value.options).toEqual({
      cwd: `${dirs.cwd}/packages/app`,
      home: dirs.home,
      managedDir: dirs.managed,
      target: null,
      settingSources: { user: false, project: true, local: false },
      approveExternalIncludes: true,
    });
  });

  it('a missing working directory is an error value, and nothing opens', async () => {
    const dirs = copyFixture();
    const { service, events } = start(false);
    const missing = path.posix.join(dirs.root, 'no-such-project');
    const result = await service.open({ cwd: missing });
    expect(result).toEqual({
      ok: false,
      error: { code: 'workspace-invalid', message: 'the working directory does not exist', path: missing },
    });
    const file = await service.open({ cwd: path.posix.join(dirs.cwd, 'CLAUDE.md') });
    expect(file.ok ? null : file.error.message).toBe('the working directory is not a folder');
    expect(service.current).toBeNull();
    expect(events).toEqual([]);
    const options = await service.setOptions({ target: 'x.ts' });
    expect(options.ok ? null : options.error.code).toBe('workspace-invalid');
  });

  it('an unreadable file is a row and a diagnostic, and reading it is an error value', async () => {
    const dirs = copyFixture();
    const node = createNodeClaudeFs();
    const locked = `${dirs.cwd}/CLAUDE.local.md`;
    const port: ClaudeFs = {
      ...node,
      readText: (p) =>
        p === locked ? { error: 'EACCES', message: `permission denied: ${p}` } : node.readText(p),
      // The viewer reads bounded (answer caps): the same refusal there.
      readTextLimited: (p, max) =>
        p === locked
          ? { error: 'EACCES', message: `permission denied: ${p}` }
          : (node.readTextLimited?.(p, max) ?? node.readText(p)),
    };
    const { service } = start(false, port);
    const result = await service.open({ cwd: dirs.cwd, home: dirs.home, managedDir: dirs.managed });
    if (!result.ok) throw new Error(result.error.message);
    const row = result.value.report.files.find((f) => f.path === locked);
    expect(row?.status).toBe('missing');
    expect(result.value.report.diagnostics.map((d) => d.code)).toContain('read-error');
    expect(service.readFile(locked)).toEqual({
      ok: false,
      error: { code: 'read-error', message: `permission denied: ${locked}`, path: locked },
    });
    const readable = service.readFile(`${dirs.cwd}/CLAUDE.md`);
    expect(readable.ok && readable.value.text).toContain('# Demo project');
    const outside = service.readFile('/etc/passwd');
    expect(outside.ok ? null : outside.error.code).toBe('outside-workspace');
  });

  it('re-assembles once per burst when a file changes or a new rule appears on disk', async () => {
    const dirs = copyFixture();
    const { service, events } = start(true);
    await service.open({ cwd: dirs.cwd, home: dirs.home, managedDir: dirs.managed });
    const assemblies = () =>
      events.filter((e) => e.event === 'onDidAssembleClaudeMd').map((e) => e.payload as ClaudeAssembly);
    expect(assemblies()).toHaveLength(1);

    fs.appendFileSync(path.join(dirs.cwd, 'CLAUDE.md'), '\nEdited on disk.\n');
    await until(() => assemblies().length === 2);
    const edited = assemblies()[1]!;
    expect(edited.trigger).toBe('disk');
    expect(edited.changedPaths).toEqual([`${dirs.cwd}/CLAUDE.md`]);
    expect(edited.report.context).toContain('Edited on disk.');

    // A new rule in an existing rules folder, and a CLAUDE.md where there was none.
    fs.writeFileSync(path.join(dirs.cwd, '.claude', 'rules', 'new-rule.md'), 'A new rule.\n');
    await until(() => assemblies().some((a) => a.report.context.includes('A new rule.')));
    fs.mkdirSync(path.join(dirs.cwd, 'docs', '.claude'), { recursive: true });
    fs.writeFileSync(path.join(dirs.home, '.claude', 'rules', 'later.md'), 'Later user rule.\n');
    await until(() => assemblies().some((a) => a.report.context.includes('Later user rule.')));

    // Unrelated files beside the project do not re-assemble.
    const before = assemblies().length;
    fs.writeFileSync(path.join(dirs.cwd, 'docs', 'unrelated.txt'), 'x');
    fs.writeFileSync(path.join(dirs.root, 'elsewhere.md'), 'x');
    await sleep(400);
    expect(assemblies()).toHaveLength(before);
  });

  it('notices a folder that did not exist: creating .claude/rules in the project', async () => {
    const dirs = copyFixture();
    fs.rmSync(path.join(dirs.cwd, '.claude'), { recursive: true, force: true });
    const { service, events } = start(true);
    await service.open({ cwd: dirs.cwd, home: dirs.home, managedDir: dirs.managed });
    const contexts = () =>
      events
        .filter((e) => e.event === 'onDidAssembleClaudeMd')
        .map((e) => (e.payload as ClaudeAssembly).report.context);
    fs.mkdirSync(path.join(dirs.cwd, '.claude', 'rules'), { recursive: true });
    fs.writeFileSync(path.join(dirs.cwd, '.claude', 'rules', 'fresh.md'), 'Fresh rule.\n');
    await until(() => contexts().some((c) => c.includes('Fresh rule.')));
    // Watching the new folder, a later edit in it is seen too.
    fs.writeFileSync(path.join(dirs.cwd, '.claude', 'rules', 'fresh.md'), 'Fresh rule, edited.\n');
    await until(() => contexts().some((c) => c.includes('Fresh rule, edited.')));
  });
});

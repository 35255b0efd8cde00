/**
 * The default kit (kits/) against the reference's default manifest table
 * (kits/docs/reference/context-assembly.md, "默认 manifest 的段") and its scenarios, rendered on
 * the real files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderReport } from '../../shared/engine';
import { renderContext } from '../../shared/engine';
import { APP_ROOT } from './app-paths';
import { createNodeFs, toEnginePath } from './node-fs';

const manifestPath = path.join(APP_ROOT, 'kits', 'eck_manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { sections: Record<string, unknown>[] };

const TABLE: [number, string, string, unknown, boolean][] = [
  [10, 'rules', '$KITS_RULES', 'always', false],
  [20, 'identity-layer', '$KITS_FRAGMENTS/', { var: 'chatType', neq: null }, true],
  [21, 'persona', '$PERSONAL_DIR/persona.md', { var: 'chatType', neq: null }, false],
  [21.5, 'personal-profile', '$PERSONAL_DIR/personal.md', { var: 'chatType', neq: null }, false],
  [22, 'working-memory', '$PERSONAL_DIR/memory/working.md', { var: 'chatType', neq: null }, false],
  [30, 'relation-layer', '$KITS_FRAGMENTS/', { var: 'chatType', in: ['private', 'group'] }, true],
  [35, 'peer-profile', '$RELATIONS_DIR/{{peerKey}}/profile.md', { var: 'peerKey', neq: null }, false],
  [40, 'venue-fragment', '$KITS_FRAGMENTS/', { var: 'chatType', neq: null }, true],
  [41, 'venue-chattype', '$KITS_DOCS/venues/{{chatType}}.md', { var: 'chatType', neq: null }, false],
  [
    42,
    'venue-channel-chattype',
    '$KITS_DOCS/venues/{{channel}}-{{chatType}}.md',
    { var: 'chatType', neq: null },
    false,
  ],
  [44, 'venue-client', '$KITS_DOCS/venues/client-{{clientType}}.md', { var: 'clientType', neq: null }, false],
  [50, 'channel-layer', '$KITS_FRAGMENTS/', { var: 'channel', neq: null }, true],
  [55, 'commands', '$KITS_FRAGMENTS/', { var: 'channel', neq: null }, true],
  [60, 'session', '$KITS_FRAGMENTS/', 'always', true],
  [70, 'baseagent', '$KITS_FRAGMENTS/', { var: 'baseAgent', neq: null }, true],
];

describe('kits/eck_manifest.json reproduces the reference table', () => {
  it('has the sections in the table order', () => {
    expect(manifest.sections.map((s) => s.id)).toEqual(TABLE.map((row) => row[1]));
  });

  it.each(TABLE)('order %s: %s', (order, id, pathStart, when, inject) => {
    const s = manifest.sections.find((x) => x.id === id) as Record<string, unknown>;
    expect(s.order).toBe(order);
    expect(String(s.file ?? s.path).startsWith(pathStart)).toBe(true);
    expect(s.when).toEqual(when);
    expect(s.needsInjection).toBe(inject);
    expect(s.type).toBe(id === 'rules' ? 'directory' : 'file');
  });

  it('the rules folder has six rule files of about 18 KB', () => {
    const rules = fs.readdirSync(path.join(APP_ROOT, 'kits', 'rules')).filter((n) => n.endsWith('.md'));
    expect(rules).toHaveLength(6);
    const bytes = rules.reduce((n, f) => n + fs.statSync(path.join(APP_ROOT, 'kits', 'rules', f)).size, 0);
    expect(bytes).toBeGreaterThan(15000);
    expect(bytes).toBeLessThan(21000);
  });
});

describe('the default kit in the reference scenarios', () => {
  let home: string;
  beforeAll(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'eck-default-kit-'));
  });
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  const render = (vars: Record<string, unknown>): RenderReport =>
    renderContext({ packageRoot: toEnginePath(APP_ROOT), home: toEnginePath(home), vars }, createNodeFs());
  const loaded = (r: RenderReport): string[] => r.sections.filter((s) => s.status === 'ok').map((s) => s.id);

  it('coding: exactly rules + session + baseagent (the reference note)', () => {
    const r = render({ baseAgent: 'claude-code', sessionId: 's1' });
    expect(loaded(r)).toEqual(['rules', 'session', 'baseagent']);
    expect(r.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  });

  it('coding without baseAgent: rules + session', () => {
    expect(loaded(render({ sessionId: 's1' }))).toEqual(['rules', 'session']);
  });

  it('a private AUN chat on desktop loads the venue docs that exist', () => {
    const r = render({
      selfAid: 'nova',
      chatType: 'private',
      channel: 'aun',
      clientType: 'desktop',
      peerKey: 'aun#alice',
      baseAgent: 'x',
    });
    expect(loaded(r)).toEqual(
      expect.arrayContaining([
        'rules',
        'identity-layer',
        'relation-layer',
        'venue-fragment',
        'venue-chattype',
        'venue-channel-chattype',
        'venue-client',
        'channel-layer',
        'commands',
        'session',
        'baseagent',
      ]),
    );
    // The home is empty: the agent's own files do not exist.
    expect(r.sections.find((s) => s.id === 'persona')?.status).toBe('not-exist');
    expect(r.sections.find((s) => s.id === 'peer-profile')?.status).toBe('not-exist');
    expect(r.totals.overTotal).toEqual([]);
  });

  it('the whole kit loads within the default totals', () => {
    const r = render({
      selfAid: 'nova',
      chatType: 'group',
      channel: 'feishu',
      clientType: 'mobile',
      groupId: 'g',
      baseAgent: 'x',
    });
    expect(r.totals.bytes).toBeLessThan(102400);
    expect(r.sections.find((s) => s.id === 'rules')?.truncated).toBeNull();
  });
});

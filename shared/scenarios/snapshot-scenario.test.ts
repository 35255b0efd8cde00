import { describe, expect, it } from 'vitest';
import { scenarioFromSnapshot } from './snapshot-scenario';

const described = JSON.stringify({
  chatType: { value: 'private', description: '聊天类型' },
  selfAid: { value: 'nova.aid.pub', description: '' },
  PACKAGE_ROOT: { value: '/opt/evolcore', description: '' },
  EVOLCORE_HOME: { value: '/home/demo/.evolcore', description: '' },
  KITS: { value: '/opt/evolcore/kits', description: '' },
  AGENT_DIR: { value: '/home/demo/.evolcore/agents/nova.aid.pub', description: '' },
});
const workspace = { packageRoot: '/w/app', home: '/w/home' };

function report(manifestFile: string, sessionType: string, source: string): string {
  const summary = {
    format: 'eck-manifest-report',
    version: 1,
    manifestFile,
    sessionType,
    manifestSource: source,
    sections: [],
  };
  return `# report\n\n\`\`\`json eck-manifest-report\n${JSON.stringify(summary)}\n\`\`\`\n`;
}

describe('scenarioFromSnapshot', () => {
  it('re-rooted, keeps the content vars and lets path vars derive from the workspace', () => {
    const r = scenarioFromSnapshot(described, null, { reroot: true, workspace });
    expect(r.ok && r.scenario).toEqual({
      presetId: null,
      vars: { chatType: 'private', selfAid: 'nova.aid.pub' },
      sessionType: 'main',
      manifestFile: null,
    });
    expect(r.ok && r.recorded).toEqual({ packageRoot: '/opt/evolcore', home: '/home/demo/.evolcore' });
    expect(r.ok && r.rerooted).toContain('AGENT_DIR');
  });

  it('an evolclaw record (its params list): home paths re-rooted too, nothing left unknown', () => {
    const params = JSON.stringify({
      timestamp: '2026-12-02T01:02:03.000Z',
      sessionId: 's1',
      params: [
        { name: 'EVOLCLAW_HOME', value: '/Users/a/.evolclaw', description: '用户数据根目录' },
        { name: 'PACKAGE_ROOT', value: '/opt/evolclaw', description: 'evolclaw 包根目录' },
        { name: 'KITS_RULES', value: '/opt/evolclaw/kits/rules', description: '' },
        { name: 'PERSONAL_DIR', value: '/Users/a/.evolclaw/agents/nova/personal', description: '' },
        { name: 'selfAid', value: 'nova', description: '' },
        { name: 'lifecycle', value: 'active', description: '' },
      ],
    });
    const r = scenarioFromSnapshot(params, null, { reroot: true, workspace });
    expect(r.ok && r.recorded).toEqual({ packageRoot: '/opt/evolclaw', home: '/Users/a/.evolclaw' });
    expect(r.ok && r.warnings.filter((w) => w.includes('unknown'))).toEqual([]);
    expect(r.ok && r.rerooted).toEqual(['EVOLCLAW_HOME', 'PACKAGE_ROOT', 'KITS_RULES', 'PERSONAL_DIR']);
    // What the workspace derives anyway is left to derivation.
    expect(r.ok && r.scenario.vars).toEqual({ selfAid: 'nova', lifecycle: 'active' });
  });

  it('not re-rooted, keeps every recorded path as an explicit var', () => {
    const r = scenarioFromSnapshot(described, null, { reroot: false, workspace });
    expect(r.ok && r.scenario.vars['KITS']).toBe('/opt/evolcore/kits');
    expect(r.ok && r.rerooted).toEqual([]);
  });

  it('reads every lenient shape of the vars file', () => {
    for (const text of [
      '{"chatType":"group"}',
      '{"vars":{"chatType":"group"},"descriptions":{}}',
      '[{"name":"chatType","value":"group"}]',
    ]) {
      const r = scenarioFromSnapshot(text, null, { reroot: true, workspace });
      expect(r.ok && r.scenario.vars).toEqual({ chatType: 'group' });
    }
  });

  it('takes the session type from the report, and forces the manifest only when the original was forced', () => {
    const forced = scenarioFromSnapshot('{}', report('eck_message_manifest.json', 'main', 'forced'), {
      reroot: true,
      workspace,
    });
    expect(forced.ok && forced.scenario).toMatchObject({
      manifestFile: 'eck_message_manifest.json',
      sessionType: 'main',
    });
    const chosen = scenarioFromSnapshot('{}', report('eck_manifest.auxiliary.json', 'auxiliary', 'agent'), {
      reroot: true,
      workspace,
    });
    expect(chosen.ok && chosen.scenario).toMatchObject({ manifestFile: null, sessionType: 'auxiliary' });
  });

  it('a broken vars file is an error that says where; a broken report only a warning', () => {
    expect(scenarioFromSnapshot('{"a":', null, { reroot: true, workspace })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^vars file: 1:/),
    });
    const r = scenarioFromSnapshot('{}', 'nothing here', { reroot: true, workspace });
    expect(r.ok && r.warnings.join()).toMatch(/manifest report unreadable/);
  });
});

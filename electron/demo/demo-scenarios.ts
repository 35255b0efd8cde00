/**
 * The scenarios the demo history is made of: who talked to the demo agent, where, and when,
 * over two days. Varied on purpose (chat type, peer, channel, session type, the message
 * manifest) so the History tab has something to filter, chart and compare.
 */
import { SCENARIO_PRESETS } from '../../shared/scenarios/presets';
import type { Scenario } from '../../shared/scenarios/scenario';

/** One render of the demo history. */
export interface DemoRender {
  readonly at: Date;
  readonly scenario: Scenario;
}

const preset = (id: string): Scenario => {
  const p = SCENARIO_PRESETS.find((s) => s.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return JSON.parse(JSON.stringify(p.scenario)) as Scenario;
};

const visitor = (): Scenario => {
  const s = preset('private-owner');
  return {
    ...s,
    presetId: null,
    vars: {
      ...s.vars,
      peerId: 'bob.aid.pub',
      peerKey: 'aun#bob.aid.pub',
      peerName: 'Bob',
      peerRole: 'visitor',
      clientType: 'mobile',
    },
  };
};

const ownerInGroup = (): Scenario => {
  const s = preset('group-member');
  return {
    ...s,
    presetId: null,
    vars: { ...s.vars, peerId: 'ou_alice', peerName: 'Alice', peerRole: 'owner' },
  };
};

const batch = (n: number): Scenario => ({
  presetId: null,
  sessionType: 'main',
  manifestFile: 'eck_message_manifest.json',
  vars: {
    sessionId: 's-20261130-batch',
    remainingInQueue: n,
    pendingCount: n + 2,
    items: Array.from({ length: n }, (_, i) => ({
      peerName: i % 2 ? 'Bob' : 'Alice',
      content: i % 2 ? `部署窗口改到 ${20 + i}:00` : `周报第 ${i + 1} 节改好了吗？`,
      ...(i === 1 ? { attachment: 'plan.pdf' } : {}),
    })),
  },
});

/** The renders, in time order: 44 over two days, two of them in the same second. */
export function demoRenders(): DemoRender[] {
  const makers: (() => Scenario)[] = [
    () => preset('coding'),
    () => preset('private-owner'),
    () => preset('group-member'),
    visitor,
    () => preset('private-owner'),
    ownerInGroup,
    () => preset('auxiliary'),
    () => batch(3),
    () => preset('group-member'),
    () => preset('coding'),
    () => batch(1),
  ];
  const out: DemoRender[] = [];
  for (let i = 0; i < 44; i++) {
    const day = i < 22 ? 29 : 30;
    const k = i % 22;
    // UTC, like evolcore's own file names (so the demo is the same on every machine): 08:00
    // onwards, roughly every 40 minutes.
    const at = new Date(Date.UTC(2026, 10, day, 8 + Math.floor((k * 41) / 60), (k * 41) % 60, (i * 7) % 60));
    const scenario = (makers[i % makers.length] as () => Scenario)();
    scenario.vars = { ...scenario.vars, sessionCreatedAt: at.toISOString() };
    out.push({ at, scenario });
  }
  // Two renders in the same second (a message and its auxiliary pre-check): suffix -2.
  const last = out[out.length - 1] as DemoRender;
  out.push({ at: last.at, scenario: preset('auxiliary') });
  return out;
}

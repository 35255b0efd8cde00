/**
 * The built-in scenario presets (docs/design.md §Concepts): coding, private chat with the
 * owner, private chat with a visitor, group chat as a member (mention-only), auxiliary session,
 * and the message manifest with a small batch of messages for its loop.
 *
 * Values match the demo home (agent `nova.aid.pub`, peers Alice and the feishu group
 * `oc_team42`) and the conformance cases 01, 02, 03 and 12, so a fresh start shows a render
 * where every layer of the default kit has something to load.
 */
import type { PresetId, Scenario } from './scenario';

/** A preset: an id, its i18n label key, and the scenario it starts. */
export interface ScenarioPreset {
  readonly id: PresetId;
  readonly scenario: Scenario;
}

/** The demo home's agent; the chat presets speak as it. */
export const DEMO_AGENT_AID = 'nova.aid.pub';

// Coding: no chat. chatType null, no selfAid and no channel, so only rules, session and
// baseagent load (the reference's note under "默认 manifest 的段").
const coding: Scenario = {
  presetId: 'coding',
  sessionType: 'main',
  manifestFile: null,
  vars: {
    chatType: null,
    sessionId: 's-20261201-100',
    sessionName: 'fix-ci',
    project: 'evolcore',
    CURRENT_PROJECT: '/home/dev/src/evolcore',
    chatMode: 'interactive',
    permissionMode: 'acceptEdits',
    readonly: false,
    baseAgent: 'claude-code',
    baseAgentName: 'Claude Code',
    baseAgentModel: 'claude-sonnet-4',
    agentSessionId: 'a1b2c3',
  },
};

/** The demo home's agent, the same in every chat preset. */
const demoAgent = {
  selfAid: DEMO_AGENT_AID,
  selfName: 'Nova',
  hasPersona: true,
  hasWorkingMemory: true,
} as const;

const privateOwner: Scenario = {
  presetId: 'private-owner',
  sessionType: 'main',
  manifestFile: null,
  vars: {
    ...demoAgent,
    peerId: 'alice.aid.pub',
    peerKey: 'aun#alice.aid.pub',
    peerName: 'Alice',
    peerRole: 'owner',
    peerType: 'human',
    chatType: 'private',
    channel: 'aun',
    clientType: 'desktop',
    capabilities: '图片输入、文件发送',
    lifecycle: 'active',
    sessionId: 's-20261201-001',
    sessionName: '周报',
    project: 'evolcore',
    chatMode: 'interactive',
    permissionMode: 'default',
    baseAgent: 'claude-code',
    baseAgentName: 'Claude Code',
    baseAgentModel: 'claude-sonnet-4',
  },
};

const groupMember: Scenario = {
  presetId: 'group-member',
  sessionType: 'main',
  manifestFile: null,
  vars: {
    ...demoAgent,
    peerId: 'ou_b0b',
    peerKey: 'feishu#oc_team42',
    peerName: 'Bob',
    peerRole: 'member',
    peerType: 'human',
    groupId: 'oc_team42',
    chatType: 'group',
    channel: 'feishu',
    mentionMode: 'mention-only',
    capabilities: '图片输入',
    lifecycle: 'active',
    sessionId: 's-20261201-007',
    project: 'infra',
    chatMode: 'interactive',
    baseAgent: 'codex',
    baseAgentName: 'Codex',
    baseAgentModel: 'gpt-5',
  },
};

// Auxiliary: the private chat's vars under session type `auxiliary`, which the demo agent's
// config maps to eck_manifest.auxiliary.json (reference, "多 manifest").
const auxiliary: Scenario = {
  presetId: 'auxiliary',
  sessionType: 'auxiliary',
  manifestFile: null,
  vars: { ...privateOwner.vars, pendingCount: 2 },
};

// A visitor in a private chat: the same agent and channel as the owner's chat, another peer.
// The demo override keeps peer-profile for owner/admin only, so it drops here while the base
// relation layer (chatType in [private, group]) still loads.
const privateVisitor: Scenario = {
  presetId: 'private-visitor',
  sessionType: 'main',
  manifestFile: null,
  vars: {
    ...privateOwner.vars,
    peerId: 'bob.aid.pub',
    peerKey: 'aun#bob.aid.pub',
    peerName: 'Bob',
    peerRole: 'visitor',
    clientType: 'mobile',
    sessionId: 's-20261201-002',
    sessionName: '咨询',
  },
};

// The message manifest (reference, "三段式循环"): the batch wrapper plus one child per message
// of `items`, forced by file name as evolcore does for its message queue.
const messageBatch: Scenario = {
  presetId: 'message-batch',
  sessionType: 'main',
  manifestFile: 'eck_message_manifest.json',
  vars: {
    sessionId: 's-20261201-batch',
    remainingInQueue: 1,
    pendingCount: 3,
    items: [
      { peerName: 'Alice', content: '周报第 1 节改好了吗？' },
      { peerName: 'Bob', content: '部署窗口改到 21:00', attachment: 'plan.pdf' },
      { peerName: 'Alice', content: '好的，谢谢' },
    ],
  },
};

/** All presets, in the order the workspace bar lists them. */
export const SCENARIO_PRESETS: readonly ScenarioPreset[] = [
  { id: 'coding', scenario: coding },
  { id: 'private-owner', scenario: privateOwner },
  { id: 'private-visitor', scenario: privateVisitor },
  { id: 'group-member', scenario: groupMember },
  { id: 'auxiliary', scenario: auxiliary },
  { id: 'message-batch', scenario: messageBatch },
];

/** The preset a new workspace starts with: the private chat, where every layer loads. */
export const DEFAULT_PRESET_ID: PresetId = 'private-owner';

/** The scenario of a preset (a fresh copy, so callers may change it). */
export function presetScenario(id: PresetId): Scenario {
  const preset = SCENARIO_PRESETS.find((p) => p.id === id);
  if (preset === undefined) throw new Error(`unknown preset ${id}`);
  // JSON round trip: presets are plain JSON, and shared/ has no structuredClone (no DOM/node lib).
  return JSON.parse(JSON.stringify(preset.scenario)) as Scenario;
}

/**
 * The preset's scenario re-targeted at another agent: chat presets speak as `selfAid`;
 * the coding preset has no agent and stays as it is.
 */
export function presetScenarioFor(id: PresetId, selfAid: string | null): Scenario {
  const scenario = presetScenario(id);
  if (selfAid === null || scenario.vars['selfAid'] === undefined) return scenario;
  return { ...scenario, vars: { ...scenario.vars, selfAid } };
}

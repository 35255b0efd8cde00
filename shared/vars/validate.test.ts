import { describe, expect, it } from 'vitest';
import { validateVars } from './validate';

describe('validateVars', () => {
  it('accepts a realistic group-chat scenario', () => {
    expect(
      validateVars({
        chatType: 'group',
        channel: 'feishu',
        peerRole: 'reviewer', // custom roles are allowed
        permissionMode: 'somethingNew', // open set
        groupId: 'oc_team42',
        mentionMode: 'mention-only',
        hasPersona: true,
        readonly: false,
        capabilities: '图片输入、文件发送',
        renderModes: { private: 'default' },
        items: [{ peerName: 'Alice', content: 'hi' }],
        remainingInQueue: 0,
        KITS: '/pkg/kits',
        unknownExtra: { anything: 1 },
      }),
    ).toEqual([]);
  });

  it('treats null as "not injected" for nullable vars (the coding scenario)', () => {
    expect(
      validateVars({ chatType: null, channel: null, selfAid: null, AGENT_DIR: null, hasPersona: null }),
    ).toEqual([]);
  });

  it.each([
    [{ chatType: 'Private' }, '/chatType', 'chatType must be "private" | "group" | null, got "Private"'],
    [{ chatType: 1 }, '/chatType', 'chatType must be "private" | "group" | null, got number 1'],
    [{ hasPersona: 'yes' }, '/hasPersona', 'hasPersona must be boolean | null, got "yes"'],
    [{ peerRole: 3 }, '/peerRole', 'peerRole must be string | null, got number 3'],
    [{ renderModes: [] }, '/renderModes', 'renderModes must be object | null, got an array'],
    [
      { capabilities: { imageInput: true } },
      '/capabilities',
      "capabilities must be string | null, got an object; evolcore's builder never writes that type here, so a template would not show what you expect",
    ],
    [{ items: {} }, '/items', 'items must be array, got an object'],
    [{ items: null }, '/items', 'items must be array, not null'],
    [{ pendingCount: '3' }, '/pendingCount', 'pendingCount must be number, got "3"'],
    [{ KITS: 5 }, '/KITS', 'KITS must be a path string, got number 5'],
    [
      { clientType: 'tablet' },
      '/clientType',
      'clientType must be "desktop" | "web" | "mobile" | null, got "tablet"',
    ],
  ])('%j → error at %s', (vars, path, message) => {
    expect(validateVars(vars)).toEqual([{ path, message }]);
  });

  it('reports a non-object at the root', () => {
    expect(validateVars([1])).toEqual([{ path: '', message: 'vars must be an object, got an array' }]);
    expect(validateVars(null)).toHaveLength(1);
  });

  it('reports every bad var, in key order', () => {
    expect(validateVars({ hasPersona: 1, chatType: 'dm' }).map((e) => e.path)).toEqual([
      '/hasPersona',
      '/chatType',
    ]);
  });
});

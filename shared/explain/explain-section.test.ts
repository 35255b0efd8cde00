import { describe, expect, it } from 'vitest';
import { H, KITS, dirSection, fileSection, renderKit, sectionOf } from '../engine/__fixtures__/kit';
import type { RenderReport } from '../engine';
import { explainSection } from './explain-section';

const x = (n: number): string => 'x'.repeat(n);

function why(report: RenderReport, id: string) {
  return explainSection(sectionOf(report, id), report);
}

describe('explainSection: one reason per status, with values', () => {
  const files = {
    [`${KITS}/a.md`]: x(400),
    [`${KITS}/b.md`]: x(400),
    [`${KITS}/c.md`]: x(400),
    [`${KITS}/tiny.md`]: x(1),
    [`${KITS}/notes/1.md`]: x(10),
    [`${KITS}/notes/2.md`]: x(10),
    [`${KITS}/notes/3.md`]: x(10),
    [`${H}/agents/nova/personal/persona.md`]: 'p',
  };

  it('ok: files, bytes and whether its folder was cut', () => {
    const r = renderKit({ sections: [dirSection('notes', '$KITS/notes', { maxFiles: 2 })], files });
    expect(why(r, 'notes')).toMatchObject({
      status: 'ok',
      condition: { op: 'always', result: true },
      conditionOrigin: 'base',
      reason: { status: 'ok', files: 2, bytes: 20, truncated: true },
    });
  });

  it('when-false: the condition with the value and the fix', () => {
    const r = renderKit(
      { sections: [fileSection('persona', '$KITS/a.md', { when: { var: 'chatType', neq: null } })], files },
      { chatType: null },
    );
    expect(why(r, 'persona').reason).toEqual({
      status: 'when-false',
      condition: {
        op: 'neq',
        var: { name: 'chatType', value: null, present: true, truthy: false },
        expected: null,
        result: false,
      },
      fix: {
        mode: 'all',
        impossible: false,
        changes: [{ kind: 'set-any', var: 'chatType', suggestions: ['private', 'group'] }],
      },
    });
  });

  it('when-false after an override replaced the when: the origin says so', () => {
    const r = renderKit(
      {
        sections: [fileSection('peer', '$KITS/a.md', { when: { var: 'peerKey', neq: null } })],
        override: [{ id: 'peer', when: { var: 'peerRole', in: ['owner', 'admin'] } }],
        files,
      },
      { peerKey: 'k', peerRole: 'member' },
    );
    expect(why(r, 'peer')).toMatchObject({
      status: 'when-false',
      conditionOrigin: 'override',
      reason: { fix: { changes: [{ kind: 'set-one-of', var: 'peerRole', values: ['owner', 'admin'] }] } },
    });
  });

  it('disabled: by the override, or in the base itself', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md'), fileSection('b', '$KITS/b.md', { enabled: false })],
      override: [{ id: 'a', enabled: false }],
      files,
    });
    expect(why(r, 'a').reason).toEqual({ status: 'disabled', by: 'override', sectionOrigin: 'override' });
    expect(why(r, 'b').reason).toEqual({ status: 'disabled', by: 'base', sectionOrigin: 'base' });
  });

  it('unresolved-vars: each token and the var to set', () => {
    const r = renderKit({ sections: [fileSection('persona', '$PERSONAL_DIR/persona.md')], files }, {});
    expect(why(r, 'persona').reason).toMatchObject({
      status: 'unresolved-vars',
      rawPath: '$PERSONAL_DIR/persona.md',
      tokens: [
        { token: '$PERSONAL_DIR', needs: ['selfAid'], chain: ['PERSONAL_DIR', 'AGENT_DIR', 'selfAid'] },
      ],
    });
  });

  it('not-exist: the path looked for', () => {
    const r = renderKit(
      { sections: [fileSection('v', '$KITS/venues/{{chatType}}.md')], files },
      { chatType: 'group' },
    );
    expect(why(r, 'v').reason).toMatchObject({
      status: 'not-exist',
      path: `${KITS}/venues/group.md`,
      rawPath: '$KITS/venues/{{chatType}}.md',
    });
  });

  it('over-total: which limit and by how much; later sections name the one that tripped the gate', () => {
    const r = renderKit({
      sections: [
        fileSection('a', '$KITS/a.md', { order: 1 }),
        fileSection('b', '$KITS/b.md', { order: 2 }),
        fileSection('c', '$KITS/c.md', { order: 3 }),
        fileSection('tiny', '$KITS/tiny.md', { order: 4 }),
      ],
      files,
      top: { totalMaxBytes: 1000 },
    });
    expect(why(r, 'c').reason).toEqual({
      status: 'over-total',
      overTotal: {
        limit: 'bytes',
        filesBefore: 2,
        bytesBefore: 800,
        files: 1,
        bytes: 400,
        maxFiles: 50,
        maxBytes: 1000,
        bytesOver: 200,
        filesOver: -47,
        afterCut: false,
        firstCut: null,
      },
    });
    expect(why(r, 'tiny').reason).toMatchObject({ overTotal: { afterCut: true, firstCut: 'c' } });
  });

  it('over-total on the files limit', () => {
    const r = renderKit({
      sections: [fileSection('a', '$KITS/a.md', { order: 1 }), fileSection('b', '$KITS/b.md', { order: 2 })],
      files,
      top: { totalMaxFiles: 1 },
    });
    expect(why(r, 'b').reason).toMatchObject({ overTotal: { limit: 'files', filesOver: 1, maxFiles: 1 } });
  });

  it('invalid: the reason', () => {
    // Only a section evolcore cannot load (no path for its type, an unknown type) is invalid;
    // its when was evaluated first (enabled, then when), so the condition is there.
    const r = renderKit({ sections: [fileSection('bad', '$KITS/a.md', { type: 'glob' })], files });
    const e = why(r, 'bad');
    expect(e.condition).toMatchObject({ result: true });
    expect(e.reason).toMatchObject({ status: 'invalid' });
    expect(e.reason.status === 'invalid' && e.reason.reason).toContain('"glob"');
  });
});

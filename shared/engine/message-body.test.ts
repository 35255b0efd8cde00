import { describe, expect, it } from 'vitest';
import { H, KITS, P, fileSection, kitTree } from './__fixtures__/kit';
import { createMemoryFs } from '../base/memory-fs';
import { MESSAGE_MANIFEST_FILE, formatLocalTime, renderMessageBody, type MessageItem } from './message-body';

const wrapper = fileSection('batch', `${KITS}/wrapper.md`, {
  order: 5,
  needsInjection: true,
  loop: { forEach: 'items', childFile: `${KITS}/item.md`, separator: '\n' },
});
const perItem = (extra: Record<string, unknown> = {}) =>
  fileSection('item', `${KITS}/one.md`, { order: 10, needsInjection: true, ...extra });

function body(
  sections: Record<string, unknown>[],
  files: Record<string, string>,
  vars: Record<string, unknown>,
  items: MessageItem[],
) {
  const fs = createMemoryFs(kitTree({ sections, files, file: MESSAGE_MANIFEST_FILE }));
  return renderMessageBody(
    { packageRoot: P, home: H, vars, items, now: Date.UTC(2026, 5, 4, 13, 33, 7) },
    fs,
  );
}

describe('renderMessageBody (docs/engine.md §10, message-renderer.ts)', () => {
  it('each message through the non-loop sections, its text put back literally, blank lines kept', () => {
    const r = body(
      [perItem()],
      { [`${KITS}/one.md`]: '{{peerName}} 说：\n\n{{content}}\n\n' },
      { secret: 'TOKEN' },
      [
        { peerName: 'Alice', content: 'hi {{secret}}\n\nsecond paragraph' },
        { peerName: 'Bob', content: 'ok' },
      ],
    );
    // {{secret}} in a user's message is never parsed; trailing whitespace goes, inner blank lines stay.
    expect(r.body).toBe('Alice 说：\n\nhi {{secret}}\n\nsecond paragraph\n\nBob 说：\n\nok');
    expect(r.items).toEqual([
      { sections: ['item'], fallback: false },
      { sections: ['item'], fallback: false },
    ]);
  });

  it('the loop section wraps the batch with the session vars; a manifest with only it sends each raw text', () => {
    const r = body(
      [wrapper],
      {
        [`${KITS}/wrapper.md`]: '【批次 剩余{{remainingInQueue}}条】\n\n{{@loop}}\n【批次结束】',
        [`${KITS}/item.md`]: 'unused',
      },
      { remainingInQueue: 3 },
      [{ content: 'a {{x}}' }, { content: 'b' }],
    );
    expect(r.body).toBe('【批次 剩余3条】\n\na {{x}}\nb\n【批次结束】');
    expect(r.wrapper).toBe('batch');
    expect(r.items.every((i) => i.fallback)).toBe(true);
  });

  it('render modes: the configured one, else the isDefault mode of its type', () => {
    const sections = [
      perItem({
        id: 'compact',
        file: `${KITS}/compact.md`,
        modeType: 'private',
        modeName: 'compact',
        isDefault: true,
        when: { var: 'renderMode_private', eq: 'compact' },
      }),
      perItem({
        id: 'full',
        file: `${KITS}/full.md`,
        modeType: 'private',
        modeName: 'full',
        when: { var: 'renderMode_private', eq: 'full' },
      }),
    ];
    const files = { [`${KITS}/compact.md`]: 'C {{content}}', [`${KITS}/full.md`]: 'F {{now}} {{content}}' };
    expect(body(sections, files, {}, [{ content: 'x' }]).body).toBe('C x');
    expect(
      body(sections, files, { renderModes: { private: 'full' }, timezone: 'Asia/Shanghai' }, [
        { content: 'x' },
      ]).body,
    ).toBe('F 2026-06-04 21:33:07 +08:00 x');
  });

  it('a section whose when evolcore throws on: the renderer fails and evolcore sends the raw text', () => {
    const r = body([{ ...perItem(), when: null }], { [`${KITS}/one.md`]: 'x' }, {}, [{ content: 'x' }]);
    expect(r.body).toBe('');
    expect(r.error).toMatch(/sends the raw message text/);
  });

  it('formatLocalTime writes the offset of the zone', () => {
    expect(formatLocalTime(Date.UTC(2026, 0, 1, 0, 0, 0), 'UTC')).toBe('2026-01-01 00:00:00 +00:00');
    expect(formatLocalTime(Date.UTC(2026, 0, 1, 16, 0, 0), 'Asia/Shanghai')).toBe(
      '2026-01-02 00:00:00 +08:00',
    );
  });

  it('a base message manifest with a BOM loads no sections: every message is its raw text', () => {
    const fs = createMemoryFs({
      ...kitTree({ files: { [`${KITS}/one.md`]: 'X {{content}}' } }),
      [`${KITS}/${MESSAGE_MANIFEST_FILE}`]: `\ufeff${JSON.stringify({ sections: [perItem()] })}`,
    });
    const r = renderMessageBody(
      { packageRoot: P, home: H, vars: {}, items: [{ content: 'a' }, { content: 'b' }], now: 0 },
      fs,
    );
    expect(r.error).toBeNull();
    expect(r.body).toBe('a\n\nb');
    expect(r.warnings.join('\n')).toMatch(/byte-order mark/);
  });

  it('a base that is JSON but not an object, under a replace override, renders the override', () => {
    const fs = createMemoryFs({
      [H]: null,
      [`${KITS}/${MESSAGE_MANIFEST_FILE}`]: 'null',
      [`${H}/eck/${MESSAGE_MANIFEST_FILE}`]: JSON.stringify({ mode: 'replace', sections: [perItem()] }),
      [`${KITS}/one.md`]: 'X {{content}}',
    });
    const r = renderMessageBody({ packageRoot: P, home: H, vars: {}, items: [{ content: 'a' }], now: 0 }, fs);
    expect(r).toMatchObject({ body: 'X a', error: null });
  });

  it('a modeName that is a number stays a number: when {eq: 5} matches it', () => {
    const sections = [
      perItem({
        modeType: 'private',
        modeName: 5,
        isDefault: true,
        when: { var: 'renderMode_private', eq: 5 },
      }),
    ];
    expect(body(sections, { [`${KITS}/one.md`]: 'five {{content}}' }, {}, [{ content: 'x' }]).body).toBe(
      'five x',
    );
  });

  it('message fields of the wrong type are read as message-renderer.ts reads them, and flagged', () => {
    const files = {
      [`${KITS}/one.md`]: '{{now}}|{{mentionAids}}|{{handoffKind}}|{{handoffPreviousContent}}|{{content}}',
    };
    // mentionAids as a string passes the length test, then has no join: the renderer throws.
    const aids = body([perItem()], files, {}, [{ content: 'x', mentionAids: 'a.aid.pub' }]);
    expect(aids.error).toMatch(/join is not a function/);
    expect(aids.warnings[0]).toMatch(/message #1: "mentionAids" is a string/);
    // a timestamp string goes to new Date(); an invalid one makes Intl throw.
    const ts = body([perItem()], files, { timezone: 'UTC' }, [
      { content: 'x', timestamp: '2026-01-02T03:04:05Z' },
    ]);
    expect(ts.body).toBe('2026-01-02 03:04:05 +00:00||||x');
    expect(ts.warnings[0]).toMatch(/"timestamp" is a string/);
    expect(body([perItem()], files, {}, [{ content: 'x', timestamp: 'soon' }]).error).toMatch(
      /Invalid time value/,
    );
    // a handoff that is a string: none of its fields, yet evolcore still marks a previous message.
    const h = body([perItem()], files, { timezone: 'UTC' }, [{ content: 'x', timestamp: 0, handoff: 'str' }]);
    expect(h.body).toBe('1970-01-01 00:00:00 +00:00||||x');
    expect(h.warnings[0]).toMatch(/"handoff" is a string, not an object/);
    // no content at all: Array.join(undefined) joins with ","
    const none = body([perItem()], { [`${KITS}/one.md`]: '[{{content}}]' }, {}, [{}]);
    expect(none.body).toBe('[,]');
    expect(none.warnings[0]).toMatch(/message #1: it has no "content"/);
    const inject = body([perItem()], { [`${KITS}/one.md`]: '{{injectTime}}' }, {}, [
      { content: 'x', kind: 'owner-hint', injectTime: 'never' },
    ]);
    expect(inject.error).toMatch(/Invalid time value/);
  });
});

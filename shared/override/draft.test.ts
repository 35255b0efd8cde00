import { describe, expect, test } from 'vitest';
import type { Json } from '../engine';
import { applyFormEdit, applyTextEdit, isDraftDirty, loadDraft } from './draft';
import {
  addSection,
  indexBaseSections,
  resetSection,
  setSectionEnabled,
  setSectionField,
} from './override-ops';

const BASE = indexBaseSections({
  sections: [
    { id: 'rules', type: 'directory', path: '$KITS_RULES', order: 10, needsInjection: false, when: 'always' },
    {
      id: 'peer-profile',
      type: 'file',
      file: '$RELATIONS_DIR/{{peerKey}}/profile.md',
      order: 35,
      needsInjection: false,
      when: { var: 'peerKey', neq: null },
    },
    { id: 'venue-client', type: 'file', file: 'x.md', order: 44, needsInjection: false, when: 'always' },
    {
      id: 'off-in-base',
      type: 'file',
      file: 'y.md',
      order: 50,
      needsInjection: false,
      when: 'always',
      enabled: false,
    },
  ],
} as Json);

/** A hand-written override with an unknown top-level field and an unknown entry field. */
const FILE = `{
    "$comment": "my overrides",
    "sections": [
        { "id": "venue-client", "enabled": false, "x-why": "noisy" },
        {
            "id": "peer-profile",
            "when": { "var": "peerRole", "in": ["owner", "admin"] }
        }
    ]
}
`;

describe('the minimal-patch writer', () => {
  test('switching a section off with no file yet writes exactly {"id", "enabled": false}', () => {
    const d = applyFormEdit(loadDraft(null), (v) => setSectionEnabled(v, BASE, 'rules', false));
    expect(d.text).toBe(
      '{\n  "sections": [\n    {\n      "id": "rules",\n      "enabled": false\n    }\n  ]\n}\n',
    );
    expect(isDraftDirty(d)).toBe(true);
  });

  test('toggling twice leaves no file when there was none, and the file as it was when there was', () => {
    const none = [false, true].reduce(
      (d, on) => applyFormEdit(d, (v) => setSectionEnabled(v, BASE, 'rules', on)),
      loadDraft(null),
    );
    expect(none.text).toBeNull();
    expect(isDraftDirty(none)).toBe(false);
    for (const id of ['rules', 'venue-client', 'peer-profile']) {
      const start = loadDraft(FILE);
      const on = id === 'venue-client';
      const twice = applyFormEdit(
        applyFormEdit(start, (v) => setSectionEnabled(v, BASE, id, on)),
        (v) => setSectionEnabled(v, BASE, id, !on),
      );
      expect(twice.text).toBe(FILE);
      expect(isDraftDirty(twice)).toBe(false);
    }
  });

  test('an edit keeps unrelated content byte for byte', () => {
    const d = applyFormEdit(loadDraft(FILE), (v) => setSectionEnabled(v, BASE, 'rules', false));
    expect(d.text).toBe(
      FILE.replace(
        '        }\n    ]',
        '        },\n        {\n            "id": "rules",\n            "enabled": false\n        }\n    ]',
      ),
    );
  });

  test('setting a field back to its base value removes it; an entry left with only its id goes', () => {
    const d = applyFormEdit(loadDraft(FILE), (v) =>
      setSectionField(v, BASE, 'peer-profile', 'when', { var: 'peerKey', neq: null }),
    );
    const value = JSON.parse(d.text ?? '') as { sections: Json[] };
    expect(value.sections).toEqual([{ id: 'venue-client', enabled: false, 'x-why': 'noisy' }]);
    const order = applyFormEdit(loadDraft(FILE), (v) =>
      setSectionField(v, BASE, 'peer-profile', 'order', 35),
    );
    expect(order.text).toBe(FILE);
  });

  test('switching a section on that the base has off writes enabled: true', () => {
    const d = applyFormEdit(loadDraft(null), (v) => setSectionEnabled(v, BASE, 'off-in-base', true));
    expect(JSON.parse(d.text ?? '')).toEqual({ sections: [{ id: 'off-in-base', enabled: true }] });
  });

  test('reset to base removes the entry and keeps the rest', () => {
    const d = applyFormEdit(loadDraft(FILE), (v) => resetSection(v, 'venue-client'));
    expect(d.text).toBe(`{
    "$comment": "my overrides",
    "sections": [
        {
            "id": "peer-profile",
            "when": { "var": "peerRole", "in": ["owner", "admin"] }
        }
    ]
}
`);
  });

  test('an added file section is complete and appended', () => {
    const d = applyFormEdit(loadDraft(FILE), (v) =>
      addSection(v, {
        id: 'my-rules',
        type: 'file',
        path: '$AGENT_DIR/custom/my-rules.md',
        order: 25,
        when: 'always',
        needsInjection: false,
        description: ' 我的规则 ',
      }),
    );
    const value = JSON.parse(d.text ?? '') as { sections: Json[] };
    expect(value.sections[2]).toEqual({
      id: 'my-rules',
      type: 'file',
      file: '$AGENT_DIR/custom/my-rules.md',
      order: 25,
      needsInjection: false,
      when: 'always',
      description: '我的规则',
    });
  });

  test('expert text becomes the anchor; a text that does not parse freezes the form', () => {
    const typed = applyTextEdit(loadDraft(FILE), '{ "sections": [] ');
    expect(typed.parseError).toMatchObject({ line: 1 });
    expect(applyFormEdit(typed, (v) => setSectionEnabled(v, BASE, 'rules', false))).toBe(typed);
    const fixed = applyTextEdit(typed, '{"sections":[]}');
    const edited = applyFormEdit(fixed, (v) => setSectionEnabled(v, BASE, 'rules', false));
    expect(edited.text).toBe('{"sections":[{ "id": "rules", "enabled": false }]}');
  });
});

import { describe, expect, test } from 'vitest';
import type { Json } from '../engine';
import { rewriteJsonText } from './json-patch-writer';

const DEMO = `{
  "sections": [
    {
      "id": "venue-client",
      "enabled": false
    },
    {
      "id": "peer-profile",
      "x-note": "kept by the writer",
      "when": {
        "var": "peerRole",
        "in": [
          "owner",
          "admin"
        ]
      }
    }
  ],
  "x-unknown": { "keep": true }
}
`;

const edit = (text: string, f: (v: Record<string, Json>) => void): string => {
  const v = JSON.parse(text) as Record<string, Json>;
  f(v);
  const out = rewriteJsonText(text, v);
  expect(JSON.parse(out)).toEqual(v);
  return out;
};

const sections = (v: Record<string, Json>): Record<string, Json>[] => v.sections as Record<string, Json>[];

describe('rewriteJsonText', () => {
  test('the same value gives the text back byte for byte, odd layout included', () => {
    const odd = '{"sections" :[ {"id":"a",   "enabled":false}],\r\n\t"z":1}';
    expect(rewriteJsonText(odd, JSON.parse(odd) as Json)).toBe(odd);
    expect(rewriteJsonText(DEMO, JSON.parse(DEMO) as Json)).toBe(DEMO);
  });

  test('changing one value touches only that value', () => {
    const out = edit(DEMO, (v) => {
      (sections(v)[0] as Record<string, Json>).enabled = true;
    });
    expect(out).toBe(DEMO.replace('"enabled": false', '"enabled": true'));
  });

  test('a new field is appended to its entry in the file’s indentation', () => {
    const out = edit(DEMO, (v) => {
      (sections(v)[0] as Record<string, Json>).order = 12.5;
    });
    expect(out).toBe(DEMO.replace('"enabled": false\n', '"enabled": false,\n      "order": 12.5\n'));
  });

  test('a new entry is appended after the last one, laid out like its siblings', () => {
    const out = edit(DEMO, (v) => {
      sections(v).push({ id: 'rules', when: { var: 'chatType', eq: 'group' } });
    });
    expect(out).toContain(
      '    },\n    {\n      "id": "rules",\n      "when": {\n        "var": "chatType",\n        "eq": "group"\n      }\n    }\n  ],',
    );
    expect(out.startsWith(DEMO.slice(0, DEMO.indexOf('  ],') - 1))).toBe(true);
  });

  test('removing an entry takes its comma along and leaves the rest as it was', () => {
    const first = edit(DEMO, (v) => {
      sections(v).splice(0, 1);
    });
    expect(first).toBe(
      DEMO.replace(/ {4}\{\n {6}"id": "venue-client",\n {6}"enabled": false\n {4}\},\n/, ''),
    );
    const last = edit(DEMO, (v) => {
      sections(v).splice(1, 1);
    });
    expect(last.slice(0, last.indexOf('  ],'))).toBe(
      '{\n  "sections": [\n    {\n      "id": "venue-client",\n      "enabled": false\n    }\n',
    );
    expect(last.endsWith('  ],\n  "x-unknown": { "keep": true }\n}\n')).toBe(true);
  });

  test('removing and appending in the same list', () => {
    const out = edit(DEMO, (v) => {
      sections(v).splice(1, 1);
      sections(v).push({ id: 'b', enabled: false });
    });
    expect(out).toContain(
      '"enabled": false\n    },\n    {\n      "id": "b",\n      "enabled": false\n    }\n  ],',
    );
  });

  test('one element less in a list of values removes only that element', () => {
    const out = edit(DEMO, (v) => {
      const when = (sections(v)[1] as Record<string, Json>).when as Record<string, Json>;
      when.in = ['owner'];
    });
    expect(out).toBe(DEMO.replace('"owner",\n          "admin"', '"owner"'));
  });

  test('a one-line file stays on one line', () => {
    const text = '{ "sections": [ { "id": "venue-client", "enabled": false } ] }';
    const out = edit(text, (v) => {
      sections(v).push({ id: 'b', when: { any: ['x'] } });
    });
    expect(out).toBe(
      '{ "sections": [ { "id": "venue-client", "enabled": false }, { "id": "b", "when": { "any": ["x"] } } ] }',
    );
  });

  test('four-space and tab indented files keep their unit; CRLF stays CRLF', () => {
    const four =
      '{\r\n    "sections": [\r\n        {\r\n            "id": "a"\r\n        }\r\n    ]\r\n}\r\n';
    const out = edit(four, (v) => {
      (sections(v)[0] as Record<string, Json>).when = { var: 'x', in: [1, 2] };
    });
    expect(out).toBe(
      four.replace(
        '"id": "a"\r\n',
        '"id": "a",\r\n            "when": {\r\n                "var": "x",\r\n                "in": [\r\n                    1,\r\n                    2\r\n                ]\r\n            }\r\n',
      ),
    );
    const tabs = '{\n\t"sections": []\n}';
    expect(edit(tabs, (v) => sections(v).push({ id: 'a', enabled: false }))).toBe(
      '{\n\t"sections": [\n\t\t{\n\t\t\t"id": "a",\n\t\t\t"enabled": false\n\t\t}\n\t]\n}',
    );
  });

  test('emptying a list leaves an empty list', () => {
    expect(edit(DEMO, (v) => (v.sections = []))).toBe(
      '{\n  "sections": [],\n  "x-unknown": { "keep": true }\n}\n',
    );
  });

  test('text that is not JSON is replaced by a fresh file', () => {
    expect(rewriteJsonText('{ oops', { sections: [] })).toBe('{\n  "sections": []\n}\n');
  });

  test('a member appended after a one-line value leaves that value on its line', () => {
    const text =
      '{\n  "sections": [\n    {\n      "id": "p",\n      "when": { "var": "peerRole", "in": ["owner"] }\n    }\n  ]\n}\n';
    const out = edit(text, (v) => {
      (sections(v)[0] as Record<string, Json>).order = 30;
    });
    expect(out).toBe(text.replace('["owner"] }\n', '["owner"] },\n      "order": 30\n'));
  });

  test('removing the last item of a one-line list leaves valid JSON, the first member of an object its brace space', () => {
    // jsonc-parser 3.3.1's own removal writes `["owner""]` here (microsoft/node-jsonc-parser#108).
    const text = '{ "when": { "var": "peerRole", "in": ["owner", "admin"] }, "n": [1, 2] }';
    expect(
      edit(text, (v) => {
        v.when = { var: 'peerRole', in: ['owner'] };
        v.n = [1];
      }),
    ).toBe('{ "when": { "var": "peerRole", "in": ["owner"] }, "n": [1] }');
    expect(edit(text, (v) => delete (v.when as Record<string, Json>).var)).toBe(
      '{ "when": { "in": ["owner", "admin"] }, "n": [1, 2] }',
    );
  });

  test('strict JSON only: a comment or a trailing comma makes the text "not JSON", as evolcore reads it', () => {
    const fresh = '{\n  "sections": []\n}\n';
    expect(rewriteJsonText('{\n  // mine\n  "sections": [{ "id": "a" }]\n}\n', { sections: [] })).toBe(fresh);
    expect(rewriteJsonText('{ "sections": [{ "id": "a" }], }', { sections: [] })).toBe(fresh);
    expect(rewriteJsonText('{ "sections": [{ "id": "a", }] }', { sections: [] })).toBe(fresh);
    expect(rewriteJsonText('{ /* mine */ "sections": [] }', { sections: [] })).toBe(fresh);
  });

  test('a leading BOM stays where it is', () => {
    const text = '\ufeff{\n  "sections": []\n}\n';
    expect(rewriteJsonText(text, { sections: [], mode: 'patch' })).toBe(
      '\ufeff{\n  "sections": [],\n  "mode": "patch"\n}\n',
    );
  });

  test('duplicate keys (the last one counts) still give a text that means the wanted value', () => {
    // The library edits the first of duplicate keys; JSON.parse reads the last.
    for (const [text, wanted] of [
      ['{ "sections": [], "sections": [{ "id": "a" }] }', { sections: [{ id: 'a', enabled: false }] }],
      ['{ "a": {"x": 1}, "a": {"y": 2} }', { a: { y: 3 } }],
    ] as const) {
      expect(JSON.parse(rewriteJsonText(text, wanted))).toEqual(wanted);
    }
  });
});

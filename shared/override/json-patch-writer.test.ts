import { describe, expect, test } from 'vitest';
import type { Json } from '../engine/types';
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
});

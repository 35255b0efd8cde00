import { expect, test } from 'vitest';
import type { Diagnostic } from '../engine';
import { locatePointer, locateSectionId, markersForFile } from './locate';

const TEXT = `{
  "sections": [
    { "id": "venue-clinet", "enabled": false },
    {
      "id": "peer-profile",
      "when": { "var": "peerRole", "in": "owner" }
    }
  ]
}`;

test('section diagnostics are marked at the section’s "id" in the file', () => {
  const d: Diagnostic = {
    level: 'warning',
    code: 'unknown-override-id',
    message: 'override id "venue-clinet" matches no base section',
    section: 'venue-clinet',
    file: '/h/eck/eck_manifest.json',
  };
  const [m] = markersForFile(TEXT, '/h/eck/eck_manifest.json', [d, { ...d, file: '/other.json' }]);
  expect(m).toMatchObject({ line: 3, column: 7, endLine: 3, endColumn: 27, level: 'warning' });
  expect(markersForFile(TEXT, '/h/eck/eck_manifest.json', [d])).toHaveLength(1);
});

test('parse errors keep their line and column; validator findings go to their pointer', () => {
  const markers = markersForFile(
    TEXT,
    '/f.json',
    [{ level: 'error', code: 'override-parse-error', message: 'bad', file: '/f.json', line: 4, column: 9 }],
    [{ pointer: '/sections/1/when/in', message: 'in must be a list', level: 'error' }],
  );
  expect(markers.map((m) => [m.line, m.column, m.source])).toEqual([
    [4, 9, 'override-parse-error'],
    [6, 36, 'schema'],
  ]);
});

test('an id is found even in a text that does not parse', () => {
  expect(locateSectionId('{ "sections": [ { "id": "a", ', 'a')).toEqual({ start: 18, end: 27 });
});

test('a text with a comment or a trailing comma is not JSON here either: no pointer is placed', () => {
  const issue = { pointer: '/sections/0/when', message: 'bad when', level: 'error' } as const;
  for (const text of [
    '{\n  // mine\n  "sections": [{ "id": "a", "when": 1 }]\n}',
    '{\n  "sections": [{ "id": "a", "when": 1 }],\n}',
  ]) {
    expect(locatePointer(text, '/sections/0/when')).toBeNull();
    expect(markersForFile(text, '/f.json', [], [issue])[0]).toMatchObject({ line: 1, column: 1 });
    // The id is still found by its text, as for any text that does not parse.
    expect(locateSectionId(text, 'a')).toEqual({
      start: text.indexOf('"id"'),
      end: text.indexOf('"id"') + 9,
    });
  }
});

test('pointers: a member is marked key to value, the last of duplicate keys wins, a missing field marks its parent', () => {
  const text = '{ "sections": [{ "id": "x", "id": "a", "when": { "var": "v" } }] }';
  const at = (p: string): string | undefined => {
    const r = locatePointer(text, p);
    return r === null ? undefined : text.slice(r.start, r.end);
  };
  expect(at('/sections/0/when/var')).toBe('"var": "v"');
  expect(at('/sections/0/id')).toBe('"id": "a"');
  expect(at('/sections/0/when/in')).toBe('"when": { "var": "v" }');
  expect(at('/sections/1')).toBe('"sections": [{ "id": "x", "id": "a", "when": { "var": "v" } }]');
  expect(at('')).toBe('{');
  expect(locateSectionId(text, 'a')).toEqual({
    start: text.indexOf('"id": "a"'),
    end: text.indexOf('"id": "a"') + 9,
  });
});

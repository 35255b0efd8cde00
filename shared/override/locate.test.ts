import { expect, test } from 'vitest';
import type { Diagnostic } from '../engine/types';
import { locateSectionId, markersForFile } from './locate';

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

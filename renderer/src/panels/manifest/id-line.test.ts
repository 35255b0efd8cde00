import { expect, test } from 'vitest';
import { idLine } from './id-line';

const text = '{\n  "sections": [\n    { "id": "rules" },\n    {\n      "id" : "a.b"\n    }\n  ]\n}\n';

test('finds the line of an entry by its id, spaced either way', () => {
  expect(idLine(text, 'rules')).toBe(3);
  expect(idLine(text, 'a.b')).toBe(5);
});

test('an id that is not there, or only a prefix of one, has no line', () => {
  expect(idLine(text, 'rule')).toBeNull();
  expect(idLine(text, 'a-b')).toBeNull();
  expect(idLine('{ broken', 'rules')).toBeNull();
});

import { expect, test } from 'vitest';
import { pushHistory, redoHistory, startHistory, undoHistory } from './history';

test('undo and redo walk the states; a new edit drops what was undone', () => {
  let h = startHistory('a');
  h = pushHistory(h, 'b');
  h = pushHistory(h, 'c');
  h = undoHistory(h);
  expect(h.present).toBe('b');
  h = redoHistory(h);
  expect(h.present).toBe('c');
  h = undoHistory(undoHistory(h));
  expect(h.present).toBe('a');
  expect(undoHistory(h)).toBe(h);
  h = pushHistory(h, 'd');
  expect(h.future).toEqual([]);
  expect(redoHistory(h)).toBe(h);
});

test('keystrokes in one field are one undo step', () => {
  let h = startHistory('');
  for (const s of ['{', '{"', '{"s']) h = pushHistory(h, s, 'expert');
  h = pushHistory(h, 'form', 'toggle:a');
  expect(undoHistory(h).present).toBe('{"s');
  expect(undoHistory(undoHistory(h)).present).toBe('');
});

import { expect, test } from 'vitest';
import { undoKey } from './undo-keys';

const press = (
  key: string,
  mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; inText: boolean }>,
) =>
  undoKey({
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: false,
    inText: mods.inText ?? false,
  });

test('Ctrl/⌘+Z undoes, with Shift (or Ctrl+Y) redoes, and text fields keep their own undo', () => {
  expect(press('z', { ctrl: true })).toBe('undo');
  expect(press('z', { meta: true })).toBe('undo');
  expect(press('Z', { ctrl: true, shift: true })).toBe('redo');
  expect(press('y', { ctrl: true })).toBe('redo');
  expect(press('z', {})).toBeNull();
  expect(press('z', { ctrl: true, inText: true })).toBeNull();
});

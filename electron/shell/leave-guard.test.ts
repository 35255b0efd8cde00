import { expect, test } from 'vitest';
import { leaveDialogText, leaveGuard } from './leave-guard';

test('Leave lets the unload happen; Stay (or closing the dialog) keeps the window', () => {
  const prevented: string[] = [];
  const event = (name: string) => ({ preventDefault: () => prevented.push(name) });
  leaveGuard(
    () => 0,
    () => 'en-US',
  )(event('leave'));
  leaveGuard(
    () => 1,
    () => 'en-US',
  )(event('stay'));
  expect(prevented).toEqual(['leave']);
});

test('the dialog speaks the OS language', () => {
  let asked = '';
  leaveGuard(
    (text) => {
      asked = text.message;
      return 1;
    },
    () => 'zh-CN',
  )({ preventDefault: () => undefined });
  expect(asked).toBe(leaveDialogText('zh-TW').message);
  expect(leaveDialogText('en-GB').leave).toBe('Leave');
});

/**
 * Keystroke timing of the Vars form (typing re-renders within one frame), in its own
 * file because it runs without the Playwright trace recorder.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openVars, SLOW } from './support/vars-page';

// No Playwright trace here: its recorder snapshots the DOM around every action, in the page's
// main thread, and the keystroke timings would be of the recorder.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(({ workspace }) => {
  process.env['ECK_INSPECTOR_SETTINGS_DIR'] = path.join(workspace.root, 'settings');
});

/**
 * Records, in the page: each keydown; `echo`, the moment after the next frame once the input's
 * own `input` event has been handled (the browser's own keystroke-to-screen, with no render);
 * `shown`, the same once an `onDidRender` message has been handled (keystroke to render on
 * screen, as the user sees it).
 */
function recordKeystrokeToScreen(): void {
  const marks: [string, number][] = [];
  (window as unknown as { __eckMarks: [string, number][] }).__eckMarks = marks;
  const afterFrame = (kind: string): void => {
    // Handlers of the event run after this listener; the frame after them shows their work.
    setTimeout(() => requestAnimationFrame(() => setTimeout(() => marks.push([kind, performance.now()]))));
  };
  addEventListener('keydown', () => marks.push(['key', performance.now()]), true);
  addEventListener('input', () => afterFrame('echo'), true);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (e: MessageEvent<string>) => {
        if (String(e.data).startsWith('{"type":"event","event":"onDidRender"')) afterFrame('shown');
      });
    }
  };
}

/** Median keydown → `kind` over the keystrokes `which` selects (by their index in typing order). */
async function medianSpan(
  page: Page,
  kind: 'echo' | 'shown',
  which: (index: number) => boolean,
): Promise<{ median: number; count: number }> {
  const marks = await page.evaluate(
    () => (window as unknown as { __eckMarks: [string, number][] }).__eckMarks,
  );
  const spans: number[] = [];
  let index = -1;
  marks.forEach(([k, at], i) => {
    if (k !== 'key') return;
    index += 1;
    if (!which(index)) return;
    const later = marks.slice(i + 1);
    const end = later.find(([m]) => m === kind);
    const nextKey = later.find(([m]) => m === 'key');
    if (end !== undefined && (nextKey === undefined || end[1] < nextKey[1])) spans.push(end[1] - at);
  });
  spans.sort((x, y) => x - y);
  return { median: spans[Math.floor(spans.length / 2)] ?? Number.NaN, count: spans.length };
}

test('typing in the form re-renders on every keystroke, and nothing typed is lost', async ({
  page,
  serve,
}) => {
  await page.addInitScript(recordKeystrokeToScreen);
  await openVars(page, serve.url);
  // Measured once Monaco (4 MB of script, a JSON worker) has loaded and settled, as when a
  // user starts typing; not while it is starting.
  await expect(page.getByTestId('vars-json-editor')).toHaveAttribute('data-ready', 'true', SLOW);
  await page.waitForTimeout(1000);
  const input = page.getByTestId('var-input-peerName');
  // The baseline, in the same page and run: a text field of the same tab that renders nothing.
  const plain = page.getByTestId('scenario-name');
  // Warm up first: a fresh server's first renders run cold code (tens of ms), not what a user
  // typing for a while meets.
  await input.fill('');
  await input.pressSequentially('warming up the engine and the views');
  await expect(page.getByTestId('vars-json-editor')).toContainText('warming up the engine', SLOW);
  await input.fill('');
  await plain.fill('');
  await page.evaluate(() => ((window as unknown as { __eckMarks: unknown[] }).__eckMarks.length = 0));
  // At a typist's pace, alternating (even keystrokes: the baseline field; odd: the var), so both
  // meet the same machine; then as fast as keys go.
  for (const key of 'Bobson') {
    for (const field of [plain, input]) {
      // Back into the field with the caret at the end, as a user clicking after its text would.
      await field.evaluate((el: HTMLInputElement) => {
        el.focus();
        el.setSelectionRange(el.value.length, el.value.length);
      });
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
  }
  await input.pressSequentially(' B.');
  await expect(input).toHaveValue('Bobson B.');
  await expect(page.getByTestId('vars-json-editor')).toContainText('"peerName": "Bobson B."', SLOW);
  const status = page.getByTestId('vars-render-status');
  await expect(status).toContainText('round trip');
  const text = (await status.textContent()) ?? '';
  const [engine, trip] = [...text.matchAll(/([\d.]+) ms/g)].map((m) => Number(m[1]));
  const baseline = await medianSpan(page, 'echo', (i) => i < 12 && i % 2 === 0);
  const screen = await medianSpan(page, 'shown', (i) => i < 12 && i % 2 === 1);
  test.info().annotations.push({
    type: 'timing',
    description:
      `engine ${engine} ms, round trip ${trip} ms, keystroke to render on screen ${screen.median.toFixed(1)} ms ` +
      `(median of ${screen.count}), baseline keystroke to screen in a field that renders nothing ` +
      `${baseline.median.toFixed(1)} ms, ratio ${(screen.median / baseline.median).toFixed(2)}`,
  });
  // The engine's own time; the frame budget is asserted in the bench, where the box is quiet.
  expect(engine).toBeLessThan(100);
  expect(trip).toBeGreaterThan(0);
  // Each paced keystroke was followed by its own render on screen, before the next key.
  expect(screen.count).toBeGreaterThanOrEqual(5);
  expect(baseline.count).toBeGreaterThanOrEqual(5);
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toContainText('Bobson B.');
});

/**
 * The Timeline tab against `serve` on a copy of the demo home.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Tall enough that all 16 rows of the demo kit are mounted (the list is virtualised).
test.use({ viewport: { width: 1400, height: 2400 } });

function row(page: Page, id: string) {
  return page.getByTestId('timeline-list').locator(`[data-testid="timeline-row"][data-section="${id}"]`);
}

async function openTimeline(page: Page, url: string, preset?: string): Promise<void> {
  await page.goto(url);
  if (preset !== undefined) await page.getByTestId('preset-select').selectOption(preset);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
}

test('coding: rules, session and baseagent load; every other section says why not', async ({
  page,
  serve,
}) => {
  await openTimeline(page, serve.url, 'coding');
  await expect(row(page, 'persona')).toHaveAttribute('data-status', 'when-false');
  const statuses = await page
    .getByTestId('timeline-row')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-section'), e.getAttribute('data-status')]));
  const loaded = statuses.filter(([, s]) => s === 'ok').map(([id]) => id);
  expect(loaded).toEqual(['rules', 'session', 'baseagent']);
  // Every merged section has a row, in merged order (16 sections: 15 base + team-notes).
  expect(statuses).toHaveLength(16);
  for (const id of ['rules', 'session', 'baseagent']) {
    await expect(row(page, id).getByTestId('status-badge')).toHaveText('loaded');
  }
  // The reason, with the value: chatType is null in coding, so `chatType ≠ null` is false.
  await expect(row(page, 'identity-layer').getByTestId('why')).toContainText(
    'chatType = null, so chatType ≠ null is false',
  );
  await expect(row(page, 'identity-layer').getByTestId('why')).toContainText(
    'To load it: give chatType any value',
  );
  await expect(row(page, 'identity-layer').getByTestId('status-badge')).toHaveText('when false');
  // Loaded rows show files, bytes and a token estimate labelled as one.
  await expect(row(page, 'rules').getByTestId('tokens')).toContainText(/≈ \d+ tokens \(est\.\)/);
  // The budget picture: bytes and files against the totals, nothing cut.
  await expect(page.getByTestId('budget-bytes')).toContainText('/ 100.0 KB');
  await expect(page.getByTestId('budget-files')).toContainText('Files 8 / 50');
});

test('group chat: the group venue loads; the truncated folder shows its note and the files left out', async ({
  page,
  serve,
}) => {
  await openTimeline(page, serve.url, 'group-member');
  await expect(row(page, 'venue-chattype')).toHaveAttribute('data-status', 'ok');
  await expect(row(page, 'venue-channel-chattype')).toHaveAttribute('data-status', 'ok');
  const notes = row(page, 'team-notes');
  await expect(notes).toHaveAttribute('data-status', 'ok');
  await expect(notes.getByTestId('truncated-mark')).toHaveText('truncated');
  // The badges are two words to assistive tech ("loaded truncated"), not "loadedtruncated".
  const badge = (await notes.getByTestId('status-badge').textContent()) ?? '';
  expect(await notes.locator('.cell-status').textContent()).toBe(`${badge} truncated`);
  await expect(notes.getByTestId('origin')).toHaveText('added by override');
  await expect(notes.getByTestId('folder-note')).toContainText(
    '未完整加载：4 个文件未加载（达文件数上限 5 个）',
  );
  const left = notes.getByTestId('not-loaded');
  await expect(left).toContainText('Did not fit (4):');
  await expect(left.locator('li')).toHaveCount(4);
  await expect(left).toContainText('2026-11-25-checklist.md');
  await expect(notes.getByTestId('folder-budget')).toContainText('files 5/5');
  // The peer profile is restricted by the override's condition: member is not owner/admin.
  await expect(row(page, 'peer-profile').getByTestId('why')).toContainText(
    'peerRole = "member", so peerRole ∈ ["owner", "admin"] is false (condition set by the override)',
  );
});

test('an override that disables a section shows it disabled, with origin "override"', async ({
  page,
  serve,
}) => {
  await openTimeline(page, serve.url);
  const client = row(page, 'venue-client');
  await expect(client).toHaveAttribute('data-status', 'disabled');
  await expect(client.getByTestId('status-badge')).toHaveText('disabled');
  await expect(client.getByTestId('origin')).toHaveText('override');
  await expect(client.getByTestId('why')).toContainText('Disabled ("enabled": false) by the override.');
});

test('keyboard: ↓ moves, Enter opens the source with its kept and dropped blocks; / searches', async ({
  page,
  serve,
}) => {
  // Monaco's first load is slow on a busy two-core box.
  test.setTimeout(90_000);
  await openTimeline(page, serve.url, 'group-member');
  await page.getByTestId('timeline-list').focus();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'rules')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'identity-layer')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('section-detail');
  await expect(detail).toContainText('Section identity-layer');
  await expect(page.getByTestId('source-editor')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  // The template's conditional blocks, from the engine's trace, with their values.
  await expect(page.getByTestId('trace-list')).toContainText('{{?hasPersona}}');
  await expect(
    page.locator('.section-detail .trace-kept, .section-detail .trace-dropped').first(),
  ).toBeVisible();
  await expect(page.getByTestId('rendered-block')).toContainText('Contenu de $KITS_FRAGMENTS/identity.md');

  // Open in editor: serve mode answers with the file:// URL.
  await detail.locator('.file-head').getByTestId('open-in-editor').click();
  await expect(detail.locator('.file-head').getByTestId('open-result')).toContainText('file://');

  // Show in Context: the Context tab, scrolled to the section, with it selected.
  await page.getByTestId('show-in-context').click();
  await expect(page.getByRole('tab', { name: 'Context' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('context-selected')).toContainText('identity-layer');
  await expect(page.locator('.context-text [data-section="identity-layer"]').first()).toBeInViewport();

  // `/` focuses the Timeline's search; typing filters the rows.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('body').press('/');
  await expect(page.getByTestId('timeline-search')).toBeFocused();
  await page.keyboard.type('venue');
  await expect(page.getByTestId('timeline-row')).toHaveCount(4);
});

test('a total budget too small: the gate cut shows in the budget picture and in the rows', async ({
  page,
  serve,
  workspace,
}) => {
  await openTimeline(page, serve.url, 'group-member');
  await expect(row(page, 'team-notes')).toHaveAttribute('data-status', 'ok');
  // Tighten the override's byte budget on disk; the watcher re-renders.
  const file = path.join(workspace.home, 'eck', 'eck_manifest.json');
  const override = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...override, totalMaxBytes: 20000 }, null, 2));
  await expect(page.getByTestId('budget-bytes')).toContainText('/ 19.5 KB');
  const cut = page.getByTestId('budget-cut-bytes');
  await expect(cut).toContainText(/cut at [\w-]+: needed/);
  const first = (await cut.textContent())?.match(/cut at ([\w-]+):/)?.[1] ?? '';
  await expect(row(page, first)).toHaveAttribute('data-status', 'over-total');
  await expect(row(page, first).getByTestId('why')).toContainText('over the 20000-byte limit by');
  // evolcore reads nothing after the cut: later rows name the cut, and the note lists them.
  await expect(row(page, 'baseagent').getByTestId('why')).toContainText(
    `the total gate already cut at ${first}, and evolcore loads no later section`,
  );
});

/** The rows' section ids and bytes, top to bottom. */
async function rowOrder(page: Page): Promise<{ id: string; bytes: number }[]> {
  return page.getByTestId('timeline-row').evaluateAll((els) =>
    els
      .map((e) => ({
        id: e.getAttribute('data-section') ?? '',
        bytes: Number(e.getAttribute('data-bytes')),
        top: e.getBoundingClientRect().top,
      }))
      .sort((a, b) => a.top - b.top)
      .map(({ id, bytes }) => ({ id, bytes })),
  );
}

test('sorting by bytes: largest first, then smallest, then merged order again; the sort survives a reload', async ({
  page,
  serve,
}) => {
  await page.goto(serve.url);
  // The app opens on the Timeline, and the address says so.
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.locator('#tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/timeline(\/preset\/[^/]+)?(\/agent\/[^/]+)?$/);
  await expect(page.getByTestId('timeline-row')).toHaveCount(16);
  const merged = await rowOrder(page);
  const bytesHead = page.getByRole('columnheader', { name: 'Bytes' });
  await expect(bytesHead).toHaveAttribute('aria-sort', 'none');

  await page.getByTestId('sort-bytes').click();
  await expect(bytesHead).toHaveAttribute('aria-sort', 'descending');
  // Largest first; equal sizes keep merged order (the sort is stable).
  const byBytes = [...merged].sort((a, b) => b.bytes - a.bytes || merged.indexOf(a) - merged.indexOf(b));
  await expect.poll(() => rowOrder(page)).toEqual(byBytes);
  expect(byBytes[0]?.bytes).toBeGreaterThan(byBytes[1]?.bytes ?? 0);

  // Kept for the tab across a reload.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Bytes' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowOrder(page)).toEqual(byBytes);

  // The keyboard: the header is a button (Enter sorts the other way, again merged order).
  await page.getByTestId('sort-bytes').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Bytes' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await rowOrder(page))[0]?.bytes).toBe(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Bytes' })).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => rowOrder(page)).toEqual(merged);
});

test('a link restores the view: Timeline with its section open, History with its snapshot and section', async ({
  page,
  serve,
}) => {
  await page.goto(`${serve.url}#/timeline/preset/coding/section/identity-layer`);
  await expect(page.locator('#tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preset-select')).toHaveValue('coding');
  await expect(row(page, 'identity-layer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('section-detail')).toHaveAttribute('aria-label', 'Section identity-layer');
  // The session token never shows in the address or in a copied link.
  expect(page.url()).not.toContain('token');
  const copied = await page.getByTestId('section-copy-link').getAttribute('data-link');
  expect(copied).toBe(`${new URL(serve.url).origin}/#/timeline/preset/coding/section/identity-layer`);

  // Another section: the address follows.
  await row(page, 'rules').click();
  await expect(page).toHaveURL(/#\/timeline\/preset\/coding\/section\/rules$/);

  // A History link, typed into the address of the running page.
  await page.evaluate(() => {
    window.location.hash = '#/history/2026-11-29-10-03-21/section/team-notes';
  });
  await expect(page.locator('#tab-history')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="history-row"][data-key="2026-11-29-10-03-21"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const detail = page.getByTestId('history-detail');
  await expect(detail).toHaveAttribute('data-key', '2026-11-29-10-03-21');
  const linked = detail.locator('tr.is-linked');
  await expect(linked).toHaveAttribute('data-section', 'team-notes');
  await expect(linked).toBeInViewport();
  await expect(page).toHaveURL(/#\/history\/2026-11-29-10-03-21\/section\/team-notes$/);
  expect(await page.getByTestId('history-copy-link').getAttribute('data-link')).toBe(
    `${new URL(serve.url).origin}/#/history/2026-11-29-10-03-21`,
  );

  // Opened afresh (a reload keeps the token in this tab's sessionStorage): the same view.
  await page.reload();
  await expect(page.getByTestId('history-detail').locator('tr.is-linked')).toHaveAttribute(
    'data-section',
    'team-notes',
  );
});

test("a skipped section's detail says why, shows the condition and applies the fix as a draft", async ({
  page,
  serve,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTimeline(page, serve.url, 'coding');
  await row(page, 'identity-layer').click();
  const detail = page.getByTestId('section-detail');
  const skipped = detail.getByTestId('skipped-detail');
  await expect(skipped).toContainText('chatType = null, so chatType ≠ null is false');
  await expect(skipped.getByTestId('skipped-vars-fix')).toContainText('give chatType any value');
  await expect(detail).not.toContainText('No file loaded');
  // Beside the table, not over it: the size column keeps its header; the table scrolls sideways.
  const table = page.getByTestId('timeline-table');
  expect(await table.evaluate((el) => el.scrollWidth >= 860)).toBe(true);
  await table.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(page.getByRole('columnheader', { name: 'Bytes' })).toBeInViewport();
  // The split moves from the keyboard, and its width is kept.
  const split = page.getByTestId('timeline-split');
  const before = Number(await split.getAttribute('aria-valuenow'));
  await split.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(split).toHaveAttribute('aria-valuenow', String(before + 24));
  expect(Math.round((await detail.boundingBox())?.width ?? 0)).toBe(before + 24);

  await skipped.getByTestId('skipped-apply').click();
  await expect(skipped.getByTestId('skipped-outcome')).toContainText('Added to the override draft');
  // The Timeline now shows the draft under its band: identity-layer goes from "when false" to
  // loaded, marked on its row; nothing is saved.
  await expect(page.getByTestId('draft-band')).toHaveAttribute('data-shown', 'draft');
  await expect(row(page, 'identity-layer')).toHaveAttribute('data-status', 'ok');
  await expect(row(page, 'identity-layer')).toHaveAttribute('data-marked', 'draft');
  const mark = row(page, 'identity-layer').getByTestId('row-mark');
  await expect(mark).toHaveAttribute('data-before', 'when-false');
  await expect(mark).toHaveAttribute('data-after', 'ok');
});

// Lists say when in words (issue 26 item 13): the creator's payouts read "Requested 2 days ago",
// and the full date ("25/11/2026 at 17:06", the app's format) shows on a mouse hover on a desktop
// and on a long press on a phone, where it stays after the finger lifts until the next touch.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

const relative = /^(just now|\d+ min ago|\d+ h ago|yesterday|\d+ days ago|\d{1,2}\/\d{1,2}\/\d{4})$/;
const fullDate = /^\d{2}\/\d{1,2}\/\d{4} at \d{2}:\d{2}$/;

/** The newest payout's date on /earnings (the demo twin has payouts), as the list words it. */
async function firstRequestedAt(page: Page): Promise<Locator> {
  await page.goto('/earnings');
  const requestedAt = page.getByTestId('payout-list').getByTestId('payout-requested-at').first();
  await requestedAt.waitFor();
  expect(await requestedAt.textContent()).toMatch(relative);
  return requestedAt;
}

describe('relative dates in lists', () => {
  const browser = useBrowser();

  it('show the full date on hover on a desktop', async () => {
    const { context, page } = await openPage(browser());
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    const requestedAt = await firstRequestedAt(page);
    await requestedAt.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(fullDate);
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('show the full date on a long press on a phone, until the next touch', async () => {
    const context = await browser().newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    const requestedAt = await firstRequestedAt(page);
    await requestedAt.scrollIntoViewIfNeeded();
    const box = await requestedAt.boundingBox();
    if (!box) throw new Error('the date is not laid out');
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // A finger held on the date: the browser's own touch events, as a phone sends them.
    const touch = await context.newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await tooltip.textContent()).toMatch(fullDate);
    expect(await tooltip.isVisible(), 'still shown after the finger lifts').toBe(true);
    await page.screenshot({ path: '/tmp/doppel-relative-date-long-press.png' });

    // A touch elsewhere (the page's heading) puts it away.
    await page.getByRole('heading', { name: 'Earnings', exact: true }).first().tap();
    await tooltip.waitFor({ state: 'hidden' });
    await context.close();
  });
});

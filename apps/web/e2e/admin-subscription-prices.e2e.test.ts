import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The admin's App page shows the subscription price limits creators are held to, in dollars, and
// refuses a minimum above the maximum on the field. Nothing is saved: other files use the demo app
// config as seeded.
describe('admin subscription price limits', () => {
  const browser = useBrowser();

  it('shows $4.99 to $49.99 and flags a minimum above the maximum, at desktop and phone size', async () => {
    const { context, page } = await openPage(browser(), { width: 1280, height: 800 });
    await signInWithMagicLink(page, 'admin@doppel.dev');
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin UI' }).click();
    await page.waitForURL('**/status');
    await page.getByTestId('admin-menu').getByText('App', { exact: true }).click();
    await page.waitForURL('**/app');

    const minimum = page.getByLabel('Minimum price');
    const maximum = page.getByLabel('Maximum price');
    await expect.poll(() => minimum.inputValue()).toBe('$4.99');
    expect(await maximum.inputValue()).toBe('$49.99');
    const card = page.getByRole('region', { name: 'Subscription prices' });
    await card.screenshot({ path: '/tmp/doppel-admin-subscription-prices.png' });

    await minimum.fill('60');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The minimum must not be above the maximum').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/doppel-admin-subscription-prices-phone.png' });
    const box = await maximum.boundingBox();
    expect(box && box.x + box.width, 'the card fits a phone').toBeLessThanOrEqual(390);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator opens Audience on a phone: the four stat cards, the chart over time, the
// conversion and the top spenders, for 30 days and again for 12 months. Other files' fans chat
// with Mia too, so the figures are checked for presence, not value (the integration test has values).

describe('creator audience', () => {
  const browser = useBrowser();

  it('shows Mia’s fans as cards and charts, for each period', async () => {
    const phone = { width: 390, height: 844 };
    const { page } = await openPage(browser(), phone);
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Audience' }).click();
    await page.getByRole('heading', { name: 'Audience' }).waitFor();

    for (const label of ['fans', 'returning', 'paying', 'subscribers']) {
      await page.getByTestId(`audience-stat-${label}`).waitFor();
    }
    await page.getByTestId('audience-chart').locator('svg').first().waitFor();
    await page.getByTestId('audience-conversion').getByText('First message to first purchase').waitFor();

    await page.getByRole('radiogroup', { name: 'Period' }).getByText('12 months', { exact: true }).click();
    await page
      .getByTestId('audience-chart')
      .getByText(/\w{3} \d{2}/)
      .first()
      .waitFor();
    await page.getByTestId('audience-top-spenders').waitFor();
    expect(await page.getByText('@doppel.dev').count(), 'fans are never shown by email').toBe(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'nothing runs off the phone').toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: '/tmp/doppel-creator-audience.png', fullPage: true });
  });
});

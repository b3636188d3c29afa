import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { labelPlacement } from './support/inline-input.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// `/` is the landing page only for visitors: a signed-in creator's or admin's `/` is their own page,
// and the landing page's first paint (apps/api/src/http/page-shell.ts) must never cover it.
const landingHeading = 'Create your digital twin in minutes';
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

describe('a signed-in user loading / directly', () => {
  const browser = useBrowser();

  for (const { name, viewport } of sizes) {
    it(`shows the creator their dashboard, never the landing page (${name})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
      const response = await page.goto('/');
      // The server paints the creator's dashboard (issue 33), never the landing page.
      const html = await response?.text();
      expect(html, 'the server sends no landing paint to a creator').not.toContain('Create your digital twin');
      expect(html).toContain('class="ps-dashboard"');
      // The app's dashboard takes over from that first paint.
      await page.locator('#page-shell').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
      expect(await page.locator('#page-shell').count()).toBe(0);
      expect(await page.getByText(landingHeading).count()).toBe(0);
      await page.screenshot({ path: `/tmp/doppel-signed-in-home-${name}.png` });
      await context.close();
    });

    it(`shows the admin the back-office, never the landing page (${name})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await signInWithMagicLink(page, 'admin@doppel.dev', { reuseSession: true });
      await page.evaluate(() => window.localStorage.setItem('isAdmin', 'true'));
      const response = await page.goto('/');
      expect(await response?.text()).not.toContain('id="page-shell"');
      await page.waitForURL('**/status');
      await page.getByRole('heading', { name: 'Status', level: 2 }).waitFor();
      expect(pathOf(page)).toBe('/status');
      expect(await page.locator('#page-shell').count()).toBe(0);
      expect(await page.getByText(landingHeading).count()).toBe(0);
      await context.close();
    });
  }

  for (const { name, viewport } of sizes) {
    it(`opens the back-office for an admin who opens an admin address with the admin UI off (${name})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await signInWithMagicLink(page, 'admin@doppel.dev', { reuseSession: true });
      await page.evaluate(() => window.localStorage.removeItem('isAdmin'));
      await page.goto('/payouts');
      await page.getByRole('heading', { name: 'Payouts', level: 2 }).waitFor();
      expect(pathOf(page)).toBe('/payouts');
      expect(await page.evaluate(() => window.localStorage.getItem('isAdmin')), 'the switch is now on').toBe('true');
      await context.close();
    });
  }

  it("lets an admin on a phone scroll a list's table sideways to its last column", async () => {
    const { context, page } = await openPage(browser(), sizes[0]?.viewport);
    await signInWithMagicLink(page, 'admin@doppel.dev', { reuseSession: true });
    await page.goto('/payouts');
    await page.getByTestId('admin-row').first().waitFor();
    const viewport = page.locator('.mantine-datatable .mantine-ScrollArea-viewport').first();
    const widths = await viewport.evaluate((element) => ({ content: element.scrollWidth, shown: element.clientWidth }));
    expect(widths.content, 'the table is wider than the phone').toBeGreaterThan(widths.shown);
    // The sideways scrollbar is there to see, not only on hover.
    await page.locator('.mantine-datatable .mantine-ScrollArea-scrollbar[data-orientation="horizontal"]').first().waitFor();
    await viewport.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const lastHeader = page.locator('.mantine-datatable thead th').last();
    const [header, area] = await Promise.all([lastHeader.boundingBox(), viewport.boundingBox()]);
    expect(header && area && header.x + header.width <= area.x + area.width + 1, 'the last column scrolls into view').toBe(true);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-admin-table-phone.png' });
    await context.close();
  });

  it('puts the labels of switches and radio buttons beside their controls (phone)', async () => {
    const { context, page } = await openPage(browser(), sizes[0]?.viewport);
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/settings/approval');
    const toggle = await labelPlacement(page, 'Switch', 'Hold the twin’s replies for my approval');
    expect(toggle.sameRow, 'the switch and its label share a row').toBe(true);
    expect(toggle.gap).toBeGreaterThanOrEqual(0);
    const choice = await labelPlacement(page, 'Radio', 'Send it as drafted');
    expect(choice.sameRow, 'the radio button and its label share a row').toBe(true);
    expect(choice.gap).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: '/tmp/doppel-inline-inputs.png', fullPage: true });
    await context.close();
  });
});

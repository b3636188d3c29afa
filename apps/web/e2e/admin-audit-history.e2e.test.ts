// The audit log in the real app: the demo admin creates a talent, renames it in Settings, and the
// talent's History tab shows both changes, newest first, with who made them and the name before
// and after; the History fits a phone. Its own talent, so other files' demo data stays as seeded.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, useBrowser } from './support/browser.ts';

async function savedToast(page: Page): Promise<void> {
  await page.getByRole('alert').filter({ hasText: 'Saved!' }).first().waitFor();
}

describe('admin History', () => {
  const browser = useBrowser();

  it('shows an admin’s edit of a talent in its History: who, when, the field before and after', async () => {
    const { context, page } = await openPage(browser(), { width: 1280, height: 800 });
    await openAdminUi(page);
    await openAdminSection(page, 'Talents', '/talents');
    await page.getByRole('link', { name: 'Create talent' }).click();
    await page.waitForURL('**/talents/create');
    await page.getByLabel('Name', { exact: true }).fill('Iris Ledger');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/talents\/(?!create$)[a-z0-9]+$/);
    await savedToast(page);

    // A fresh talent's History holds its creation only.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByTestId('history-entry').first().waitFor();
    expect(await history.getByTestId('history-entry').count()).toBe(1);
    await history.getByText('Created', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('form', { name: 'Talent settings' });
    await settings.getByLabel('Name', { exact: true }).fill('Iris Audited');
    await settings.getByLabel('Tag', { exact: true }).fill('irisaudited');
    // The creation's toast must be gone, so the next one is this save's.
    await page.getByRole('alert').filter({ hasText: 'Saved!' }).first().waitFor({ state: 'hidden' });
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await savedToast(page);

    await page.getByRole('tab', { name: 'History' }).click();
    const newest = history.getByTestId('history-entry').first();
    await newest.getByText('Changed', { exact: true }).waitFor();
    expect(await history.getByTestId('history-entry').count()).toBe(2);
    await newest.getByText('admin@doppel.dev', { exact: false }).waitFor();
    const nameChange = newest.getByTestId('history-change').filter({ has: page.getByText('name', { exact: true }) });
    await nameChange.getByText('Iris Ledger', { exact: true }).waitFor();
    await nameChange.getByText('Iris Audited', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/doppel-admin-history.png', fullPage: true });

    // At phone size the entries wrap inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await newest.scrollIntoViewIfNeeded();
    const box = await history.boundingBox();
    expect(box && box.x + box.width, 'the History card fits a phone').toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-admin-history-phone.png' });
    await context.close();
  });
});

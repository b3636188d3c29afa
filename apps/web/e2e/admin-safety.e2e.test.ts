// The crisis protocol in the back-office against the real app: a fan's crisis message shows up
// under the Chats list's Safety filter with its flag and the safety reply; the Safety report counts
// it and exports CSV; the App page's Crisis protocol card saves the caring message. Desktop size.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { waitForChatOpen } from './support/fan-chat.ts';

describe('crisis protocol in the back-office', () => {
  const browser = useBrowser();

  it('lists the flagged chat under Safety, counts it in the Safety report and edits the caring message', async () => {
    // A fan writes about self-harm.
    const fan = await openPage(browser(), { width: 390, height: 844 });
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    const field = fan.page.getByRole('textbox', { name: 'Message' });
    await field.fill('I keep hurting myself and I want to die');
    await field.press('Enter');
    await fan.page.getByTestId('chat-safety-reply').waitFor();
    await fan.context.close();

    const { context, page } = await openPage(browser());
    await openAdminUi(page);
    await openAdminSection(page, 'Chats', '/chats');
    await page.getByRole('radiogroup', { name: 'Filter' }).getByText('Safety', { exact: true }).click();
    await page.waitForURL('**/chats?filter=needsSafetyReview');
    const row = page.getByTestId('admin-chat-row').first();
    await row.locator('[data-flag="needsSafetyReview"]').waitFor();
    await row.click();
    const flagged = page
      .getByTestId('admin-chat-message')
      .filter({ has: page.getByText('I keep hurting myself and I want to die', { exact: true }) });
    await flagged.getByTestId('admin-chat-safety-flag').waitFor();
    await page.getByTestId('admin-chat-safety-reply').first().waitFor();
    await page.screenshot({ path: '/tmp/doppel-admin-safety-chat.png' });

    // The Safety report: this month counts it; the CSV has the month's line and no message text.
    await page.goto('/chats');
    await page.getByRole('link', { name: 'Safety report' }).click();
    await page.getByRole('heading', { name: 'Safety report', level: 2 }).waitFor();
    expect(pathOf(page)).toBe('/chats/safety-report');
    const month = new Date().toISOString().slice(0, 7);
    const monthRow = page.locator(`[data-testid="safety-report-table"] tr[data-month="${month}"]`);
    await monthRow.waitFor();
    expect(Number(await monthRow.locator('td').nth(1).textContent())).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/doppel-admin-safety-report.png' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^doppel-crisis-referrals-.*\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.split('\n')[0]).toBe('month,referrals,detected,while_paused,chats');
    expect(csv).toContain(`${month},`);
    expect(csv).not.toContain('hurting');

    // The App page's Crisis protocol card: its own save.
    await page.goto('/app');
    const card = page.getByTestId('crisis-settings-form');
    await card.waitFor();
    await card.getByLabel('Caring message').fill('We care about you and want you to be safe.');
    await card.getByRole('button', { name: 'Save crisis settings' }).click();
    await page.getByText('Saved!').first().waitFor();
    await page.reload();
    await page.getByTestId('crisis-settings-form').waitFor();
    await expect
      .poll(() => page.getByTestId('crisis-settings-form').getByLabel('Caring message').inputValue())
      .toBe('We care about you and want you to be safe.');
    // Back to the default, for the other tests.
    await page.getByTestId('crisis-settings-form').getByLabel('Caring message').fill('');
    await page.getByTestId('crisis-settings-form').getByRole('button', { name: 'Save crisis settings' }).click();
    await page.getByText('Saved!').first().waitFor();
    await context.close();
  });
});

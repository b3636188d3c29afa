import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

describe('data rights on a phone', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('lets a signed-in fan get their data from the chat menu, then delete their account with a typed confirmation', async () => {
    const email = `leaving-${randomUUID().slice(0, 8)}@test.dev`;
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(page, email);
    await page.goto('/chat/mia');
    await waitForChatOpen(page);

    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Your data and account' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your data and account' });
    const box = await sheet.boundingBox();
    expect(box?.width, 'the sheet fits the phone').toBeLessThanOrEqual(390);

    // The worker makes the ZIP; the sheet follows the request from "Being prepared" to "Ready".
    await sheet.getByRole('button', { name: 'Ask for my data' }).click();
    const status = sheet.getByTestId('data-export-status');
    await status.getByText(/Being prepared|Ready/).waitFor();
    await status.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    const download = page.waitForEvent('download');
    await status.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('doppel-data.zip');
    await page.screenshot({ path: '/tmp/doppel-data-rights-phone.png' });

    // Deleting needs the word typed; then the fan is signed out and lands on the landing page.
    await sheet.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    const deleteForever = confirm.getByRole('button', { name: 'Delete forever' });
    expect(await deleteForever.isDisabled()).toBe(true);
    await confirm.getByLabel('Confirmation').fill('DELETE');
    await deleteForever.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
    const me = await page.evaluate(async () => (await (await fetch('/trpc/auth.me')).json()) as { result: { data: unknown } });
    expect(me.result.data).toBeNull();
    expect(await sql`select id from users where email = ${email}`).toHaveLength(0);
    await context.close();
  });

  it('shows a creator with a pending payout, in Settings, why their account cannot be deleted yet', async () => {
    // The demo twin Mia has a payout pending since yesterday (the demo data).
    const [pending] =
      await sql`select count(*)::int as n from payouts p join talents t on t.id = p.talent_id where t.tag = 'mia' and p.status = 'PENDING'`;
    expect(pending?.n, 'the demo data has a pending payout').toBeGreaterThan(0);
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/settings');
    await page.getByRole('link', { name: /Your data and account/ }).click();
    await page.getByRole('heading', { name: 'Your data and account' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing scrolls sideways').toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByLabel('Confirmation').fill('DELETE');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await confirm
      .getByText('A payout of yours is still pending. Your account can be deleted once it has been paid or rejected.')
      .waitFor();
    await page.screenshot({ path: '/tmp/doppel-data-rights-creator-phone.png' });
    await confirm.getByRole('button', { name: 'Keep my account' }).click();
    expect(pathOf(page)).toBe('/settings/account');
    expect(await sql`select id from users where email = 'creator@doppel.dev'`).toHaveLength(1);
    await context.close();
  });
});

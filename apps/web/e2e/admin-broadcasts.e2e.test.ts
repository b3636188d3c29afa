import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Broadcasts end to end on the real worker: the demo admin schedules one for Mia "in 1 minute",
// confirms, watches it go SCHEDULED → COMPLETED live, and a fan of Mia (Jordan, who last wrote to
// her days ago: in the audience of docs/product-rules.md#broadcasts) finds the message in the chat. A second one is deleted.

/**
 * The admin's browser lives this far behind the server, so "In 1 minute" is due a few seconds
 * after it is scheduled: the test proves the flow, not a minute's wait (the server accepts a time
 * up to five minutes in the past, and the worker's prepare job then runs at once).
 */
const browserBehindMs = 55_000;
/** Until it is due, then the worker's prepare job (polled every 2 s) and its sends. */
const completionTimeoutMs = 150_000;

describe('admin broadcasts', () => {
  const browser = useBrowser();

  it('schedules a broadcast "in 1 minute" (the browser behind the server), watches it complete, and the fan finds it in the chat', async () => {
    const { context, page } = await openPage(browser());
    // Time runs on in the page, from a point behind the real clock.
    await page.clock.install({ time: Date.now() - browserBehindMs });
    await openAdminUi(page);
    await openAdminSection(page, 'Broadcast', '/broadcasts', 'Broadcasts');
    await page.getByRole('link', { name: 'Schedule broadcast' }).click();
    await page.waitForURL('**/broadcasts/create');

    const message = `Lisbon sunset tonight 🌅 who’s watching with me? ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Schedule broadcast' });
    // An empty message is refused under the field, before anything is asked.
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await form.getByText('Required', { exact: true }).waitFor();

    await form.getByLabel('Twin', { exact: true }).fill('Mia');
    await page.getByRole('option', { name: /Mia Moreno/ }).click();
    await form.getByLabel('Chat message').fill(message);
    await form.getByLabel('Push notification headline').fill('Mia sent you a message');
    await form.getByRole('button', { name: 'In 1 minute' }).click();
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send broadcast?' });
    await confirm.getByText('Are you sure you want to send this message to all users?').waitFor();
    await confirm.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('Scheduled broadcast.', { exact: true }).first().waitFor();
    await page.waitForURL(/\/broadcasts\/[a-z0-9]+$/);
    const detailUrl = page.url();
    expect(await page.getByTestId('broadcast-status').first().textContent()).toBe('Scheduled');
    await expect.poll(() => page.getByTestId('broadcast-message').textContent()).toBe(message);

    // No reload: the status and the counts move as the worker prepares and sends.
    await expect
      .poll(() => page.getByTestId('broadcast-status').first().textContent(), { timeout: completionTimeoutMs, interval: 1000 })
      .toBe('Completed');
    const scheduled = Number((await page.getByTestId('broadcast-scheduled-count').textContent())?.replace(/,/g, ''));
    const sent = Number((await page.getByTestId('broadcast-sent-count').textContent())?.replace(/,/g, ''));
    expect(scheduled).toBeGreaterThan(0);
    expect(sent).toBe(scheduled);
    expect(page.url()).toBe(detailUrl);

    // Jordan, a signed-in fan of Mia, finds the message in the chat.
    const fan = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(fan.page, 'fan2@doppel.dev', { reuseSession: true });
    await fan.page.goto('/chat/mia');
    await fan.page.locator('[data-testid="chat-message"][data-sender="TALENT"]', { hasText: message }).waitFor();
    await fan.context.close();
    await context.close();
  }, 240_000);

  it('deletes a scheduled broadcast after a confirm and lists it as deleted', async () => {
    const { context, page } = await openPage(browser());
    await openAdminUi(page);
    await page.goto('/broadcasts/create');
    const message = `Draft to delete ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Schedule broadcast' });
    await form.getByLabel('Chat message').fill(message);
    await form.getByRole('button', { name: 'Tomorrow at 9:00' }).click();
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('dialog', { name: 'Send broadcast?' }).getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/\/broadcasts\/[a-z0-9]+$/);
    await page.getByText('All twins').first().waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete broadcast?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/broadcasts$/);
    const row = page.getByRole('row').filter({ hasText: message });
    await expect.poll(() => row.getByTestId('broadcast-status').textContent()).toBe('Deleted');

    // An address with no broadcast behind it says so.
    await page.goto('/broadcasts/no-such-broadcast');
    await page.getByRole('heading', { name: 'Broadcast not found' }).waitFor();
    await context.close();
  }, 120_000);
});

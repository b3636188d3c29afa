import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator opens Conversations on a phone, finds Mia's demo chats, filters to the thumbs
// down, searches, opens Jordan's paella chat and reads its messages; the way back keeps the filter.
// Other files' fans chat with Mia too, so rows are found by the demo fans' names.

describe('creator conversations', () => {
  const browser = useBrowser();

  it('lists, filters, searches and opens Mia’s chats', async () => {
    const phone = { width: 390, height: 844 };
    const { page } = await openPage(browser(), phone);
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Conversations' }).click();
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
    const rows = page.getByTestId('conversation-row');
    await rows.filter({ hasText: 'Sam Rivera' }).first().waitFor();
    await rows.filter({ hasText: 'Jordan Lee' }).first().waitFor();
    expect(await page.getByText('@doppel.dev').count(), 'fans are never shown by email').toBe(0);

    // Mantine's chip hides its radio input: the label is what a person taps.
    await page.getByRole('radiogroup', { name: 'Filter' }).getByText('Thumbs down', { exact: true }).click();
    await page.waitForURL(/filter=thumbsDown/);
    await rows.filter({ hasText: 'Jordan Lee' }).first().waitFor();
    await rows.filter({ hasText: 'Sam Rivera' }).first().waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Search in messages' }).fill('paella');
    await page.waitForURL(/q=paella/);
    await page.getByRole('textbox', { name: 'Search in messages' }).fill('no chat says zebra-quartz');
    await page.getByTestId('conversations-empty').waitFor();
    await page.getByRole('textbox', { name: 'Search in messages' }).fill('paella');
    const jordan = rows.filter({ hasText: 'Jordan Lee' }).first();
    await jordan.waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'nothing runs off the phone').toBeLessThanOrEqual(phone.width);

    await jordan.click();
    const messages = page.getByTestId('conversation-messages');
    await messages.getByText('Mia what’s your paella secret?').waitFor();
    await messages.getByText('Thumbs down', { exact: true }).waitFor();
    await messages.getByText('she forgot I said I’m vegetarian', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Jordan Lee' }).waitFor();
    await page.getByTestId('conversation-spent').waitFor();
    await page.screenshot({ path: '/tmp/doppel-creator-conversations.png', fullPage: true });

    await page.getByRole('link', { name: 'All conversations' }).click();
    await page.waitForURL(/\/conversations\?.*filter=thumbsDown/);
    expect(pathOf(page)).toBe('/conversations');
  });
});

import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Telegram (docs/telegram.md) on a phone, on a server without PUBLIC_URL (as `npm start`): the
// demo creator finds Settings -> Telegram, which says Telegram is off instead of offering a form;
// a one-time link that is not valid says so, signed in. Linking a bot and chatting are proven over
// the fake Bot API in apps/api/test/telegram.integration.test.ts.

describe('Telegram', () => {
  const browser = useBrowser();

  it('says Telegram is off without a public address, and refuses a link that is not valid', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/settings');
    await page.getByRole('link', { name: /Telegram/ }).click();
    await page.getByTestId('telegram-unavailable').waitFor();
    expect(await page.getByTestId('telegram-unavailable').textContent()).toContain('PUBLIC_URL');
    expect(await page.getByTestId('telegram-token').count()).toBe(0);

    await page.goto('/telegram/link?token=not-a-real-link');
    await page.getByTestId('telegram-link-failed').waitFor();
    expect(await page.getByTestId('telegram-link-failed').textContent()).toContain('expired or was used already');
    await context.close();
  });
});

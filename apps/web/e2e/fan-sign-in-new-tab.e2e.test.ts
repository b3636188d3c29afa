import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { conversation, sendAndWaitForReply, waitForChatOpen } from './support/fan-chat.ts';

// A fan signs in from a chat and opens the emailed link in a new tab, as a mail app does: the link
// itself brings them back to the chat (never to the creator's waitlist), and the tab they asked from
// follows the sign-in back to the chat too (issue 26).
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

describe('a fan signing in from a chat', () => {
  const browser = useBrowser();

  for (const { name, viewport } of sizes) {
    it(`comes back to the chat from a link opened in a new tab (${name})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/chat/mia');
      await waitForChatOpen(page);
      const opening = `Hi from a ${name}, ${Date.now()}`;
      await sendAndWaitForReply(page, opening);

      await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
      await page.waitForURL('**/sign-in?next=/chat/mia');
      // A fan is told what signing in does for them; no provider this server lacks is offered.
      await page.getByRole('heading', { name: 'Sign in to keep chatting' }).waitFor();
      expect(await page.getByText('Continue with Google').count()).toBe(0);
      const email = `fan-tab-${name}-${Date.now()}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send magic link' }).click();
      await page.getByText('Email has been sent.').waitFor();

      // The mail app: another tab reads the email and opens its link.
      const mail = await context.newPage();
      await mail.goto('/dev/outbox');
      const link = mail.locator(`[data-testid="outbox-email"][data-to="${email}"]`).first().getByRole('link', {
        name: 'Open sign-in link',
      });
      expect(await link.getAttribute('href')).toContain('next=%2Fchat%2Fmia');
      await link.click();
      await mail.waitForURL('**/chat/mia');
      await conversation(mail).getByText(opening, { exact: true }).waitFor();
      expect(await mail.getByText('Join the waitlist').count(), 'a fan never sees creator sign-up').toBe(0);

      // The tab that asked follows: it is back in the chat, signed in.
      await page.waitForURL('**/chat/mia');
      await conversation(page).getByText(opening, { exact: true }).waitFor();
      expect(pathOf(page)).toBe('/chat/mia');
      await context.close();
    });
  }
});

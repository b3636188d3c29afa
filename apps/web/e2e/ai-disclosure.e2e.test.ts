import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';

describe('AI disclosure in the fan chat', () => {
  const browser = useBrowser();

  it('says on a phone, above the first message, that the twin is an AI, and explains what that means', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/chat/mia');
    // The app's chat (the composer), not the server's first paint.
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    await expect.poll(() => page.locator('header').getByText('AI twin · @mia').isVisible()).toBe(true);
    const disclosure = page.getByTestId('ai-disclosure');
    await disclosure.waitFor();
    expect(await disclosure.textContent()).toContain(
      'You are chatting with an AI, not with Mia Moreno in person. Mia Moreno can read these chats.',
    );
    // It comes before the twin's first message.
    const above = await page.evaluate(() => {
      const note = document.querySelector('[data-testid="ai-disclosure"]');
      const first = document.querySelector('[data-testid="chat-message"]');
      return Boolean(note && first && note.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(above, 'the disclosure precedes the first message').toBe(true);

    await page.getByRole('button', { name: 'What does this mean?' }).click();
    const dialog = page.getByRole('dialog', { name: 'About AI twins' });
    await dialog.waitFor();
    const details = await dialog.getByTestId('ai-disclosure-details').textContent();
    expect(details).toContain('Mia Moreno does not write them.');
    expect(details).toContain('Mia Moreno can read your conversations with the twin');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { balanceOf, waitForChatOpen } from './support/fan-chat.ts';

describe('crisis protocol in the fan chat', () => {
  const browser = useBrowser();

  it('answers a crisis message on a phone with the caring message and 988, free, and links the protocol', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await context.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    const before = await balanceOf(page);
    expect(before, 'an anonymous fan starts with free credits').toBeGreaterThan(0);

    // The AI notice links the published protocol.
    const safetyLink = page.getByTestId('ai-disclosure-safety');
    expect(await safetyLink.getAttribute('href')).toBe('/safety');

    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill('honestly I just want to kill myself');
    await field.press('Enter');
    const card = page.getByTestId('chat-safety-reply');
    await card.waitFor();
    const text = (await card.getByTestId('chat-safety-reply-text').textContent()) ?? '';
    expect(text).toContain('I’m glad you said it');
    expect(text).toContain('988 Suicide & Crisis Lifeline: 988');
    expect(await card.textContent()).toContain('This message was free.');
    // Not the twin: no twin bubble answers it, and nothing was charged.
    expect(await page.locator('[data-testid="chat-message"][data-sender="TALENT"][data-kind="message"]').count()).toBe(0);
    expect(await balanceOf(page)).toBe(before);
    // The card fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-fan-crisis-reply.png' });

    // After a reload the reply is still there (stored), and the balance unchanged.
    await page.reload();
    await waitForChatOpen(page);
    await page.getByTestId('chat-safety-reply').waitFor();
    expect(await balanceOf(page)).toBe(before);

    // The protocol page: what happens, and the services table.
    await page.getByTestId('chat-safety-reply').getByRole('link', { name: 'How we handle this' }).click();
    await page.getByRole('heading', { name: 'Crisis protocol', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/safety');
    const table = page.getByTestId('crisis-services-table');
    expect(await table.textContent()).toContain('988 Suicide & Crisis Lifeline');
    expect(await table.textContent()).toContain('116 123');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-safety-page.png', fullPage: true });
    await context.close();
  });
});

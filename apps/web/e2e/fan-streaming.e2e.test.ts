// The twin's reply streams in on a phone: the typing dots, then a bubble that grows word by word as
// the (offline) engine writes, then the stored message in its place: one bubble, never two.
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { conversation, replyTimeoutMs, twinMessages, twinSelector, waitForChatOpen, waitForCount } from './support/fan-chat.ts';

describe('streamed replies in the fan chat', () => {
  const browser = useBrowser();

  it('shows the reply growing on a 390x844 phone, then as one stored message', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    const before = await twinMessages(page).count();

    // Every text the draft bubble shows, recorded in the page as it changes (no polling gaps).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { draftTexts: string[] }).draftTexts = seen;
      new MutationObserver(() => {
        const draft = document.querySelector('[data-testid="chat-message"][data-kind="draft"]');
        const text = draft?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const question = 'How do credits work?';
    const field = page.getByRole('textbox', { name: 'Message' });
    await field.fill(question);
    await field.press('Enter');
    await conversation(page).getByText(question, { exact: true }).waitFor();
    await waitForCount(page, twinSelector, before + 1);

    const finalText = (await twinMessages(page).last().textContent()) ?? '';
    const drafts = await page.evaluate(() => (window as unknown as { draftTexts: string[] }).draftTexts);
    expect(drafts.length, `the draft grew: ${JSON.stringify(drafts)}`).toBeGreaterThanOrEqual(2);
    for (const [index, text] of drafts.entries()) {
      // The bubble also holds the "…" time; its words are the start of the stored reply.
      const words = text.replace(/…$/, '').trim();
      expect(finalText.startsWith(words.slice(0, Math.max(0, words.length - 1)))).toBe(true);
      if (index > 0) expect(text.length).toBeGreaterThan(drafts[index - 1]?.length ?? 0);
    }
    // Replaced, not doubled: no draft left, and exactly one new twin message.
    await page.waitForFunction(() => !document.querySelector('[data-kind="draft"]'), undefined, { timeout: replyTimeoutMs });
    expect(await twinMessages(page).count()).toBe(before + 1);
    await context.close();
  });
});

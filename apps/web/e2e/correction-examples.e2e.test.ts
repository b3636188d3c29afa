import { afterAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { replyTimeoutMs, sendAndWaitForReply, twinMessages, waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The creator rewrites one of her twin's replies in Conversations; the next fan who asks something
// similar gets her answer, without any fine-tuning: her corrections are examples in the next prompt
// (the offline engine answers a close example word for word). The correction is removed afterwards
// so other files' fans never meet it.

describe('corrections as examples', () => {
  const browser = useBrowser();
  const sql = useDatabase();
  const answer = `I only play with a tortoiseshell pick my grandfather carved, number ${Date.now()}!`;

  afterAll(async () => {
    await sql`delete from talent_corrections where answer_text = ${answer}`;
  });

  it('answers the next fan with the creator’s rewritten reply', async () => {
    const phone = { width: 390, height: 844 };
    const question = 'Which guitar pick do you use on stage?';
    const first = await openPage(browser(), phone);
    await first.page.goto('/chat/mia');
    await waitForChatOpen(first.page);
    await sendAndWaitForReply(first.page, question);

    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto(`/conversations?q=${encodeURIComponent(question)}`);
    await creator.page.getByTestId('conversation-row').first().click();
    const messages = creator.page.getByTestId('conversation-messages');
    await messages.getByText(question, { exact: true }).waitFor();
    const rewrite = messages.getByTestId('conversation-message').last().getByRole('button', { name: 'Rewrite', exact: true });
    await rewrite.waitFor({ timeout: replyTimeoutMs });
    await rewrite.click();
    await creator.page.getByRole('textbox', { name: 'What you would have answered' }).fill(answer);
    await creator.page.getByRole('button', { name: 'Save my answer' }).click();
    await creator.page.getByTestId('reply-correction').getByText(answer, { exact: false }).waitFor();

    // Another fan, another chat, a similar question: the twin answers the way she did.
    const next = await openPage(browser(), phone);
    await next.page.goto('/chat/mia');
    await waitForChatOpen(next.page);
    await sendAndWaitForReply(next.page, 'Which guitar pick do you use on stage, Mia?');
    expect(await twinMessages(next.page).last().textContent()).toContain(answer);
    expect(await twinMessages(first.page).getByText(answer).count(), 'the first fan’s chat does not change').toBe(0);
  });
});

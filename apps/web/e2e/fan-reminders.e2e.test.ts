import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { balanceOf, sendAndWaitForReply, waitForChatOpen } from './support/fan-chat.ts';

// The reminders (docs/safety.md): three hours into a conversation the fan's next message brings a
// system line saying this is an AI, and a known minor also a break reminder. Hours are not waited
// for: the chat's stored timestamps are moved three hours back, as if the conversation began then.

describe('reminders in the fan chat', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  /** The chat holding the message `text` (unique per run), with everything in it moved back `hours`. */
  async function agesChatOf(text: string, hours: number): Promise<{ userId: string }> {
    const [chat] = await sql<{ id: string; userId: string }[]>`
      select c.id, c.user_id as "userId" from chats c join chat_messages m on m.chat_id = c.id where m.text = ${text}`;
    if (!chat) throw new Error(`no chat holds "${text}"`);
    await sql`update chat_messages set created_at = created_at - ${hours} * interval '1 hour' where chat_id = ${chat.id}`;
    return { userId: chat.userId };
  }

  it('shows the AI notice as a system line after three hours on a phone, free, and a minor’s break reminder', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    const first = `hello ${randomUUID().slice(0, 8)}`;
    const start = await balanceOf(page);
    await sendAndWaitForReply(page, first);
    const price = start - (await balanceOf(page));
    expect(await page.getByTestId('chat-notice').count(), 'no reminder within the first three hours').toBe(0);

    const { userId } = await agesChatOf(first, 3);
    const beforeSecond = await balanceOf(page);
    await sendAndWaitForReply(page, 'are you still there?');
    const notice = page.getByTestId('chat-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-notice')).toBe('AI_REMINDER');
    expect(await notice.textContent()).toContain('you are chatting with an AI, not with Mia Moreno in person');
    // A line of its own, not one of the twin's bubbles, standing above the fan's message.
    expect(await notice.locator('[data-testid="chat-message"]').count()).toBe(0);
    const aboveMessage = await page.evaluate(() => {
      const line = document.querySelector('[data-testid="chat-notice"]');
      const all = document.querySelectorAll('[data-testid="chat-message"][data-sender="USER"]');
      const message = all[all.length - 1];
      return Boolean(line && message && line.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(aboveMessage, 'the notice precedes the message it came with').toBe(true);
    // Only the message was charged.
    expect(await balanceOf(page)).toBe(beforeSecond - price);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-fan-ai-reminder.png' });

    // Stored: still there after a reload.
    await page.reload();
    await waitForChatOpen(page);
    await page.getByTestId('chat-notice').first().waitFor();

    // A known minor: three hours on, the AI notice and a break reminder.
    await sql`update users set declared_minor_at = now() where id = ${userId}`;
    await agesChatOf(first, 3);
    await sendAndWaitForReply(page, 'back again');
    const breakLine = page.locator('[data-testid="chat-notice"][data-notice="BREAK_REMINDER"]');
    await breakLine.waitFor();
    expect(await breakLine.textContent()).toContain('Time for a break?');
    expect(await page.locator('[data-testid="chat-notice"][data-notice="AI_REMINDER"]').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-fan-break-reminder.png' });
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import {
  conversation,
  sendAndWaitForReply,
  twinMessages,
  twinSelector,
  waitForChatOpen,
  waitForCount,
} from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Takeover in two browsers: a fan chats with Mia on a phone; Mia's creator opens that chat, takes
// over, and the twin goes quiet (the fan sees it typing while their message waits on her). She
// writes, the fan reads it as Mia's message; she hands back, and the twin answers again.

describe('creator takeover', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('the creator takes over, writes, hands back; the fan sees her message as the twin’s', async () => {
    const fan = await openPage(browser(), { width: 390, height: 844 });
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    // A text no other test sends finds this fan's chat among the many with Mia.
    const opening = `Hi Mia, takeover check ${Date.now()}`;
    await sendAndWaitForReply(fan.page, opening);
    const [row] = await sql<{ chatId: string }[]>`select chat_id as "chatId" from chat_messages where text = ${opening}`;
    expect(row?.chatId).toBeTruthy();

    const creator = await openPage(browser());
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto(`/conversations/${row?.chatId}`);
    const messages = creator.page.getByTestId('conversation-messages');
    await messages.getByText(opening).waitFor();
    await creator.page.getByRole('button', { name: 'Take over' }).click();
    await creator.page.getByRole('button', { name: 'Hand back to the twin' }).waitFor();

    // The fan writes while the twin is paused: no typing dots (nobody is writing yet), a plain
    // "Mia will answer soon", and no twin reply.
    const repliesBefore = await twinMessages(fan.page).count();
    const field = fan.page.getByRole('textbox', { name: 'Message' });
    await field.fill('Is this really you?');
    await field.press('Enter');
    await conversation(fan.page).getByText('Is this really you?', { exact: true }).waitFor();
    await fan.page.getByTestId('answer-soon').getByText('Mia will answer soon').waitFor();
    expect(await fan.page.getByTestId('typing-indicator').count()).toBe(0);
    await messages.getByText('Is this really you?').waitFor();

    await creator.page.getByRole('textbox', { name: 'Your message' }).fill('Yes! It’s me, the real Mia 💜');
    await creator.page.getByRole('button', { name: 'Send', exact: true }).click();
    await messages.getByText('You, as your twin', { exact: false }).waitFor();

    // The fan reads it as Mia's message, live, and the waiting notice ends.
    await waitForCount(fan.page, twinSelector, repliesBefore + 1);
    await twinMessages(fan.page).getByText('Yes! It’s me, the real Mia 💜').waitFor();
    // Fans are told the twin's words are AI-made: the creator's own say who wrote them.
    await fan.page.getByText('Written by Mia', { exact: true }).waitFor();
    await fan.page.getByTestId('answer-soon').waitFor({ state: 'detached' });
    expect(await twinMessages(fan.page).count(), 'the twin did not answer while paused').toBe(repliesBefore + 1);
    await fan.page.screenshot({ path: '/tmp/doppel-creator-takeover-fan.png' });

    await creator.page.getByRole('button', { name: 'Hand back to the twin' }).click();
    await creator.page.getByRole('button', { name: 'Take over' }).waitFor();
    await sendAndWaitForReply(fan.page, 'Thanks! Back to the twin then.');
    await fan.context.close();
    await creator.context.close();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { replyTimeoutMs, sendAndWaitForReply, twinMessages, waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator teaches Mia's twin a fact found nowhere else by uploading a text file; a fan's
// question is answered from it (offline engine), Conversations says which source the reply was
// based on, and once the source is deleted the twin stops using it. Other files share Mia's demo
// data, so the source is deleted again after the test whatever happened.

describe('creator knowledge', () => {
  const browser = useBrowser();
  const sql = useDatabase();
  const title = `Surf notes ${Date.now()}`;

  afterAll(async () => {
    await sql`delete from knowledge_sources where title = ${title}`;
  });

  it('answers a fan from an uploaded file, shows what the reply was based on, and forgets it once deleted', async () => {
    const phone = { width: 375, height: 812 };
    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto('/settings/knowledge');
    await creator.page.getByRole('heading', { name: 'Knowledge' }).first().waitFor();

    const text = [
      '# My first surfboard',
      '',
      "My first surfboard was a yellow 6'2 Firewire called Banana.",
      'I bought it second hand in Ericeira the summer I turned sixteen.',
    ].join('\n');
    await creator.page
      .getByLabel('Knowledge files')
      .setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
    const source = creator.page.getByTestId('knowledge-source').filter({ hasText: title });
    await source.waitFor();
    // The worker reads the file; the list updates live.
    await source
      .getByTestId('knowledge-status')
      .getByText(/^Ready · \d+ passages?$/)
      .waitFor({ timeout: replyTimeoutMs * 2 });
    const overflow = await creator.page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    expect(overflow.scrollWidth, 'nothing runs off a 375 px phone').toBeLessThanOrEqual(overflow.innerWidth);
    await creator.page.screenshot({ path: '/tmp/doppel-creator-knowledge.png', fullPage: true });

    // An anonymous fan asks about it; the offline twin answers from the passage.
    const fan = await openPage(browser(), phone);
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    const question = 'What was your first surfboard called?';
    await sendAndWaitForReply(fan.page, question);
    expect(await twinMessages(fan.page).last().textContent()).toContain('Banana');

    // Conversations names the source under the reply and opens to the passage.
    await creator.page.goto(`/conversations?q=${encodeURIComponent(question)}`);
    await creator.page.getByTestId('conversation-row').first().click();
    const messages = creator.page.getByTestId('conversation-messages');
    await messages.getByText(question, { exact: true }).waitFor();
    const basedOn = messages.getByTestId('conversation-based-on');
    await basedOn.getByText(`Based on: ${title}`, { exact: false }).click();
    await basedOn.getByText('called Banana', { exact: false }).waitFor();
    const chatPath = new URL(creator.page.url()).pathname;

    // She deletes the source, after a confirmation.
    await creator.page.goto('/settings/knowledge');
    await source.getByRole('button', { name: `Actions for ${title}` }).click();
    await creator.page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = creator.page.getByRole('dialog', { name: 'Delete this source?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await source.waitFor({ state: 'detached' });

    // The fan asks again: the twin no longer knows, and no reply is based on the deleted source.
    const again = 'Tell me again, what was your first surfboard called?';
    await sendAndWaitForReply(fan.page, again);
    expect(await twinMessages(fan.page).last().textContent()).not.toContain('Banana');
    await creator.page.goto(chatPath);
    await messages.getByText(again, { exact: true }).waitFor();
    const replies = messages.getByTestId('conversation-message');
    // The fan already read the reply, so the newest message is the twin's, not the question.
    await expect.poll(() => replies.last().textContent(), { timeout: replyTimeoutMs }).not.toContain(again);
    expect(await replies.last().textContent()).not.toContain('Banana');
    expect(await replies.last().getByTestId('conversation-based-on').count(), 'the new reply is based on nothing').toBe(0);
    expect(await messages.getByTestId('conversation-based-on').count(), 'only the first reply used the source').toBe(1);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import {
  balanceOf,
  conversation,
  replyTimeoutMs,
  sendAndWaitForReply,
  twinMessages,
  waitForBalance,
  waitForChatOpen,
} from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Approval mode in two browsers, both phone-sized: Mia's creator turns it on; a fan's message
// gets no reply until she edits the held draft in Replies to approve and sends it; the fan reads
// her text as Mia's. She then takes the chat over and hands it back, lets this fan's replies go out
// without approval, rewrites one of the twin's replies, and sees her two corrections waiting; a
// second fan's held reply she rejects, and that fan gets their credit back. On /corrections she
// finds both corrections and takes the rewrite back, one fewer waiting.

const phone = { width: 390, height: 844 };

/** The number of corrections waiting, read from the summary line at the top of /drafts. */
async function correctionsWaiting(page: Page): Promise<number> {
  await page.goto('/drafts');
  const summary = page.getByTestId('corrections-summary');
  await summary.waitFor();
  const text = (await summary.textContent()) ?? '';
  const waiting = /^(\d+) corrections? waiting for the twin’s next training · \d+ kept$/.exec(text)?.[1];
  expect(waiting, `the summary reads "${text}"`).toBeDefined();
  return Number(waiting);
}

async function expectCorrectionsWaiting(page: Page, count: number): Promise<void> {
  await page.goto('/drafts');
  const noun = count === 1 ? 'correction' : 'corrections';
  await page
    .getByTestId('corrections-summary')
    .getByText(new RegExp(`^${count} ${noun} waiting for the twin’s next training`))
    .waitFor({ timeout: replyTimeoutMs });
}

describe('creator approval mode and corrections', () => {
  const browser = useBrowser();
  const sql = useDatabase();
  afterAll(async () => {
    // Whatever happened above, Mia answers on her own again for the other files.
    await sql`update talent_configs set reply_approval = false where id = (select id from talents where tag = 'mia')`;
  });

  it('holds a reply for the creator, sends her edit, and counts her corrections', async () => {
    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    const before = await correctionsWaiting(creator.page);

    // Approval mode on, in Settings → Reply approval.
    await creator.page.goto('/settings');
    await creator.page.getByRole('link', { name: /^Reply approval/ }).click();
    await creator.page.getByRole('heading', { name: 'Reply approval', exact: true }).waitFor();
    await creator.page.getByRole('switch', { name: 'Hold the twin’s replies for my approval' }).check({ force: true });
    await creator.page.getByRole('button', { name: 'Save' }).click();
    await creator.page.getByText('Saved!', { exact: true }).first().waitFor();

    // A fan writes; the reply is held, so nothing from the twin arrives.
    const fan = await openPage(browser(), phone);
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    const repliesBefore = await twinMessages(fan.page).count();
    const opening = `Hi Mia, approval check ${Date.now()}`;
    const field = fan.page.getByRole('textbox', { name: 'Message' });
    await field.fill(opening);
    await field.press('Enter');
    await conversation(fan.page).getByText(opening, { exact: true }).waitFor();

    // The creator sees the count in her menu and the draft in Replies to approve.
    await creator.page.goto('/');
    // The dashboard home leads with the replies waiting.
    await creator.page
      .getByTestId('held-replies-notice')
      .getByText(/^\d+ repl(y is|ies are) waiting for your approval$/)
      .waitFor({ timeout: replyTimeoutMs });
    await creator.page.getByRole('button', { name: 'Menu' }).click();
    await creator.page.getByTestId('menu-pending-drafts').waitFor({ timeout: replyTimeoutMs });
    await creator.page.getByRole('menuitem', { name: /Replies to approve/ }).click();
    await creator.page.getByRole('heading', { name: 'Replies to approve' }).waitFor();
    const card = creator.page.getByTestId('reply-draft').filter({ hasText: opening });
    await card.waitFor({ timeout: replyTimeoutMs });
    await card.getByText(/^Waiting .* · (sends as drafted|is dropped) (at|on) .* unless you act$/).waitFor();
    expect(await twinMessages(fan.page).count(), 'the twin did not answer while its reply was held').toBe(repliesBefore);
    const chatPath = await card.getByRole('link', { name: 'Open chat' }).getAttribute('href');
    expect(chatPath).toMatch(/^\/conversations\/.+/);

    // She edits the draft and sends it: the fan reads her text as Mia's.
    const edited = `Edited by the real Mia ${Date.now()} 💜`;
    await card.getByRole('textbox', { name: 'Your twin’s reply' }).fill(edited);
    await card.getByRole('button', { name: 'Send edited reply' }).click();
    await creator.page.getByText('Edited reply sent — kept as a correction').waitFor();
    await card.waitFor({ state: 'detached' });
    await twinMessages(fan.page).getByText(edited).waitFor({ timeout: replyTimeoutMs });
    await expectCorrectionsWaiting(creator.page, before + 1);

    // In the chat: her reply, then a takeover; the fan reads her message, and she hands back.
    await creator.page.goto(chatPath ?? '/conversations');
    const messages = creator.page.getByTestId('conversation-messages');
    await messages.getByText(edited).waitFor();
    await creator.page.getByText('Your twin’s replies to this fan wait for your approval.').waitFor();
    await creator.page.getByRole('button', { name: 'Take over' }).click();
    const takeoverText = `Taking over for a moment ${Date.now()}`;
    await creator.page.getByRole('textbox', { name: 'Your message' }).fill(takeoverText);
    await creator.page.getByRole('button', { name: 'Send', exact: true }).click();
    await messages.getByText(takeoverText).waitFor();
    await twinMessages(fan.page).getByText(takeoverText).waitFor({ timeout: replyTimeoutMs });
    await creator.page.getByRole('button', { name: 'Hand back to the twin' }).click();
    await creator.page.getByRole('button', { name: 'Take over' }).waitFor();

    // This fan's replies go out without approval; the twin answers, and she rewrites that answer.
    await creator.page.getByRole('combobox', { name: 'Replies to this fan' }).click();
    await creator.page.getByRole('option', { name: 'Send without approval' }).click();
    await creator.page.getByText('Your twin’s replies to this fan go out without approval.').waitFor();
    await sendAndWaitForReply(fan.page, 'What are you up to today?');
    // The newest message is the twin's answer once it arrives (live); only twin answers offer Rewrite.
    const rewrite = messages.getByTestId('conversation-message').last().getByRole('button', { name: 'Rewrite', exact: true });
    await rewrite.waitFor({ timeout: replyTimeoutMs });
    await rewrite.click();
    const answer = `Recording a new song today, come listen later! ${Date.now()}`;
    await creator.page.getByRole('textbox', { name: 'What you would have answered' }).fill(answer);
    await creator.page.getByRole('button', { name: 'Save my answer' }).click();
    const correction = creator.page.getByTestId('reply-correction');
    await correction.getByText(answer, { exact: false }).waitFor();
    await correction.getByText('Your answer:').waitFor();
    await correction.getByText('Kept for training').waitFor();
    expect(await twinMessages(fan.page).getByText(answer).count(), 'the fan’s chat does not change').toBe(0);

    // The corrections count rose by her edit and her rewrite.
    await expectCorrectionsWaiting(creator.page, before + 2);

    // Another fan's held reply is rejected: no reply, and their credits come back.
    const other = await openPage(browser(), phone);
    await other.page.goto('/chat/mia');
    await waitForChatOpen(other.page);
    const otherReplies = await twinMessages(other.page).count();
    await other.page.getByTestId('credit-balance-total').waitFor();
    const balance = await balanceOf(other.page);
    const question = `Will you answer this one? ${Date.now()}`;
    await other.page.getByRole('textbox', { name: 'Message' }).fill(question);
    await other.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await conversation(other.page).getByText(question, { exact: true }).waitFor();
    await creator.page.goto('/drafts');
    const held = creator.page.getByTestId('reply-draft').filter({ hasText: question });
    await held.waitFor({ timeout: replyTimeoutMs });
    await held.getByRole('button', { name: 'Reject', exact: true }).click();
    const rejectDialog = creator.page.getByRole('dialog', { name: 'Reject this reply?' });
    await rejectDialog.getByText('The fan gets their credits back and no reply.').waitFor();
    await rejectDialog.getByRole('button', { name: 'Reject reply' }).click();
    await creator.page.getByText('Reply rejected; the fan got their credits back').waitFor();
    await held.waitFor({ state: 'detached' });
    await waitForBalance(other.page, balance);
    // The fan is told, under their message, instead of waiting on silence.
    await conversation(other.page).getByText('won’t answer this one · credits returned', { exact: false }).waitFor();
    expect(await twinMessages(other.page).count(), 'a rejected reply never reaches the fan').toBe(otherReplies);
    await other.context.close();

    // Both corrections are listed on /corrections, waiting; she takes the rewrite back.
    await creator.page.goto('/drafts');
    await creator.page.getByRole('link', { name: 'See corrections' }).click();
    await creator.page.getByRole('heading', { name: 'Corrections', exact: true }).waitFor();
    const editedCard = creator.page.getByTestId('correction').filter({ hasText: edited });
    await editedCard.getByText('Edited reply', { exact: true }).waitFor({ timeout: replyTimeoutMs });
    await editedCard.getByText('Waiting for training', { exact: true }).waitFor();
    const rewriteCard = creator.page.getByTestId('correction').filter({ hasText: answer });
    await rewriteCard.getByText('Rewritten reply', { exact: true }).waitFor();
    await rewriteCard.getByText('Waiting for training', { exact: true }).waitFor();
    const overflow = await creator.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the corrections fit the phone’s width').toBeLessThanOrEqual(0);
    await rewriteCard.getByRole('button', { name: 'Take back' }).click();
    const takeBackDialog = creator.page.getByRole('dialog', { name: 'Take this answer back?' });
    await takeBackDialog.getByText('Your twin will not learn from this answer.').waitFor();
    await takeBackDialog.getByRole('button', { name: 'Take it back' }).click();
    await creator.page.getByText('Correction taken back — your twin will not learn from it').waitFor();
    await rewriteCard.waitFor({ state: 'detached' });
    await editedCard.waitFor();
    await expectCorrectionsWaiting(creator.page, before + 1);

    // Approval mode off again: the inbox says how to turn it back on.
    await creator.page.goto('/settings/approval');
    await creator.page.getByRole('switch', { name: 'Hold the twin’s replies for my approval' }).uncheck({ force: true });
    await creator.page.getByRole('button', { name: 'Save' }).click();
    await creator.page.getByText('Saved!', { exact: true }).first().waitFor();
    await creator.page.goto('/drafts');
    await creator.page.getByText('Turn on approval mode in').waitFor();
    await fan.context.close();
    await creator.context.close();
  }, 240_000);
});

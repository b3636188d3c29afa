import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { balanceOf, sendAndWaitForReply, twinMessages, waitForChatOpen } from './support/fan-chat.ts';
import { runOps } from './support/ops.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The twin reaching out (docs/reach-out.md): Mia's creator turns on the check-in, a fan on a phone
// chats and goes quiet, and the check-in arrives live in the fan's open chat, marked and free. The
// fan turns reach-outs off, writes again, and the next quiet spell brings nothing. Days are not
// waited for: the chat's stored times are moved back, as if the fan had written then. The fan's
// browser runs on a clock where it is early afternoon now, so quiet hours never hold the message
// back whatever the hour. When the creator approves the fan's replies, the check-in waits in
// Replies to approve and reaches the fan once approved. A fan who asked to be reminded finds the
// reminder in the memory sheet and cancels it there.

const phone = { width: 390, height: 844 };
/** Longer than every demo chat's age (the oldest began 40 days ago), so only this test's fan is due. */
const quietDays = 60;

/** An `Etc/GMT` zone where the local hour is 13 or 14 now (these zones' signs are inverted: Etc/GMT-2 is UTC+2). */
function afternoonZone(now = new Date()): string {
  let offset = (13 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * Runs the reach-out job now and returns what it printed. When the schedule's own run is queued at
 * that moment, the one-queued queue refuses a second: the schedule's run is waited out, then ours runs.
 */
async function runReachOut(): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const output = await runOps(['run', 'chat.reach-out', '--wait']);
    if (output.includes('completed after')) return output;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  throw new Error('chat.reach-out never ran');
}

describe('the twin reaches out to a fan who went quiet', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  afterAll(async () => {
    // The demo's reach-outs off again, as other tests find them.
    await sql`delete from reach_out_triggers where talent_id = (select id from talents where tag = 'mia')`;
  });

  /** Moves the chat holding `text` (and its reach-outs) back past the quiet days. */
  async function goQuiet(text: string): Promise<string> {
    const [chat] = await sql<{ id: string }[]>`
      select c.id from chats c join chat_messages m on m.chat_id = c.id where m.text = ${text}`;
    if (!chat) throw new Error(`no chat holds "${text}"`);
    const back = sql`${quietDays + 1} * interval '1 day'`;
    await sql`update chat_messages set created_at = created_at - ${back} where chat_id = ${chat.id}`;
    await sql`update chats set last_user_message_at = last_user_message_at - ${back} where id = ${chat.id}`;
    await sql`update reach_outs set sent_at = sent_at - ${back}, created_at = created_at - ${back} where chat_id = ${chat.id}`;
    return chat.id;
  }

  it('sends a check-in live to the quiet fan, free and marked, and none once the fan turns them off', async () => {
    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto('/settings/reach-out');
    const checkIn = creator.page.getByTestId('reach-out-CHECK_IN');
    await checkIn.getByRole('switch', { name: /Check in/ }).check();
    await checkIn.getByLabel('After at least this many messages').fill('1');
    await checkIn.getByLabel('Quiet for this many days').fill(String(quietDays));
    await checkIn.getByRole('button', { name: 'Save' }).click();
    await creator.page.getByText('Saved!', { exact: true }).first().waitFor();

    const fanContext = await browser().newContext({ baseURL: inject('baseUrl'), viewport: phone, timezoneId: afternoonZone() });
    const fan = await fanContext.newPage();
    fan.setDefaultTimeout(20_000);
    await fan.goto('/chat/mia');
    await waitForChatOpen(fan);
    const first = `see you around ${randomUUID().slice(0, 8)}`;
    await sendAndWaitForReply(fan, first);
    const balance = await balanceOf(fan);
    const twinCount = await twinMessages(fan).count();

    // Sixty-one days later, the schedule's run finds the fan quiet.
    const chatId = await goQuiet(first);
    await runReachOut();
    const checkInMessage = twinMessages(fan).nth(twinCount);
    await checkInMessage.waitFor();
    expect(await checkInMessage.textContent()).toContain("It's been a little while");
    await fan.getByText('Mia’s twin reached out · free').waitFor();
    expect(await balanceOf(fan), 'a reach-out costs the fan nothing').toBe(balance);
    expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await fan.screenshot({ path: '/tmp/doppel-fan-reach-out.png' });
    // The creator's page counts it, live.
    await checkIn.getByText('Sent 1').waitFor();
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await creator.page.screenshot({ path: '/tmp/doppel-creator-reach-out.png', fullPage: true });

    // The fan turns them off with one tap in the chat menu; the choice is kept.
    await fan.getByRole('button', { name: 'Chat options' }).click();
    await fan.getByRole('menuitem', { name: 'Stop messages Mia starts' }).click();
    await fan.getByRole('button', { name: 'Chat options' }).click();
    await fan.getByRole('menuitem', { name: 'Let Mia message you first' }).waitFor();
    await fan.keyboard.press('Escape');

    // The fan writes again and goes quiet again: a new quiet spell is due, and nothing is sent.
    await sendAndWaitForReply(fan, 'talk to you later');
    const twinsBefore = await twinMessages(fan).count();
    await goQuiet(first);
    const output = await runReachOut();
    expect(output).toContain('"sent":0');
    expect(output).toContain('"blockedBy":"OPTED_OUT 1"');
    const [sent] = await sql<{ count: number }[]>`select count(*)::int as count from reach_outs where chat_id = ${chatId}`;
    expect(sent?.count).toBe(1);
    expect(await twinMessages(fan).count()).toBe(twinsBefore);
    await fanContext.close();
    await creator.context.close();
  });
  it('holds the check-in in Replies to approve while the creator approves this fan, and sends it once approved', async () => {
    const fanContext = await browser().newContext({ baseURL: inject('baseUrl'), viewport: phone, timezoneId: afternoonZone() });
    const fan = await fanContext.newPage();
    fan.setDefaultTimeout(20_000);
    await fan.goto('/chat/mia');
    await waitForChatOpen(fan);
    const first = `held check-in ${randomUUID().slice(0, 8)}`;
    await sendAndWaitForReply(fan, first);
    const twinCount = await twinMessages(fan).count();
    // The creator holds this fan's replies (the chat's own setting), then the fan goes quiet.
    const chatId = await goQuiet(first);
    await sql`update chats set reply_approval = 'ALWAYS' where id = ${chatId}`;
    const output = await runReachOut();
    expect(output).toContain('"held":1');
    expect(await twinMessages(fan).count(), 'nothing reaches the fan before the creator approves').toBe(twinCount);

    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto('/drafts');
    const card = creator.page.getByTestId('reply-draft').filter({ has: creator.page.getByTestId('reply-draft-reach-out') });
    await card.getByText('Your twin wants to reach out · Check in').waitFor();
    expect(await card.getByTestId('reply-draft-fan-message').count(), 'a reach-out answers no fan message').toBe(0);
    const words = 'Hey you! Been a while, how are things?';
    await card.getByLabel('Your twin’s message').fill(words);
    await card.getByRole('button', { name: 'Send edited message' }).click();
    await creator.page.getByText('Message sent', { exact: true }).waitFor();
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // The fan's open chat shows it live; the creator's own words say so, as in a takeover.
    const checkIn = twinMessages(fan).nth(twinCount);
    await checkIn.waitFor();
    expect(await checkIn.textContent()).toContain(words);
    await fan.getByText('Written by Mia').waitFor();
    const [row] = await sql<{ status: string }[]>`select status from reach_outs where chat_id = ${chatId}`;
    expect(row?.status).toBe('SENT');
    await fanContext.close();
    await creator.context.close();
  });
  it('confirms a fan’s "remind me tomorrow", lists it in the memory sheet, and lets the fan cancel it', async () => {
    await sql`insert into reach_out_triggers (talent_id, kind, enabled)
      select id, 'REMIND_ME', true from talents where tag = 'mia'
      on conflict (talent_id, kind) do update set enabled = true`;
    const fanContext = await browser().newContext({ baseURL: inject('baseUrl'), viewport: phone, timezoneId: afternoonZone() });
    const fan = await fanContext.newPage();
    fan.setDefaultTimeout(20_000);
    await fan.goto('/chat/mia');
    await waitForChatOpen(fan);
    const errand = `water plant ${randomUUID().slice(0, 6)}`;
    await sendAndWaitForReply(fan, `remind me tomorrow to ${errand}`);
    expect(await twinMessages(fan).last().textContent()).toContain("Got it, I'll remind you tomorrow ⏰");

    await fan.getByRole('button', { name: 'Chat options' }).click();
    await fan.getByRole('menuitem', { name: 'What Mia remembers about you' }).click();
    const sheet = fan.getByRole('dialog', { name: 'What Mia remembers about you' });
    const reminders = sheet.getByRole('list', { name: 'Reminders' });
    await reminders.getByText(`to ${errand}`).waitFor();
    expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await fan.screenshot({ path: '/tmp/doppel-fan-reminders.png' });
    await sheet.getByRole('button', { name: `Cancel the reminder "to ${errand}"` }).click();
    await sheet.getByTestId('reminders-section').waitFor({ state: 'detached' });
    const [left] = await sql<
      { count: number }[]
    >`select count(*)::int as count from fan_reminders where about = ${`to ${errand}`}`;
    expect(left?.count, 'the cancelled reminder is gone').toBe(0);
    await fanContext.close();
  });
});

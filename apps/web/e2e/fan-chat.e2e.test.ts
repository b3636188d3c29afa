import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
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

describe('fan messenger', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('lets an anonymous fan chat, unlock a picture, run out of free credits, sign in and keep the chat', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    // Welcome messages (with their picture) and conversation starters.
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    await page.getByText('I’m Mia’s AI twin', { exact: false }).waitFor();
    const welcomeImage = page.locator('[data-kind="welcome"] [data-testid="chat-image"] img');
    await welcomeImage.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-kind="welcome"] [data-testid="chat-image"] img');
      return image?.complete === true && image.naturalWidth > 0;
    });
    const starters = page.getByRole('group', { name: 'Conversation starters' });
    await starters.getByRole('button', { name: 'Where are you right now?' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Send', exact: true }).isDisabled(),
      'Send is off while the message is empty',
    ).toBe(true);
    const freeCredits = await balanceOf(page);
    expect(freeCredits, 'an anonymous fan starts with free credits').toBeGreaterThan(3);
    await page.screenshot({ path: '/tmp/doppel-fan-chat-welcome.png' });

    // A message costs a credit and gets a reply; the starters make way once the fan has spoken.
    await sendAndWaitForReply(page, 'Hi Mia! How is your day going?');
    await waitForBalance(page, freeCredits - 1);
    expect(await starters.count()).toBe(0);
    expect(await page.getByTestId('sign-in-notice').count(), 'no sign-in notice while credits last').toBe(0);
    expect(await conversation(page).first().getAttribute('data-sender')).toBe('USER');

    // A thumbs down asks for optional feedback, and the reaction stays.
    const firstReply = twinMessages(page).first();
    await firstReply.getByRole('button', { name: 'Bad answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'What could be better?' });
    await dialog.getByLabel('Feedback').fill('A bit generic.');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await firstReply.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('true');

    // A picture arrives locked (the blurred copy) and unlocks for its price.
    await sendAndWaitForReply(page, 'send me a pic of the beach');
    const lockedImage = page.locator('[data-kind="message"] [data-testid="chat-image"][data-locked="true"]');
    await lockedImage.waitFor({ timeout: replyTimeoutMs });
    await page.screenshot({ path: '/tmp/doppel-fan-chat-locked.png' });
    const balanceBeforeUnlock = freeCredits - 2;
    await waitForBalance(page, balanceBeforeUnlock);
    const unlockButton = lockedImage.getByRole('button', { name: /^Unlock for \d+ credits?$/ });
    const price = Number((await unlockButton.textContent())?.match(/\d+/)?.[0]);
    expect(price).toBeGreaterThan(0);
    await unlockButton.click();
    await waitForBalance(page, balanceBeforeUnlock - price);
    const unlockedImage = page.locator('[data-kind="message"] [data-testid="chat-image"][data-locked="false"] img');
    await unlockedImage.waitFor();
    expect(await lockedImage.count(), 'no locked picture is left').toBe(0);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>(
        '[data-kind="message"] [data-testid="chat-image"][data-locked="false"] img',
      );
      return image?.complete === true && image.naturalWidth > 0;
    });
    expect(await unlockedImage.evaluate((image) => getComputedStyle(image).filter)).toBe('none');
    await page.screenshot({ path: '/tmp/doppel-fan-chat-unlocked.png' });

    // Chat on until the free credits are spent.
    let remaining = balanceBeforeUnlock - price;
    for (let index = 1; remaining > 0; index++) {
      await sendAndWaitForReply(page, `Tell me something about yoga, part ${index}`);
      remaining -= 1;
      await waitForBalance(page, remaining);
    }
    await page.getByTestId('sign-in-notice').waitFor();

    // Out of credits: the message is kept, the twin asks to sign in at once, nothing is charged.
    await sendAndWaitForReply(page, 'Are you still there?');
    await twinMessages(page).last().getByText('Sign in so I don’t forget you', { exact: false }).waitFor();
    expect(await balanceOf(page)).toBe(0);
    // Said once: the composer gives way to what to do next (issue 26 item 8).
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ state: 'detached' });
    await page.getByTestId('sign-in-notice').getByRole('link', { name: 'Sign in to keep chatting' }).waitFor();
    await page.screenshot({ path: '/tmp/doppel-fan-chat-sign-in.png' });
    const messagesBeforeSignIn = await conversation(page).count();

    // Signing in (magic link, a new address) brings the fan back to the same chat.
    await page.getByRole('link', { name: 'Sign in to keep chatting' }).click();
    await page.waitForURL('**/sign-in?next=/chat/mia');
    await signInWithMagicLink(page, `fan-${Date.now()}@example.com`);
    await page.waitForURL('**/chat/mia');
    await conversation(page).getByText('send me a pic of the beach', { exact: true }).waitFor();
    await conversation(page).getByText('Are you still there?', { exact: true }).waitFor();
    expect(await conversation(page).count()).toBe(messagesBeforeSignIn);
    await page.locator('[data-kind="message"] [data-testid="chat-image"][data-locked="false"]').waitFor();
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count(), 'the fan is signed in').toBe(0);
    expect(await balanceOf(page), 'the spent free credits do not come back').toBe(0);
    await page.getByTestId('out-of-credits-notice').waitFor();

    expect(
      scripts.some((path) => /\/assets\/fan-chat-layout-[\w-]+\.js$/.test(path)),
      'the messenger arrives as its own chunk',
    ).toBe(true);
    expect(scripts.filter((path) => /(talent|admin)-layout/.test(path))).toEqual([]);
    expect(pathOf(page)).toBe('/chat/mia');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/tmp/doppel-fan-chat-desktop.png' });
    await context.close();
  }, 180_000);

  it('shows a friendly page for a twin that does not exist', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/chat/no-such-twin-here');
    await page.getByRole('heading', { name: 'We couldn’t find this twin' }).waitFor();
    await page.getByText('@no-such-twin-here').waitFor();
    await page.getByRole('link', { name: 'Go to Doppel' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('loads a long conversation 50 messages at a time and follows it live in a second tab', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    await page.getByRole('group', { name: 'Conversation starters' }).waitFor();

    // Sixty earlier messages of this fan's chat, one every ten minutes.
    const fanId = await page.evaluate(async () => {
      const response = await fetch('/trpc/auth.me');
      return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
    });
    const [chat] = await sql<{ id: string }[]>`
      select chats.id from chats join talents on talents.id = chats.talent_id where talents.tag = 'mia' and chats.user_id = ${fanId}`;
    if (!chat) throw new Error('chat.open made no chat for the fan');
    const start = Date.now() - 24 * 60 * 60_000;
    for (let index = 0; index < 60; index++) {
      await sql`
        insert into chat_messages (id, chat_id, sender_type, text, created_at)
        values (${`e2e-${fanId}-${index}`}, ${chat.id}, ${index % 2 === 0 ? 'USER' : 'TALENT'}, ${`Earlier message ${index}`},
                ${new Date(start + index * 10 * 60_000)})`;
    }

    await page.reload();
    await conversation(page).getByText('Earlier message 59', { exact: true }).waitFor();
    expect(await conversation(page).count(), 'the newest page').toBe(50);
    expect(await page.locator('[data-kind="welcome"]').count(), 'welcome messages wait at the very start').toBe(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await conversation(page).getByText('Earlier message 0', { exact: true }).waitFor();
    expect(await conversation(page).count()).toBe(60);
    await page.locator('[data-kind="welcome"]').first().waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count(), 'nothing older to load').toBe(0);

    // A second tab of the same fan sees the new message, the reply and the balance without reloading.
    const second = await context.newPage();
    await second.goto('/chat/mia');
    await conversation(second).getByText('Earlier message 59', { exact: true }).waitFor();
    const balance = await balanceOf(second);
    await sendAndWaitForReply(page, 'Hello from the first tab');
    await conversation(second).getByText('Hello from the first tab', { exact: true }).waitFor({ timeout: replyTimeoutMs });
    const replyId = await twinMessages(page).last().getAttribute('data-message-id');
    await second.locator(`[data-message-id="${replyId}"]`).waitFor({ timeout: replyTimeoutMs });
    await waitForBalance(second, balance - 1);
    await context.close();
  });
});

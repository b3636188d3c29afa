// The admin Chats screens against the real app: an anonymous fan chats with the demo twin @mia
// (the offline engine answers, no LLM configured), and the admin finds that chat in the list,
// follows it live, opens the twin's reply and reads its prompt record (Input and Output tabs),
// and hides and shows the chat's images.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { waitForChatOpen } from './support/fan-chat.ts';

// Replies come from the worker within a second or two; the waits are generous for a loaded machine.
const liveTimeoutMs = 30_000;
const twinSelector = '[data-testid="chat-message"][data-kind="message"][data-sender="TALENT"]';

/** Sends a fan message and waits until the twin has answered it. */
async function fanSends(page: Page, text: string): Promise<void> {
  const before = await page.locator(twinSelector).count();
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(text);
  await field.press('Enter');
  await page.locator('[data-testid="chat-message"][data-kind="message"]').getByText(text, { exact: true }).waitFor();
  await page.waitForFunction(
    ({ css, count }) => document.querySelectorAll(css).length >= count,
    { css: twinSelector, count: before + 1 },
    {
      timeout: liveTimeoutMs,
    },
  );
}

/** Signs in as the demo admin, switches to the admin UI and opens Chats from the menu. */
async function openAdminChats(page: Page): Promise<void> {
  await openAdminUi(page);
  await openAdminSection(page, 'Chats', '/chats');
}

const adminMessage = (page: Page, text: string): Locator =>
  page.locator('[data-testid="admin-chat-message"]').filter({ has: page.getByText(text, { exact: true }) });

describe('admin chats', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('lets the admin find a fan’s chat, follow it live, read the offline prompt and hide images', async () => {
    // The fan: anonymous, chatting with Mia.
    const fan = await openPage(browser(), { width: 390, height: 844 });
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    const firstText = `Hi Mia, admin check ${Date.now().toString(36)}: how was your week?`;
    await fanSends(fan.page, firstText);
    const fanId = await fan.page.evaluate(async () => {
      const response = await fetch('/trpc/auth.me');
      return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
    });
    const [chat] = await sql<{ id: string }[]>`
      select chats.id from chats join talents on talents.id = chats.talent_id where talents.tag = 'mia' and chats.user_id = ${fanId}`;
    if (!chat) throw new Error('the fan has no chat with Mia');

    // The admin: magic link, then the menu's "Admin UI", then Chats.
    const admin = await openPage(browser());
    const page = admin.page;
    await openAdminChats(page);

    // By default only logged-in fans' chats are listed: the anonymous fan's is not among them.
    const filter = page.getByRole('radiogroup', { name: 'Filter' });
    expect(await filter.getByRole('radio', { name: 'Logged-in user' }).isChecked()).toBe(true);
    await page.locator('[data-testid="admin-chat-row"]').first().waitFor();
    const row = page.locator(`[data-testid="admin-chat-row"][data-chat-id="${chat.id}"]`);
    expect(await row.count(), 'an anonymous fan is not a logged-in user').toBe(0);

    await filter.getByText('With user interaction', { exact: true }).click();
    await page.waitForURL('**/chats?filter=hasUserInteraction');
    await row.waitFor();
    expect(await row.getByTestId('admin-chat-fan').textContent()).toContain('Anonymous fan');
    expect(await row.getAttribute('aria-label')).toBe('Chat of Anonymous fan with Mia Moreno');
    expect(await row.getAttribute('data-message-count')).toBe('2');
    await page.screenshot({ path: '/tmp/doppel-admin-chats.png', fullPage: true });

    // The list follows the chat live: a photo request and its answer raise the count to 4.
    const photoText = 'send me a pic of the beach';
    await fanSends(fan.page, photoText);
    await page.locator(`[data-testid="admin-chat-row"][data-chat-id="${chat.id}"][data-message-count="4"]`).waitFor({
      timeout: liveTimeoutMs,
    });

    // The message view: newest first, the fan's messages and the twin's answers.
    await row.click();
    await page.waitForURL(`**/chats/${chat.id}`);
    const header = page.getByTestId('admin-chat-header');
    await header.getByText('Anonymous fan').waitFor();
    await header.getByText('Interaction', { exact: true }).waitFor();
    await adminMessage(page, firstText).waitFor();
    const messages = page.locator('[data-testid="admin-chat-message"]');
    expect(await messages.first().getAttribute('data-sender'), 'newest first: the twin’s photo answer').toBe('TALENT');

    // Images: shown, then hidden by the local toggle (remembered on this device), then shown again.
    const image = messages.first().locator('[data-testid="admin-chat-image"]');
    await image.locator('img').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="admin-chat-image"] img');
      return img?.complete === true && img.naturalWidth > 0;
    });
    const toggle = page.getByRole('switch', { name: 'Show images' });
    expect(await toggle.isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/doppel-admin-chat-view.png', fullPage: true });
    await toggle.uncheck({ force: true });
    await image.getByText('Image hidden').waitFor();
    expect(await image.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('areChatImagesVisible'))).toBe('false');
    await page.reload();
    await adminMessage(page, firstText).waitFor();
    await page.locator('[data-testid="admin-chat-image"]').first().getByText('Image hidden').waitFor();
    expect(await page.getByRole('switch', { name: 'Show images' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Show images' }).check({ force: true });
    await page.locator('[data-testid="admin-chat-image"] img').first().waitFor();

    // A fan message has no prompt record; its dialog leads to the twin's reply.
    await adminMessage(page, firstText).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message details' });
    await dialog.getByText('No prompt record: this is the fan’s message').waitFor();
    await dialog.getByRole('button', { name: 'Open the twin’s reply' }).click();

    // The twin's reply: the Input tab says it was the offline engine and shows the system prompt.
    await dialog.getByTestId('offline-engine-note').waitFor();
    const replyId = await dialog.getByTestId('message-detail').getAttribute('data-message-id');
    expect(pathOf(page)).toBe(`/chats/${chat.id}/${replyId}`);
    expect(await dialog.getByTestId('offline-engine-note').textContent()).toContain(
      'Answered without a language model (no OPENAI_API_KEY / OPENAI_BASE_URL configured)',
    );
    expect(await dialog.getByRole('tab', { name: 'Input' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByText('Offline engine', { exact: true }).first().waitFor();
    const systemPrompt = dialog.getByTestId('system-prompt');
    expect(await systemPrompt.textContent()).toContain('Mia');
    expect(await systemPrompt.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
    expect(await dialog.locator('[data-testid="prompt-message"][data-type="USER"]').last().textContent()).toContain(firstText);
    await page.screenshot({ path: '/tmp/doppel-admin-prompt-input.png' });

    // The Output tab: the response the fan read.
    const replyText = await page
      .locator(`[data-testid="admin-chat-message"][data-message-id="${replyId}"]`)
      .getByTestId('admin-chat-message-text')
      .textContent();
    await dialog.getByRole('tab', { name: 'Output' }).click();
    const response = dialog.getByTestId('prompt-response-text');
    await response.waitFor();
    expect(await response.textContent()).toBe(replyText);
    await dialog.getByText('None: the offline engine uses no tokens.').waitFor();
    await page.screenshot({ path: '/tmp/doppel-admin-prompt-output.png' });

    // Closing returns to the message view.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe(`/chats/${chat.id}`);

    // The photo answer records the function call the offline engine made.
    await messages.first().getByRole('button', { name: 'Details' }).click();
    await dialog.getByTestId('offline-engine-note').waitFor();
    await dialog.getByRole('tab', { name: 'Output' }).click();
    expect(await dialog.getByTestId('prompt-function-arguments').textContent()).toContain('"context"');
    await page.screenshot({ path: '/tmp/doppel-admin-prompt-function.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The open chat follows the fan live: the new message and the twin's answer appear without a reload.
    const lastText = 'One more thing: what are you doing this weekend?';
    const shown = await messages.count();
    await fanSends(fan.page, lastText);
    await adminMessage(page, lastText).waitFor({ timeout: liveTimeoutMs });
    await page.waitForFunction(
      (count) => {
        const items = document.querySelectorAll('[data-testid="admin-chat-message"]');
        return items.length >= count && items[0]?.getAttribute('data-sender') === 'TALENT';
      },
      shown + 2,
      { timeout: liveTimeoutMs },
    );

    // Back to the list, with the filter kept.
    await page.getByRole('link', { name: 'All chats' }).click();
    await page.waitForURL('**/chats?filter=hasUserInteraction');
    await row.waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row.waitFor();
    await page.screenshot({ path: '/tmp/doppel-admin-chats-mobile.png' });
    await fan.context.close();
    await admin.context.close();
  }, 180_000);

  it('shows a seeded OpenAI reply with the fan’s thumbs down, its function call and token usage', async () => {
    const { context, page } = await openPage(browser());
    await openAdminChats(page);
    // Jordan Lee is signed in, so the chat is under the default filter "Logged-in user".
    const row = page.locator('[data-testid="admin-chat-row"][aria-label="Chat of Jordan Lee with Mia Moreno"]');
    await row.click();
    await page.getByTestId('admin-chat-header').getByText('Jordan Lee').waitFor();
    const reaction = page.locator('[data-testid="admin-chat-reaction"][data-reaction="THUMBS_DOWN"]');
    await reaction.getByText('she forgot I said I’m vegetarian', { exact: false }).waitFor();
    await page.locator('[data-testid="admin-chat-voice"]').first().waitFor();

    const voiceReply = page.locator('[data-testid="admin-chat-message"]').filter({ has: reaction });
    await voiceReply.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message details' });
    await dialog.getByTestId('prompt-input').waitFor();
    expect(await dialog.getByTestId('offline-engine-note').count(), 'no offline note for a model answer').toBe(0);
    await dialog.getByText('OpenAI', { exact: true }).waitFor();
    await dialog.getByTestId('system-prompt').waitFor();
    await dialog.getByRole('tab', { name: 'Output' }).click();
    await dialog.getByTestId('prompt-function-arguments').getByText('successText', { exact: false }).waitFor();
    await dialog.getByTestId('prompt-sent-text').getByText('Recording just for you', { exact: false }).waitFor();
    await dialog.getByText('Completion', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/doppel-admin-prompt-openai.png' });
    await context.close();
  });
});

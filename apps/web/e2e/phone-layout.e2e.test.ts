import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { twinMessages, waitForChatOpen } from './support/fan-chat.ts';

// A large phone, where the seeded starters of Mia do not fit on one line. Anonymous fans only:
// sign-in links are rate-limited in this run.
const phone = { width: 430, height: 900 };

type RowLayout = {
  viewportWidth: number;
  pageWidth: number;
  rowRight: number;
  scrollWidth: number;
  clientWidth: number;
  overflowX: string;
  overflow: string | null;
  fadeStart: number;
  fadeEnd: number;
  chips: { text: string; left: number; right: number }[];
};

/** The starter row as laid out now: its scroll sizes, its fades and where each chip sits on screen. */
function layoutOf(row: Locator): Promise<RowLayout> {
  return row.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      viewportWidth: window.innerWidth,
      pageWidth: document.documentElement.scrollWidth,
      rowRight: element.getBoundingClientRect().right,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      overflowX: style.overflowX,
      overflow: element.getAttribute('data-overflow'),
      fadeStart: Number.parseFloat(style.getPropertyValue('--fade-start')) || 0,
      fadeEnd: Number.parseFloat(style.getPropertyValue('--fade-end')) || 0,
      chips: Array.from(element.querySelectorAll('button'), (chip) => {
        const box = chip.getBoundingClientRect();
        return { text: chip.textContent ?? '', left: box.left, right: box.right };
      }),
    };
  });
}

/** Opens Mia's chat as a new anonymous fan and waits for the starters, with the web fonts in place. */
async function openMia(page: Page): Promise<Locator> {
  await page.goto('/chat/mia');
  await waitForChatOpen(page);
  const row = page.getByRole('group', { name: 'Conversation starters' });
  await row.getByRole('button').first().waitFor();
  // Chip widths change once the fonts load, and the row re-measures its ends a frame later.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return row;
}

describe('the fan messenger on a 430 px phone', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('keeps every conversation starter reachable: on screen, or in a row that scrolls and fades where it hides chips', async () => {
    const { context, page } = await openPage(browser(), phone);
    const row = await openMia(page);
    const atStart = await layoutOf(row);

    expect(atStart.pageWidth, 'the page itself never scrolls sideways').toBeLessThanOrEqual(atStart.viewportWidth);
    expect(atStart.rowRight, 'the row stays inside the screen').toBeLessThanOrEqual(atStart.viewportWidth);
    expect(atStart.chips.length).toBeGreaterThan(0);
    const offScreen = atStart.chips.filter((chip) => chip.right > atStart.viewportWidth);
    if (offScreen.length === 0) {
      expect(atStart.overflow, 'no hint to scroll when every chip fits').toBe('none');
      expect(atStart.fadeEnd).toBe(0);
      await context.close();
      return;
    }

    // Chips run past the right edge: the row scrolls, and its right end fades as the hint.
    expect(['auto', 'scroll'], 'the row scrolls sideways').toContain(atStart.overflowX);
    expect(atStart.scrollWidth).toBeGreaterThan(atStart.clientWidth);
    expect(atStart.overflow, `chips hidden at the end: ${offScreen.map((chip) => chip.text).join(', ')}`).toBe('end');
    expect(atStart.fadeEnd, 'the hidden end fades').toBeGreaterThan(0);
    expect(atStart.fadeStart, 'nothing hidden at the start, no fade there').toBe(0);
    await page.screenshot({ path: '/tmp/doppel-phone-starters-start.png' });

    // Scrolled to the end, the last chip is on screen and the fade moves to the start.
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await page.locator('[aria-label="Conversation starters"][data-overflow="start"]').waitFor();
    const atEnd = await layoutOf(row);
    const last = atEnd.chips.at(-1);
    expect(last?.right, 'the last chip is on screen at the end of the row').toBeLessThanOrEqual(atEnd.viewportWidth);
    expect(atEnd.fadeEnd, 'no fade once the end is reached').toBe(0);
    expect(atEnd.fadeStart).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/doppel-phone-starters-end.png' });

    // From the start again, Tab walks the chips and brings the last one into view.
    await row.evaluate((element) => element.scrollTo({ left: 0 }));
    await page.locator('[aria-label="Conversation starters"][data-overflow="end"]').waitFor();
    const chips = row.getByRole('button');
    await chips.first().focus();
    for (let index = 1; index < atStart.chips.length; index++) await page.keyboard.press('Tab');
    expect(await chips.last().evaluate((chip) => chip === document.activeElement), 'Tab reaches the last chip').toBe(true);
    await page.waitForFunction(() => {
      const chip = document.activeElement?.getBoundingClientRect();
      return chip !== undefined && chip.left >= 0 && chip.right <= window.innerWidth;
    });
    await context.close();
  });

  it('offers thumbs on the twin’s replies but not on its out-of-credits prompts', async () => {
    const { context, page } = await openPage(browser(), phone);
    await openMia(page);

    // A reply and the three kinds of prompt, straight into this fan's chat: reaching them through
    // the app would mean spending every free credit, or signing in to buy.
    const fanId = await page.evaluate(async () => {
      const response = await fetch('/trpc/auth.me');
      return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
    });
    const [chat] = await sql<{ id: string }[]>`
      select chats.id from chats join talents on talents.id = chats.talent_id where talents.tag = 'mia' and chats.user_id = ${fanId}`;
    if (!chat) throw new Error('chat.open made no chat for the fan');
    const start = Date.now() - 10 * 60_000;
    const messages = [
      { id: `e2e-phone-${fanId}-reply`, text: 'A reply worth rating', callToAction: null },
      { id: `e2e-phone-${fanId}-checkout`, text: 'Out of credits? Grab a few more', callToAction: 'CHECKOUT' },
      { id: `e2e-phone-${fanId}-subscribe`, text: 'Join my VIP club', callToAction: 'SUBSCRIBE' },
      // The newest prompt that applies to an anonymous fan shows its Sign in button.
      { id: `e2e-phone-${fanId}-sign-in`, text: 'Sign in so I don’t forget you', callToAction: 'SIGN_IN' },
    ];
    for (const [index, message] of messages.entries()) {
      await sql`
        insert into chat_messages (id, chat_id, sender_type, text, call_to_action, created_at)
        values (${message.id}, ${chat.id}, 'TALENT', ${message.text}, ${message.callToAction}, ${new Date(start + index * 60_000)})`;
    }

    await page.reload();
    await twinMessages(page).getByText('Sign in so I don’t forget you', { exact: true }).waitFor();
    const thumbs = (message: Locator) => message.getByRole('button', { name: /^(Good|Bad) answer$/ });
    const reply = page.locator(`[data-message-id="e2e-phone-${fanId}-reply"]`);
    expect(await thumbs(reply).count(), 'a reply of the twin takes thumbs').toBe(2);
    const signIn = page.locator(`[data-message-id="e2e-phone-${fanId}-sign-in"]`);
    await signIn.getByTestId('chat-call-to-action').getByRole('link', { name: 'Sign in' }).waitFor();
    for (const message of messages.filter((candidate) => candidate.callToAction !== null)) {
      const row = page.locator(`[data-message-id="${message.id}"]`);
      expect(await row.count(), `${message.callToAction} prompt is on screen`).toBe(1);
      expect(await thumbs(row).count(), `no thumbs on the ${message.callToAction} prompt`).toBe(0);
    }
    await page.screenshot({ path: '/tmp/doppel-phone-prompt.png' });
    await context.close();
  });
});

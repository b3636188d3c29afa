// /discover as a visitor finds it (issue 26 item 15): each demo twin's card shows its picture, an
// intro and a sample question, one column on a phone and three on a desktop; tapping the question
// opens Mia's chat with it waiting in the composer, unsent, and "Chat with Mia" opens her chat.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { conversation, waitForChatOpen } from './support/fan-chat.ts';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** The card of the demo twin with this name, once its picture has loaded. */
async function cardOf(page: Page, name: string): Promise<Locator> {
  const card = page.getByTestId('discover-twin').filter({ has: page.getByRole('heading', { name }) });
  await card.waitFor();
  const picture = card.getByRole('img', { name: `${name}'s picture` });
  await picture.waitFor();
  await picture.evaluate((img: HTMLImageElement) => img.decode());
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth), 'the picture loaded').toBeGreaterThan(0);
  return card;
}

/** How much of the grid's width one card takes: the demo has one twin on the feed, so the columns show in its width. */
async function shareOfRow(page: Page, card: Locator): Promise<number> {
  const [cardBox, gridBox] = [await card.boundingBox(), await page.getByLabel('Twins').boundingBox()];
  if (!cardBox || !gridBox) throw new Error('not laid out');
  return cardBox.width / gridBox.width;
}

describe('the discover page', () => {
  const browser = useBrowser();

  it('shows Mia with her picture, intro and a sample question, a card the width of a phone', async () => {
    const { context, page } = await openPage(browser(), phone);
    await page.goto('/discover');
    const mia = await cardOf(page, 'Mia Moreno');
    await mia.getByTestId('discover-intro').getByText('I’m Mia’s AI twin').waitFor();
    await mia.getByRole('link', { name: 'Ask Mia: Where are you right now?' }).waitFor();
    expect(await shareOfRow(page, mia), 'one column: a card spans the row').toBeGreaterThan(0.95);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the phone').toBeLessThanOrEqual(
      phone.width,
    );
    await page.screenshot({ path: '/tmp/doppel-discover-phone.png', fullPage: true });
    await context.close();
  });

  it('a tap on the sample question on a phone opens her chat with the question in the composer, not sent', async () => {
    const context = await browser().newContext({ baseURL: inject('baseUrl'), viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto('/discover');
    const mia = await cardOf(page, 'Mia Moreno');
    await mia.getByRole('link', { name: 'Ask Mia: Where are you right now?' }).tap();
    await page.waitForURL((url) => url.pathname === '/chat/mia');
    await waitForChatOpen(page);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement | null)?.value !== '',
    );
    expect(await composer.inputValue()).toBe('Where are you right now?');
    // Read once: the question leaves the address, so a reload does not fill it again.
    await page.waitForURL((url) => url.pathname === '/chat/mia' && !url.searchParams.has('ask'));
    expect(await conversation(page).getByText('Where are you right now?', { exact: true }).count(), 'not sent').toBe(0);
    await page.screenshot({ path: '/tmp/doppel-discover-ask-phone.png' });
    await page.reload();
    await waitForChatOpen(page);
    expect(await composer.inputValue(), 'a reload starts empty').toBe('');
    await context.close();
  });

  it('lays the cards out in three columns on a desktop, and "Chat with Mia" opens her chat', async () => {
    const { context, page } = await openPage(browser(), desktop);
    await page.goto('/discover');
    const mia = await cardOf(page, 'Mia Moreno');
    await mia.getByTestId('discover-intro').getByText('I’m Mia’s AI twin').waitFor();
    await mia.getByTestId('discover-sample-question').getByText('Where are you right now?').waitFor();
    expect(await shareOfRow(page, mia), 'three columns: a card takes a third of the row').toBeLessThan(0.35);
    await page.screenshot({ path: '/tmp/doppel-discover-desktop.png', fullPage: true });

    await mia.getByRole('link', { name: 'Chat with Mia' }).click();
    await page.waitForURL('**/chat/mia');
    await waitForChatOpen(page);
    await context.close();
  });
});

// /discover as a visitor finds it (issue 26 item 15): each demo twin's card shows its picture, an
// intro and a sample question, one column on a phone and three on a desktop, and both the
// question chip and "Chat with Mia" open Mia's chat.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { waitForChatOpen } from './support/fan-chat.ts';

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

    await mia.getByRole('link', { name: 'Ask Mia: Where are you right now?' }).click();
    await page.waitForURL('**/chat/mia');
    await waitForChatOpen(page);
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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { replyTimeoutMs, twinSelector } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The twin on the creator's own site (docs/embed.md): Mia's creator copies the snippet from
// Settings -> Your website and allows her shop, a site of its own (127.0.0.1, where Doppel is
// localhost). A fan on a phone opens the shop, taps the bubble, and chats with Mia inside the frame
// as an anonymous fan, then signs in from it; a page on a site she did not allow gets no chat.

const phone = { width: 390, height: 844 };

/** A site of the creator's: the snippet pasted into a page, as the settings show it. */
function startShop(snippet: () => string): Promise<Server> {
  const server = createServer((_request, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Mia's shop</title></head>
      <body><h1>Mia's shop</h1><p>Prints and postcards from Lisbon.</p>${snippet()}</body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the twin on the creator’s own site', () => {
  const browser = useBrowser();
  const sql = useDatabase();
  let snippet = '';
  let shop: Server;
  let otherSite: Server;

  beforeAll(async () => {
    shop = await startShop(() => snippet);
    otherSite = await startShop(() => snippet);
  });
  afterAll(async () => {
    await sql`update talent_configs set embed_origins = '{}' where id = (select id from talents where tag = 'mia')`;
    shop?.close();
    otherSite?.close();
  });

  it('puts Mia’s chat on her shop: a fan taps the bubble and chats in the frame', async () => {
    const creator = await openPage(browser(), phone);
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto('/settings');
    await creator.page.getByRole('link', { name: /Your website/ }).click();
    await creator.page.waitForURL('**/settings/embed');
    snippet = (await creator.page.getByTestId('copy-value').textContent()) ?? '';
    expect(snippet).toBe(`<script async src="${inject('baseUrl')}/embed.js" data-twin="mia"></script>`);
    // A page path is refused under the field; the site itself is saved.
    const sites = creator.page.getByTestId('embed-origins');
    await sites.fill(`${originOf(shop)}/shop`);
    await sites.press('Enter');
    await creator.page.getByRole('button', { name: 'Save' }).click();
    await creator.page.getByText('Enter only the site, without a page path, such as https://example.com').waitFor();
    await sites.press('Backspace');
    await sites.fill(originOf(shop));
    await sites.press('Enter');
    await creator.page.getByRole('button', { name: 'Save' }).click();
    await creator.page.getByText('Saved!', { exact: true }).first().waitFor();
    await creator.context.close();

    const fan = await openPage(browser(), phone);
    await fan.page.goto(`${originOf(shop)}/`);
    await fan.page.getByRole('heading', { name: "Mia's shop" }).waitFor();
    // Nothing is framed until the fan asks for the chat.
    expect(await fan.page.locator('iframe').count()).toBe(0);
    await fan.page.getByRole('button', { name: 'Chat with me' }).click();
    const frame = await framedChat(fan.page.frames.bind(fan.page));
    await frame.getByRole('heading', { name: 'Mia Moreno' }).first().waitFor({ timeout: replyTimeoutMs });
    const field = frame.getByRole('textbox', { name: 'Message' });
    await field.fill('Hi Mia, I found you on your shop!');
    await field.press('Enter');
    await frame.getByText('Hi Mia, I found you on your shop!', { exact: true }).waitFor();
    await frame.locator(twinSelector).last().waitFor({ timeout: replyTimeoutMs });
    // The reply came on the fan's own session: the one the frame began (a partitioned cookie).
    const cookies = await fan.context.cookies(inject('baseUrl'));
    expect(cookies.find((cookie) => cookie.name === 'doppel_session')?.sameSite).toBe('None');
    // Closed and opened again, the same chat is there.
    await fan.page.getByRole('button', { name: 'Close the chat' }).click();
    await fan.page.getByRole('button', { name: 'Chat with me' }).click();
    await frame.getByText('Hi Mia, I found you on your shop!', { exact: true }).waitFor();

    // Signing in from the frame: Doppel opens in a tab of its own, the fan signs in there and
    // confirms, and the framed chat, the same conversation, now runs on their account.
    const [tab] = await Promise.all([
      fan.context.waitForEvent('page'),
      frame.getByRole('link', { name: 'Sign in', exact: true }).click(),
    ]);
    await tab.waitForURL('**/embed-sign-in/**');
    const signInPage = tab.url();
    await tab.getByTestId('embed-sign-in-card').waitFor();
    await signInWithMagicLink(tab, 'shop-fan@doppel.dev');
    await tab.goto(signInPage);
    await tab.getByText('Use your account in Mia Moreno’s chat?').waitFor();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await tab.getByRole('button', { name: 'Continue' }).click();
    await tab.getByTestId('embed-sign-in-done').waitFor();
    await expect.poll(() => frame.getByRole('link', { name: 'Sign in', exact: true }).count(), { timeout: 20_000 }).toBe(0);
    await frame.getByText('Hi Mia, I found you on your shop!', { exact: true }).waitFor();
    const [moved] = await sql<{ email: string }[]>`
      select u.email from chat_messages m join chats c on c.id = m.chat_id join users u on u.id = c.user_id
      where m.text = 'Hi Mia, I found you on your shop!' order by m.created_at desc limit 1`;
    expect(moved?.email).toBe('shop-fan@doppel.dev');
    await fan.context.close();
  });

  it('shows no chat on a site Mia did not allow', async () => {
    const fan = await openPage(browser(), phone);
    await fan.page.goto(`${originOf(otherSite)}/`);
    await fan.page.getByRole('button', { name: 'Chat with me' }).click();
    await fan.page.locator('iframe').waitFor();
    // The browser refuses the frame (frame-ancestors) and shows its error page in it instead.
    await expect.poll(() => fan.page.frames().some((frame) => frame.url().startsWith('chrome-error://'))).toBe(true);
    expect(fan.page.frames().some((frame) => frame.url().includes('/embed/mia'))).toBe(false);
    await fan.context.close();
  });
});

/** The frame of the twin's chat once the loader has made it. */
async function framedChat(frames: () => Frame[]): Promise<Frame> {
  await expect.poll(() => frames().some((frame) => frame.url().includes('/embed/mia'))).toBe(true);
  return frames().find((frame) => frame.url().includes('/embed/mia')) as Frame;
}

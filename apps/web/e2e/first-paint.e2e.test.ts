import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { largestPaintsAfterHandOver, recordLargestPaints } from './support/largest-paint.ts';

// The server's first paint of the public routes (apps/api/src/http/page-shell.ts): readable with
// JavaScript off, carrying the link-preview tags, and handed over to the app without two copies.
const miaWelcome = 'Hey you! 👋 I’m Mia’s AI twin. Ask me about travel, surfing, yoga or Churro the cat 🐈';
const phone = { width: 390, height: 844 };

describe('first paint of the public pages', () => {
  const browser = useBrowser();

  it("shows Mia's name, picture and welcome message with JavaScript disabled, and her card tags", async () => {
    const context = await browser().newContext({ baseURL: inject('baseUrl'), viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/chat/mia');
    const shell = page.locator('#page-shell');
    await expect.poll(() => shell.getByRole('heading', { level: 1 }).textContent()).toBe('Mia Moreno');
    expect(await shell.getByText(miaWelcome).isVisible()).toBe(true);
    // The AI disclosure is there before (and without) any script, as the app shows it.
    expect(await shell.getByText('You are chatting with an AI, not with Mia Moreno in person.').isVisible()).toBe(true);
    // Chromium parses <noscript> as text when scripts are only switched off, not absent: read its words.
    expect(await shell.locator('noscript').textContent()).toContain('Chatting with Mia Moreno needs JavaScript');
    expect(await shell.locator('img').first().getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/.+/);

    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await page.title()).toBe('Mia Moreno · AI twin on Doppel');
    expect(await meta('meta[property="og:title"]')).toBe('Mia Moreno · AI twin on Doppel');
    expect(await meta('meta[property="og:description"]')).toContain('Chat with the AI twin of Mia Moreno on Doppel');
    expect(await meta('meta[property="og:url"]')).toBe(`${inject('baseUrl')}/chat/mia`);
    // The card's picture is an address a social app can fetch: it answers with an image.
    const image = await meta('meta[property="og:image"]');
    const picture = await page.request.get(image ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary');

    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create your digital twin in minutes');
    expect(await meta('meta[property="og:title"]')).toBe('Doppel: create your AI digital twin in minutes');
    await context.close();
  });

  it('hands the chat over to the app: the first paint is gone and the welcome message shows once', async () => {
    const { context, page } = await openPage(browser(), phone);
    await page.goto('/chat/mia');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.locator('#page-shell').count()).toBe(0);
    await expect.poll(() => page.getByText(miaWelcome).count()).toBe(1);
    // Another route never keeps the first paint of the one it came from.
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('#page-shell').count()).toBe(0);
    await context.close();
  });

  // Lighthouse's LCP is the last largest paint: when the app's page is larger than the first paint,
  // it counts from the app's download and start instead (the sign-in card's line did, 5 s on a phone).
  for (const path of ['/', '/sign-in', '/sign-in?next=/chat/mia', '/chat/mia']) {
    it(`${path}: the app paints nothing larger than the first paint, so the largest paint is the server's`, async () => {
      const { context, page } = await openPage(browser(), phone);
      await recordLargestPaints(context);
      await page.goto(path);
      const paints = await largestPaintsAfterHandOver(page);
      expect(paints.length).toBeGreaterThan(0);
      expect(paints.filter((paint) => !paint.inFirstPaint)).toEqual([]);
      await context.close();
    });
  }
});

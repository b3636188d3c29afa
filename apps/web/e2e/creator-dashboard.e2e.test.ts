import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { sendAndWaitForReply, twinMessages, waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator's dashboard: home (today first, setup, share link, earnings, engagement, quick
// links), the navigation (a bottom bar on a phone, down the side on a desktop), the header menu,
// /referrals and /feedback. The e2e server has no feedback board configured.

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/doppel-dashboard-${name}.png`, fullPage: true });

const nextTaskTitles = {
  UPLOAD_IMAGES: 'Upload images',
  SET_VOICE: 'Set your voice',
  DEFINE_CONVERSATION_STARTERS: 'Define conversation starters',
  COMPLETE: 'Your twin is fully powered up',
} as const;

describe('creator dashboard', () => {
  const browser = useBrowser();
  let signedIn: StorageState;

  beforeAll(async () => {
    // One session for the file, reused from an earlier file when it can be: the server allows five
    // sign-in links per email in 15 minutes, and the suite signs the demo creator in from many files.
    const { context, page } = await openPage(browser(), { width: 430, height: 900 });
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    signedIn = await context.storageState();
    await context.close();
  });

  async function open(path: string, viewport = { width: 430, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ baseURL: inject('baseUrl'), viewport, storageState: signedIn });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseUrl') });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(path);
    return { context, page };
  }

  it('home leads with today (earnings, recent conversations), then setup, the share link, earnings, engagement and quick links', async () => {
    const { context, page } = await open('/');
    await page.getByTestId('greeting').getByText('Welcome back, Mia Moreno').waitFor();

    const home = await page.evaluate(async () => {
      const me = await (await fetch('/trpc/auth.me')).json();
      const talentId = me.result.data.managedTalentIds[0];
      const input = encodeURIComponent(JSON.stringify({ talentId }));
      return (await (await fetch(`/trpc/talent.dashboard.home?input=${input}`)).json()).result.data;
    });
    // Triage: today's earnings and the newest conversations, live from the server.
    const today = page.getByTestId('home-today');
    expect(await today.getByTestId('earnings-today').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await today.getByTestId('conversation-row').first().waitFor();
    expect(await today.getByTestId('conversation-row').count()).toBeLessThanOrEqual(3);

    // Setup: the ring with the next task the server's ladder names while tasks remain; one line once all is set.
    const nextTask = home.progress.nextTask as keyof typeof nextTaskTitles;
    if (nextTask === 'COMPLETE') {
      await page.getByTestId('next-task').filter({ hasText: 'Your AI twin is all set up' }).waitFor();
      expect(await page.locator('.mantine-RingProgress-root').count()).toBe(0);
    } else {
      await page.getByRole('heading', { name: 'Power up your AI twin' }).waitFor();
      await page.getByTestId('next-task').filter({ hasText: nextTaskTitles[nextTask] }).waitFor();
      expect(await page.getByLabel(`${home.progress.done} of ${home.progress.total} tasks done`).count()).toBe(1);
    }

    expect(await page.getByLabel('Share link', { exact: true }).textContent()).toBe(`${inject('baseUrl')}/chat/mia`);
    for (const testId of ['earnings-total', 'earnings-month', 'earnings-disbursable']) {
      expect(await page.getByTestId(testId).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    }
    expect(await page.getByLabel('Users', { exact: true }).textContent()).toBe(home.engagement.users.toLocaleString('en-US'));
    expect(await page.getByLabel('Paying users', { exact: true }).textContent()).toBe(
      home.engagement.payingUsers.toLocaleString('en-US'),
    );
    await shot(page, 'home');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'home-desktop');

    const quickLinks = page.getByRole('main');
    for (const [label, path] of [
      ['Settings', '/settings'],
      ['Referrals', '/referrals'],
      ['Feedback', '/feedback'],
    ] as const) {
      await quickLinks.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }

    // "Chat with your AI" opens the twin's messenger in a new tab with a single-use sign-in token.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Chat with your AI' }).click(),
    ]);
    await tab.waitForURL((url) => url.pathname.startsWith('/chat/'));
    expect(new URL(tab.url()).pathname).toBe('/chat/mia');

    // The creator's own test chat is free: no balance to watch, no credits to buy (issue 26 item 9).
    await tab.setViewportSize({ width: 390, height: 844 });
    await waitForChatOpen(tab);
    await tab.getByTestId('test-chat-note').getByText('Test chat: free for you').waitFor();
    await sendAndWaitForReply(tab, 'Testing my twin: what do you like about Lisbon?');
    expect(await tab.getByTestId('out-of-credits-notice').count()).toBe(0);
    expect(await tab.getByRole('button', { name: 'Buy credits' }).count()).toBe(0);
    expect(await twinMessages(tab).locator('[data-testid="chat-call-to-action"]').count()).toBe(0);
    await shot(tab, 'creator-test-chat');
    // The tab spent its single-use token as the creator this browser already is: the session
    // stays (a replaced one raced the tab's other requests), and the next tests carry on with it.
    signedIn = await context.storageState();
    await context.close();
  });

  it('navigates by the bottom bar on a phone and the side navigation on a desktop', async () => {
    const { context, page } = await open('/');
    const bottom = page.getByTestId('talent-bottom-nav');
    await bottom.waitFor();
    // On a phone the side navigation is not built at all (the bottom bar has the same pages).
    expect(await page.getByTestId('talent-side-nav').count(), 'no side navigation on a phone').toBe(0);
    await bottom.getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
    expect(await bottom.getByRole('link', { name: 'Conversations' }).getAttribute('aria-current')).toBe('page');
    await bottom.getByRole('link', { name: 'Earnings' }).click();
    await page.waitForURL('**/earnings');
    await shot(page, 'bottom-nav');

    await page.setViewportSize({ width: 1280, height: 900 });
    const side = page.getByTestId('talent-side-nav');
    await side.waitFor();
    await bottom.waitFor({ state: 'detached' });
    for (const [label, heading] of [
      ['Knowledge gaps', 'Knowledge gaps'],
      ['Audience', 'Audience'],
      ['Replies to approve', 'Replies to approve'],
      ['Home', 'Your dashboard'],
    ] as const) {
      await side.getByRole('link', { name: label }).click();
      await page.getByRole('heading', { name: heading }).first().waitFor();
    }
    await shot(page, 'side-nav');
    await context.close();
  });

  it('the menu opens Support (community, email, reply within 24 hours) and the terms', async () => {
    const { context, page } = await open('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Admin UI' }).count(), 'creators have no Admin UI').toBe(0);
    await page.getByRole('menuitem', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await dialog.getByText(/We reply within 24 hours/).waitFor();
    await dialog.getByRole('link', { name: 'Join the creator community' }).waitFor();
    expect(await dialog.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await shot(page, 'support');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Terms & Conditions' }).click();
    await page.waitForURL('**/terms');
    expect(pathOf(page)).toBe('/terms');
    await context.close();
  });

  it('referrals: "Invite and Earn" copies the referral link and confirms for two seconds', async () => {
    const { context, page } = await open('/referrals');
    await page.getByRole('heading', { name: 'Invite and Earn' }).waitFor();
    const link = `${inject('baseUrl')}/r/mia`;
    expect(await page.getByLabel('Referral link', { exact: true }).textContent()).toBe(link);

    // The page's own clock, stopped, so "two seconds" is the app's timer and not this machine's speed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Copy referral link' }).click();
    const copied = page.getByRole('status').filter({ hasText: 'Copied' });
    await copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, 'referrals');
    await page.clock.runFor(1_900);
    expect(await copied.isVisible(), 'still confirmed just before two seconds').toBe(true);
    await page.clock.runFor(200);
    await copied.waitFor({ state: 'hidden', timeout: 5_000 });
    await context.close();
  });

  it('feedback: without a configured board the page says so', async () => {
    const { context, page } = await open('/feedback');
    await page.getByRole('heading', { name: 'Feedback' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'The feedback board is not configured.' }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await shot(page, 'feedback');
    await context.close();
  });
});

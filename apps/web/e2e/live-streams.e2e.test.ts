import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

/** The `live.events` streams a page holds open right now. */
function trackLiveStreams(page: Page): () => number {
  const open = new Set<unknown>();
  const isLive = (url: string) => url.includes('/trpc/live.events');
  page.on('request', (request) => {
    if (isLive(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

describe('live updates: one stream per tab', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  // A browser holds six HTTP/1.1 connections per host and each open stream keeps one: with a stream
  // per watching component, three dashboard tabs took all six and a fourth tab never loaded.
  it('keeps four dashboard tabs working, each with one live stream, and each still updates live', async () => {
    const { context, page: first } = await openPage(browser());
    await signInWithMagicLink(first, 'creator@doppel.dev', { reuseSession: true });
    const tabs = [first, await context.newPage(), await context.newPage(), await context.newPage()];
    const liveStreams = tabs.map(trackLiveStreams);

    for (const tab of tabs) {
      tab.setDefaultTimeout(20_000);
      await tab.goto('/');
      await tab.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    }
    // The last tab still reaches the API for an ordinary page.
    const last = tabs[3] as Page;
    await last.goto('/earnings');
    await last.getByRole('heading', { name: 'Earnings' }).first().waitFor();
    await last.goto('/');
    await last.getByRole('heading', { name: 'Your dashboard' }).waitFor();

    await expect.poll(() => liveStreams.map((count) => count()), { timeout: 10_000 }).toEqual([1, 1, 1, 1]);

    // A change of the twin reaches the first tab through its one stream: the dashboard refetches.
    const [talent] = await sql<{ id: string }[]>`select id from talents where lower(tag) = 'mia'`;
    const refetched = first.waitForRequest(
      (request) => request.url().includes('/trpc/') && !request.url().includes('live.events'),
      { timeout: 15_000 },
    );
    await sql`insert into change_events (changes) values (${sql.json([
      { entity: 'talent_configs', rowId: talent?.id ?? '', scopes: [`talent:${talent?.id}`] },
    ])})`;
    await refetched;
    await context.close();
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { largestPaintsAfterHandOver, recordLargestPaints } from './support/largest-paint.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Issue 33: a creator's and an admin's page, loaded directly, paints its own content first: its
// heading is the first the page ever shows, no other page's heading (the landing page's above all)
// and no spinner come before it. The entry asks for the page's reads and chunks before the app's
// first render (apps/web/src/shell/dashboard-calls.ts), so the page commits once with its content;
// before any script, the server paints the page's title over a skeleton of the dashboard.
const landingHeading = 'Create your digital twin in minutes';
const phone = { width: 390, height: 844 };

type Painted = { headings: string[]; spinnerBeforeHeading: boolean };

/**
 * Records, from the page's first byte, every h1/h2 text in the order they enter the document, and
 * whether a spinner (Mantine's Loader) was in the document before the first of them. A
 * MutationObserver's callback runs before the browser paints, so nothing painted goes unrecorded.
 */
async function recordPaints(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const painted = { headings: [] as string[], spinnerBeforeHeading: false };
    (window as unknown as { __painted: typeof painted }).__painted = painted;
    const record = () => {
      for (const heading of Array.from(document.querySelectorAll('h1, h2'))) {
        const text = heading.textContent?.trim();
        if (text && !painted.headings.includes(text)) painted.headings.push(text);
      }
      if (painted.headings.length === 0 && document.querySelector('.mantine-Loader-root')) painted.spinnerBeforeHeading = true;
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const paintedOf = (page: Page) => page.evaluate(() => (window as unknown as { __painted: Painted }).__painted);

const cases = [
  { who: 'creator', email: 'creator@doppel.dev', path: '/', heading: 'Your dashboard' },
  { who: 'creator', email: 'creator@doppel.dev', path: '/conversations', heading: 'Conversations' },
  { who: 'creator', email: 'creator@doppel.dev', path: '/earnings', heading: 'Earnings' },
  { who: 'admin', email: 'admin@doppel.dev', path: '/status', heading: 'Status' },
  { who: 'admin', email: 'admin@doppel.dev', path: '/payments', heading: 'Payments' },
] as const;
const ownHeadings: string[] = cases.map((one) => one.heading);

describe('a signed-in page loaded directly paints its own content first', () => {
  const browser = useBrowser();

  for (const { who, email, path, heading } of cases) {
    it(`${who} ${path} (phone)`, async () => {
      const { context, page } = await openPage(browser(), phone);
      await signInWithMagicLink(page, email, { reuseSession: true });
      await recordPaints(context);
      await recordLargestPaints(context);

      const response = await page.goto(path);
      // The server's first paint is the page's own (a skeleton of the dashboard with its title).
      const html = await response?.text();
      expect(html, 'the server sends no landing paint to a signed-in page').not.toContain('Create your digital twin');
      expect(html).toContain(`class="ps-dashboard" data-path="${path}"`);
      // The app's page takes over from the server's first paint, with the same heading, and paints
      // nothing larger than it: the page's largest paint (Lighthouse's LCP) is the server's.
      const largestPaints = await largestPaintsAfterHandOver(page);
      expect(largestPaints.length).toBeGreaterThan(0);
      expect(largestPaints.filter((paint) => !paint.inFirstPaint)).toEqual([]);
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      expect(pathOf(page)).toBe(path);

      const painted = await paintedOf(page);
      expect(painted.headings[0], `the first heading ${path} shows`).toBe(heading);
      expect(painted.headings).not.toContain(landingHeading);
      expect(painted.headings.filter((text) => text !== heading && ownHeadings.includes(text))).toEqual([]);
      expect(painted.spinnerBeforeHeading, 'a spinner came before the page').toBe(false);
      await context.close();
    });
  }
});

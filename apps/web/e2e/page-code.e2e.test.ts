import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Issue 33: a page loads the code it shows, not the forms it might open. Every script the browser
// evaluates after the first paint is main-thread time on a phone (total blocking time), and zod's
// schemas were the largest single piece the first pages did not need. Forms (and their schemas),
// dialogs and the sign-in card load with their own chunks when opened.

/** zod's own error code, in every build of it: a script holding it carries the schema library. */
const zodMarker = 'invalid_type';

/** The scripts a page fetched until its network settled, with whether each holds zod. */
async function scriptsOf(page: Page, path: string, ready: () => Promise<unknown>) {
  const scripts: { path: string; hasZod: boolean }[] = [];
  const reading: Promise<void>[] = [];
  // Every script from the network, as on a first visit: one the sign-in already loaded would
  // otherwise come from the memory cache, which the response event does not always report.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(
      response
        .text()
        .then((body) => {
          scripts.push({ path: new URL(response.url()).pathname, hasZod: body.includes(zodMarker) });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  return scripts;
}

const signedInPages = [
  { email: 'creator@doppel.dev', path: '/', heading: 'Your dashboard' },
  { email: 'creator@doppel.dev', path: '/conversations', heading: 'Conversations' },
  { email: 'creator@doppel.dev', path: '/earnings', heading: 'Earnings' },
  { email: 'admin@doppel.dev', path: '/status', heading: 'Status' },
  { email: 'admin@doppel.dev', path: '/payments', heading: 'Payments' },
] as const;

describe('a page loads its own code first', () => {
  const browser = useBrowser();

  it('the landing page loads neither the sign-in form nor zod; the sign-in page loads its form', async () => {
    const { context, page } = await openPage(browser());
    const landing = await scriptsOf(page, '/', () =>
      page.getByRole('link', { name: 'Sign in' }).first().waitFor({ state: 'attached' }),
    );
    expect(landing.length, 'the app loaded').toBeGreaterThan(5);
    expect(landing.filter((script) => script.hasZod).map((script) => script.path)).toEqual([]);
    expect(landing.filter((script) => script.path.includes('sign-in-page')).map((script) => script.path)).toEqual([]);

    // A tap on Sign in brings the form's chunk, and the form works.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await context.close();
  });

  it("a visitor's chat loads no schema library until a form needs it", async () => {
    const { context, page } = await openPage(browser());
    const scripts = await scriptsOf(page, '/chat/mia', () =>
      page.getByRole('textbox', { name: 'Message', exact: true }).waitFor(),
    );
    expect(scripts.length, 'the app loaded').toBeGreaterThan(5);
    // The age gate's form, the sheets and the feedback dialog bring theirs when shown.
    expect(scripts.filter((script) => script.hasZod).map((script) => script.path)).toEqual([]);
    await context.close();
  });

  for (const { email, path, heading } of signedInPages) {
    it(`${email.split('@')[0]} ${path} loads no schema library`, async () => {
      const { context, page } = await openPage(browser());
      await signInWithMagicLink(page, email, { reuseSession: true });
      const scripts = await scriptsOf(page, path, () =>
        page.getByRole('heading', { name: heading, exact: true }).first().waitFor(),
      );
      expect(scripts.length, 'the app loaded').toBeGreaterThan(5);
      expect(scripts.filter((script) => script.hasZod).map((script) => script.path)).toEqual([]);
      await context.close();
    });
  }
});

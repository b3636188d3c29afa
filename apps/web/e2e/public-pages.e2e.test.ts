import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';

describe('signed-out visitor', () => {
  const browser = useBrowser();

  it('sees the landing headline, and "Let\'s get started" leads to sign-in', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    await page.screenshot({ path: '/tmp/doppel-landing.png', fullPage: true });

    await page.getByRole('link', { name: "Let's get started" }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Doppel' }).waitFor();
    // The heading is the server's first paint already; the form comes with the app, after it.
    await page.getByLabel('Email').waitFor();
    await context.close();
  });

  it('is sent from an unknown path to the landing page', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/no/such/page?x=1');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('keeps the referral tag of /r/{tag} in localStorage when it names a twin, and lands on /', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/r/some-unknown-tag');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('referralTalentTag'))).toBeNull();
    await page.goto('/r/mia');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('referralTalentTag'))).toBe('mia');
    await context.close();
  });

  it('explains an OAuth error code and removes it from the address', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/sign-in?error=email_not_verified');
    await page.getByRole('alert').filter({ hasText: 'Email not verified' }).waitFor();
    await page.waitForURL((url) => url.search === '');
    expect(pathOf(page)).toBe('/sign-in');
    await page.goto('/auth/google');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByText('This sign-in option is not available').waitFor();
    await page.screenshot({ path: '/tmp/doppel-sign-in-error.png' });
    await context.close();
  });

  it('serves the terms, privacy and cookie pages with placeholder text, linked from sign-in', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.getByText(/operator of this Doppel installation replaces it/).waitFor();
    await page.screenshot({ path: '/tmp/doppel-terms.png', fullPage: true });
    for (const [path, title] of [
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
    await context.close();
  });

  it('shows a validation message for an invalid email without calling the server', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByText('Email has been sent.').count()).toBe(0);
    await context.close();
  });

  it('reports a used sign-in link with a readable message and stays signed out', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/sign-in?email=nobody%40doppel.dev&mode=signIn&token=not-a-real-token');
    await page.locator('.mantine-Notification-root').first().waitFor();
    await page.waitForURL((url) => url.search === '');
    await page.getByRole('heading', { name: 'Sign in to Doppel' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/trpc/auth.me')).json());
    expect(me.result.data, 'a bad link signs nobody in').toBeNull();
    await context.close();
  });
});

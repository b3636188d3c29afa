import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

describe('demo creator', () => {
  const browser = useBrowser();

  it('lands on the talent dashboard without ever downloading the admin screens', async () => {
    const { context, page } = await openPage(browser());
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    await page.getByText('Welcome back, Mia Moreno').waitFor();
    await page.screenshot({ path: '/tmp/doppel-talent-dashboard.png' });

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Support' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin UI' }).count(), 'a creator has no Admin UI entry').toBe(0);
    await page.keyboard.press('Escape');

    // Even a creator who sets the switch by hand gets the talent UI, so the admin chunk stays away.
    await page.evaluate(() => window.localStorage.setItem('isAdmin', 'true'));
    await page.reload();
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();

    expect(
      scripts.some((path) => /\/assets\/talent-layout-[\w-]+\.js$/.test(path)),
      'the talent layout arrives as its own chunk',
    ).toBe(true);
    expect(
      scripts.filter((path) => path.includes('admin-layout')),
      'no admin chunk was downloaded',
    ).toEqual([]);
    await context.close();
  });
});

import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';

const bannerText = 'Great news! A new version of our app is now available.';

describe('app version gate', () => {
  const browser = useBrowser();
  const sql = useDatabase();
  let previousMinVersion: unknown;

  // Every write announces itself with a change event in the same transaction; the test does the same.
  const setMinVersion = (minVersion: unknown) =>
    sql.begin(async (tx) => {
      await tx`update app_configs set min_version = ${tx.json(minVersion as postgres.JSONValue)} where id = 'default'`;
      await tx`insert into change_events (changes) values ('[{"entity":"app_configs","rowId":"default","scopes":["app"]}]'::jsonb)`;
    });

  beforeAll(async () => {
    const [row] = await sql`select min_version from app_configs where id = 'default'`;
    previousMinVersion = row?.min_version;
  });
  afterAll(async () => {
    if (previousMinVersion) await setMinVersion(previousMinVersion);
  });

  it('appears live when the minimum version rises, counts down, and Reload reloads', async () => {
    const { context, page } = await openPage(browser());
    const liveStream = page.waitForResponse((response) => response.url().includes('/trpc/live.events'));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    await liveStream;
    expect(await page.getByText(bannerText).count(), 'no banner while the app is current').toBe(0);

    await sql.begin(async (tx) => {
      await tx`update app_configs set min_version = '{"talent":"99.0.0"}'::jsonb where id = 'default'`;
      await tx`insert into change_events (changes) values ('[{"entity":"app_configs","rowId":"default","scopes":["app"]}]'::jsonb)`;
    });

    // No navigation: the change event alone brings the banner.
    await page.getByText(bannerText).waitFor({ timeout: 15_000 });
    const countdown = page.getByTestId('version-countdown');
    const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    const secondsShown = async () => Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    await expect.poll(secondsShown, { message: 'the countdown runs', timeout: 15_000 }).toBeLessThan(first);
    await page.screenshot({ path: '/tmp/doppel-version-banner.png' });

    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
      'the page reloaded',
    ).toBeUndefined();
    await page.getByText(bannerText).waitFor();
    await context.close();
  });
});

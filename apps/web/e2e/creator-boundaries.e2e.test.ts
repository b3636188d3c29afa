import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// The demo creator sets Mia's boundaries on a phone: a blocked topic and a content level are
// saved and still there after a reload; the test puts Mia back (no topics, Safe) for the other files.

describe('creator boundaries', () => {
  const browser = useBrowser();

  it('saves a blocked topic and a content level, kept after a reload', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/settings/boundaries');
    const topics = page.getByRole('combobox', { name: 'Topics your twin never talks about' });
    await topics.waitFor();
    await topics.fill('politics');
    await topics.press('Enter');
    await page.getByRole('radio', { name: 'Suggestive' }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!', { exact: true }).first().waitFor();
    await page.getByText('Flagged messages').waitFor();

    await page.reload();
    await page.getByTestId('blocked-topics').waitFor();
    await expect.poll(() => page.getByText('politics', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('radio', { name: 'Suggestive' }).isChecked()).toBe(true);

    // Back to the seed's settings: other files chat with Mia.
    // Backspace in the empty field removes the last topic.
    await topics.click();
    await topics.press('Backspace');
    await page.getByRole('radio', { name: 'Safe' }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('politics', { exact: true }).count()).toBe(0);
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('blocked-topics').waitFor();
        return page.getByRole('radio', { name: 'Safe' }).isChecked();
      })
      .toBe(true);
    expect(await page.getByText('politics', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

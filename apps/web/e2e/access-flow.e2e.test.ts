import { describe, expect, it } from 'vitest';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { labelPlacement } from './support/inline-input.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

describe('access flow of signed-in creators without a twin', () => {
  const browser = useBrowser();

  it('shows a newcomer the waitlist with their email, onboarding once a referral tag is held, and signs out', async () => {
    const { context, page } = await openPage(browser());
    const email = `newcomer-${Date.now()}@example.com`;
    await signInWithMagicLink(page, email);
    await page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
    await page.getByText(email).waitFor();
    // The terms checkbox has its label beside it, as every checkbox does.
    const terms = await labelPlacement(page, 'Checkbox', 'I agree to the');
    expect(terms.sameRow, 'the checkbox and its label share a row').toBe(true);
    expect(terms.gap).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: '/tmp/doppel-waitlist.png' });

    // A referral tag lets the creator straight into onboarding (docs/product-rules.md#onboarding).
    await page.goto('/r/mia');
    await page.waitForURL('**/name');
    await page.getByRole('heading', { name: 'What should we call your AI twin?' }).waitFor();
    expect(await page.getByTestId('onboarding-percent').textContent()).toBe('13%');
    await page.screenshot({ path: '/tmp/doppel-onboarding.png' });

    await page.evaluate(() => window.localStorage.removeItem('referralTalentTag'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('thanks an applicant whose status is PENDING', async () => {
    const { context, page } = await openPage(browser());
    await signInWithMagicLink(page, 'chloe@example.com');
    await page.getByRole('heading', { name: 'You are on the waitlist' }).waitFor();
    await context.close();
  });

  it('resumes an accepted creator at the step their draft reached', async () => {
    const { context, page } = await openPage(browser());
    // Nora's draft has a name, a picture and a handle: the server derives gender and age.
    await signInWithMagicLink(page, 'nora@example.com');
    await page.waitForURL('**/gender-age');
    await page.getByRole('heading', { name: 'Gender and age' }).waitFor();
    expect(await page.getByTestId('onboarding-percent').textContent()).toBe('50%');
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL('**/handle');
    expect(await page.getByLabel('Handle').inputValue()).toBe('noraquinn');
    await context.close();
  });
});

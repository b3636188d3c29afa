import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { onboardingSteps } from '../src/layouts/onboarding/onboarding-steps.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { connectDatabase } from './support/database.ts';
import { runOps } from './support/ops.ts';
import { brandGradientPng } from './support/png.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/doppel-${name}.png`, fullPage: true });

/** The field (input, textarea or chip group) whose error is shown, by its message. */
const expectMessage = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The progress above the step; waited for, since the address changes a moment before the screen. */
const expectPercent = (page: Page, percent: string) =>
  page
    .getByTestId('onboarding-percent')
    .filter({ hasText: new RegExp(`^${percent}$`) })
    .waitFor();

/**
 * Continue, then wait for the next step's heading as well as its address: the router updates the
 * address before it renders the screen, and a click in between would land on the previous step.
 */
async function continueTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(`**${path}`);
  const step = onboardingSteps.find((candidate) => candidate.path === path);
  if (!step) throw new Error(`No onboarding step at ${path}`);
  await page.getByRole('heading', { name: step.title, exact: true }).waitFor();
}

describe('a new creator', () => {
  const browser = useBrowser();

  it('goes from the landing page through sign-in, the waitlist, acceptance and all eight steps to the dashboard', async () => {
    const { context, page } = await openPage(browser(), { width: 430, height: 900 });
    const email = `new-creator-${Date.now()}@example.com`;
    const handle = `nova_${Date.now().toString(36)}`;

    // Landing -> sign-in: this server has no OAuth settings, so only the email link is offered.
    await page.goto('/');
    await page.getByRole('link', { name: "Let's get started" }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('button', { name: 'Send magic link' }).waitFor();
    expect(await page.getByText('Continue with Google').count()).toBe(0);
    expect(await page.getByText('Continue with Apple').count()).toBe(0);
    await shot(page, 'sign-in');
    await signInWithMagicLink(page, email);

    // Waitlist: the terms box must be ticked.
    await page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
    await page.getByRole('radio', { name: 'TikTok' }).click();
    await page.getByLabel('Your TikTok handle').fill('@nova.creates');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expectMessage(page, 'Please review and accept the Terms of Service to proceed.');
    await shot(page, 'waitlist-form');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByText('Added to waitlist').waitFor();
    await page.getByRole('heading', { name: 'You are on the waitlist' }).waitFor();
    for (const name of ['Instagram', 'TikTok', 'X']) await page.getByRole('link', { name, exact: true }).waitFor();
    await shot(page, 'waitlist-thanks');

    // An admin accepts the creator through the ops CLI; a reload opens onboarding at the first step.
    expect(await runOps(['users', 'accept', email])).toContain(`accepted ${email}`);
    await page.goto('/');
    await page.waitForURL('**/name');
    await expectPercent(page, '13%');

    // 1. Name: 2 to 50 characters.
    await page.getByRole('heading', { name: 'What should we call your AI twin?' }).waitFor();
    const name = page.getByLabel('Twin name');
    expect(await name.inputValue(), 'the account display name is the default').not.toBe('');
    await name.fill('N');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Name must be at least 2 characters');
    await shot(page, 'onboarding-name');
    await name.fill('Nova Star');
    await continueTo(page, '/profile-picture');

    // 2. Picture: a real PNG, uploaded and shown.
    await expectPercent(page, '25%');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: brandGradientPng() });
    await page.getByText('Looking good! Your photo is saved.').waitFor();
    const src = await page.getByRole('img', { name: 'Profile picture preview' }).getAttribute('src');
    expect(src).toMatch(/^\/files\//);
    const picture = await page.request.get(src ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
    await shot(page, 'onboarding-picture');
    await continueTo(page, '/handle');

    // 3. Handle: the rule, reserved words and uniqueness (the demo twin is @mia), checked live.
    const tag = page.getByLabel('Handle');
    await tag.fill('9lives');
    await expectMessage(page, 'Handle must start with a letter');
    await tag.fill('bad-handle');
    await expectMessage(page, 'Handle can only contain letters, numbers and underscores');
    await tag.fill('admin');
    await expectMessage(page, 'This handle is reserved');
    await tag.fill('MIA');
    await expectMessage(page, 'This handle is already taken');
    await shot(page, 'onboarding-handle-taken');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'This handle is already taken');
    expect(pathOf(page)).toBe('/handle');
    await tag.fill(`@${handle}`);
    await page.getByText(`@${handle} is available`).waitFor();
    await shot(page, 'onboarding-handle');
    await continueTo(page, '/gender-age');

    // 4. Gender (exactly one) and age (18 to 1000, "Age is required" when empty).
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Age is required');
    await expectMessage(page, 'Required');
    await shot(page, 'onboarding-gender-age');
    await page.getByText('Female', { exact: true }).click();
    await page.getByText('Male', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Male', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Female', exact: true }).isChecked(), 'one gender only').toBe(false);
    await page.getByText('Female', { exact: true }).click();
    await page.getByLabel('Age').fill('17');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Age must be at least 18');
    await page.getByLabel('Age').fill('27');
    await continueTo(page, '/purpose');

    // 5. Purpose: exactly one.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Required');
    await page.getByRole('radio', { name: 'Banter' }).click();
    await shot(page, 'onboarding-purpose');
    await continueTo(page, '/personality-traits');

    // 6. Traits: 1 to 3, a fourth pick is ignored.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Please select at least 1 item(s)');
    for (const trait of ['Sweet', 'Funny', 'Casual', 'Mysterious']) await page.getByText(trait, { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Mysterious' }).isChecked(), 'a 4th trait is ignored').toBe(false);
    expect(await page.getByTestId('chip-count').textContent()).toContain('3 of 3 selected');
    await shot(page, 'onboarding-traits');
    await continueTo(page, '/interests');

    // 7. Interests: 1 to 5, a sixth pick is ignored.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectMessage(page, 'Please select at least 1 item(s)');
    for (const interest of ['Anime', 'Baking', 'Cats', 'Dancing', 'Yoga', 'Surfing']) {
      await page.getByText(interest, { exact: true }).click();
    }
    expect(await page.getByRole('checkbox', { name: 'Surfing' }).isChecked(), 'a 6th interest is ignored').toBe(false);
    expect(await page.getByTestId('chip-count').textContent()).toContain('5 of 5 selected');
    await shot(page, 'onboarding-interests');
    await continueTo(page, '/initial-chat-message');

    // 8. Greeting: at least one character; "Finish setup" lands on the dashboard.
    await expectPercent(page, '100%');
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expectMessage(page, 'Required');
    await page.getByLabel('Greeting message').fill('Hey, it is Nova! Tell me about your day?');
    await shot(page, 'onboarding-greeting');
    // The consent confirmation (docs/safety.md) must be ticked before the twin goes live.
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expectMessage(page, 'Please confirm that the name, face and voice are yours or used with permission.');
    await page.getByRole('checkbox', { name: /name, face and voice are my own/ }).check();
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await shot(page, 'onboarding-dashboard');

    // The twin exists and is managed by the creator: a reload stays on the dashboard.
    await page.reload();
    await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/trpc/auth.me')).json());
    expect(me.result.data.managedTalentIds).toHaveLength(1);
    await context.close();
  });

  it('comes in through a referral link straight to onboarding, without the waitlist; an unknown tag is ignored', async () => {
    const { context, page } = await openPage(browser());
    const email = `referred-${Date.now()}@example.com`;

    await page.goto('/r/nobody');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Create your digital twin in minutes' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('referralTalentTag')), 'an unknown tag is not kept').toBeNull();

    await page.goto('/r/mia');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => window.localStorage.getItem('referralTalentTag'))).toBe('mia');

    await signInWithMagicLink(page, email);
    await page.waitForURL('**/name');
    await page.getByLabel('Twin name').fill('Referred Rae');
    await continueTo(page, '/profile-picture');
    expect(
      await page.evaluate(() => window.localStorage.getItem('referralTalentTag')),
      'cleared after the first submit',
    ).toBeNull();

    // Skipping the picture is remembered: the creator resumes at the handle, still in onboarding.
    await page.getByRole('button', { name: 'Continue without a picture' }).click();
    await page.waitForURL('**/handle');
    await page.goto('/');
    await page.waitForURL('**/handle');
    await page.getByRole('heading', { name: 'Claim your handle' }).waitFor();

    // An interest stored on the draft that is no longer offered shows as deprecated and is dropped on save.
    const sql = connectDatabase();
    try {
      await sql`update talent_drafts set interests = ${['YOGA', 'KNITTING']} where user_id = (select id from users where email = ${email})`;
    } finally {
      await sql.end();
    }
    await page.goto('/interests');
    await page.getByRole('checkbox', { name: /Knitting\s*deprecated/ }).waitFor({ state: 'attached' });
    expect(await page.getByRole('checkbox', { name: /Knitting/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Yoga' }).isChecked()).toBe(true);
    await page.getByText('Interests marked deprecated are no longer offered and are removed when you continue.').waitFor();
    await shot(page, 'onboarding-interests-deprecated');
    await context.close();
  });
});

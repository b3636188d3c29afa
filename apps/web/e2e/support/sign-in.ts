import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Signs in the way a person does: asks for a magic link on /sign-in, opens the development outbox
 * from the hint, and follows the newest link sent to that address.
 */
export async function signInWithMagicLink(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText('Email has been sent.').waitFor();

  await page.getByRole('link', { name: 'development outbox' }).click();
  await page.waitForURL('**/dev/outbox');
  const email$ = page.locator(`[data-testid="outbox-email"][data-to="${email}"]`).first();
  await email$.waitFor();
  const link = email$.getByRole('link', { name: 'Open sign-in link' });
  const href = await link.getAttribute('href');
  expect(href, 'the outbox email carries a sign-in link').toMatch(/\/sign-in\?.*mode=signIn/);
  await link.click();

  // The shell completes the sign-in, then removes email and token from the address.
  await page.waitForURL((url) => url.search === '');
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export type SignInOptions = {
  /**
   * Reuse a session an earlier test file of this run opened for the same email, when it is still
   * valid. Sign-in links are limited per email and per address (5 and 20 in 15 minutes), and the
   * suite's files share one server and one address; tests that are not about signing in reuse.
   */
  reuseSession?: boolean;
};

type Cookie = Parameters<ReturnType<Page['context']>['addCookies']>[0][number];

function sessionFile(email: string): string {
  const dir = join(tmpdir(), 'doppel-e2e-sessions', new URL(inject('baseUrl')).port);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${email.replace(/[^a-z0-9@.-]/gi, '_')}.json`);
}

async function signedInEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/auth.me');
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: { data?: { email?: string } | null } };
    return body.result?.data?.email ?? null;
  });
}

async function reuseSession(page: Page, email: string): Promise<boolean> {
  const file = sessionFile(email);
  if (!existsSync(file)) return false;
  await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')) as Cookie[]);
  await page.goto('/');
  if ((await signedInEmail(page)) === email) return true;
  await page.context().clearCookies();
  return false;
}

/**
 * Signs in the way a person does: asks for a magic link on /sign-in, opens the development outbox
 * from the hint, and follows the newest link sent to that address.
 */
export async function signInWithMagicLink(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  if (options.reuseSession && (await reuseSession(page, email))) return;
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
  if (options.reuseSession) writeFileSync(sessionFile(email), JSON.stringify(await page.context().cookies()));
}

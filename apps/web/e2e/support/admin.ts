import type { Page } from 'playwright-core';
import { signInWithMagicLink } from './sign-in.ts';

/**
 * Signs in as the demo admin (reusing this run's admin session when there is one) and switches to
 * the admin UI from the talent dashboard's menu (the demo admin also manages the demo twin, so the
 * shell opens the dashboard first).
 */
export async function openAdminUi(page: Page): Promise<void> {
  await signInWithMagicLink(page, 'admin@doppel.dev', { reuseSession: true });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin UI' }).click();
  await page.waitForURL('**/status');
}

/** Opens an admin section from the side menu and waits for its heading. */
export async function openAdminSection(page: Page, label: string, path: string, heading = label): Promise<void> {
  const menu = page.getByTestId('admin-menu');
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Toggle admin menu' }).click();
  await menu.getByText(label, { exact: true }).click();
  await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
}

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { runOps } from './support/ops.ts';

// Fine-tuned models, end to end with the offline fine-tuner (no provider configured): the demo
// admin creates a model, pastes examples with an error, fixes them, generates a version through
// the worker's pipeline and makes it the default.

/**
 * Live updates arrive through the change feed and the worker's jobs; allow for a slow machine: a CI
 * run under load once waited more than 30 s for one of them.
 */
const liveTimeoutMs = 60_000;

/** What the page shows of each version, so a wait that times out says where the version stopped. */
async function versionStatuses(page: Page): Promise<string> {
  const statuses = await page
    .locator('[data-testid^="model-version-"][data-status]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')));
  return statuses.length > 0 ? statuses.join(', ') : 'no version shown';
}

async function waitForLive(page: Page, what: string, locator: Locator): Promise<void> {
  await locator.waitFor({ timeout: liveTimeoutMs }).catch(async (error: Error) => {
    throw new Error(`${what} did not show within ${liveTimeoutMs} ms (versions: ${await versionStatuses(page)})`, {
      cause: error,
    });
  });
}

function examplesText(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `U: What do you pack for trip ${i + 1}?\nA: Sunscreen and a good book, always!`,
  ).join('\nNEW\n');
}

describe('admin models', () => {
  const browser = useBrowser();

  // Three waits on the worker's jobs, each allowed a minute on a loaded machine (20 s on a quiet one).
  it('creates a model, checks its examples, fine-tunes a version and makes it the default', { timeout: 180_000 }, async () => {
    const { context, page } = await openPage(browser());
    await openAdminUi(page);
    await openAdminSection(page, 'Models', '/models');
    await page.getByRole('link', { name: 'Create model' }).click();
    await page.waitForURL('**/models/create');
    await page.getByLabel('Name').fill('Mia – travel tips');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/models\/[a-z0-9]+$/);
    await page.getByText('Saved!', { exact: true }).first().waitFor();

    const form = page.getByRole('form', { name: 'Model settings' });
    const examples = form.getByLabel('Training examples');
    await examples.fill(`NEW\n${examplesText(20)}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('First row cannot be NEW').waitFor();
    await examples.fill(`${examplesText(20)}\nNEW\nU: and one more`);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Example #21 must have at least 2 messages').waitFor();
    await examples.fill(examplesText(20));
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId('model-example-count').textContent()).toContain('20');

    // The demo's own fine-tuning holds the slot until the worker's sweep finishes it offline.
    await runOps(['run', 'models.fine-tune', '--wait']);
    const generate = page.getByTestId('generate-version');
    await expect.poll(() => generate.isEnabled(), { timeout: liveTimeoutMs }).toBe(true);
    await generate.click();

    const version = page.locator('[data-testid^="model-version-"][data-status]').first();
    await version.waitFor();
    const succeeded = page.locator('[data-testid^="model-version-"][data-status="SUCCEEDED"]').first();
    await waitForLive(page, 'A succeeded version', succeeded);
    await succeeded.getByTestId('model-version-title').click();
    await expect.poll(() => succeeded.getByTestId('model-version-fine-tuned-model-id').textContent()).toMatch(/^ft:/);
    await succeeded.getByRole('button', { name: 'Make Default' }).click();
    // The badge that lasts, not the toast that closes after 3 s (the saves above already show it):
    // a machine busy enough once let the toast come and go unseen.
    await waitForLive(page, 'The default badge', succeeded.getByTestId('model-version-default'));
    await page.screenshot({ path: '/tmp/doppel-models-default.png', fullPage: true });
    await context.close();
  });
});

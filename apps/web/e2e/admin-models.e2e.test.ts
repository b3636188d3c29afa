import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { runOps } from './support/ops.ts';

// Fine-tuned models, end to end with the offline fine-tuner (no provider configured): the demo
// admin creates a model, pastes examples with an error, fixes them, generates a version through
// the worker's pipeline and makes it the default.

/** Live updates arrive through the change feed and the worker's jobs; allow for a slow machine. */
const liveTimeoutMs = 30_000;

function examplesText(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `U: What do you pack for trip ${i + 1}?\nA: Sunscreen and a good book, always!`,
  ).join('\nNEW\n');
}

describe('admin models', () => {
  const browser = useBrowser();

  it('creates a model, checks its examples, fine-tunes a version and makes it the default', async () => {
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
    await page.locator('[data-testid^="model-version-"][data-status="SUCCEEDED"]').first().waitFor({ timeout: liveTimeoutMs });
    const succeeded = page.locator('[data-testid^="model-version-"][data-status="SUCCEEDED"]').first();
    await succeeded.getByTestId('model-version-title').click();
    await expect.poll(() => succeeded.getByTestId('model-version-fine-tuned-model-id').textContent()).toMatch(/^ft:/);
    await succeeded.getByRole('button', { name: 'Make Default' }).click();
    // The badge that lasts, not the toast that closes after 3 s (the saves above already show it):
    // a machine busy enough once let the toast come and go unseen.
    await succeeded
      .getByTestId('model-version-default')
      .waitFor({ timeout: liveTimeoutMs })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/doppel-models-make-default.png', fullPage: true });
        throw error;
      });
    await page.screenshot({ path: '/tmp/doppel-models-default.png', fullPage: true });
    await context.close();
  });
});

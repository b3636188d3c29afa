import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminSection, openAdminUi } from './support/admin.ts';
import { openPage, useBrowser } from './support/browser.ts';
import { useDatabase } from './support/database.ts';
import { runOps } from './support/ops.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Twin quality checks end to end (docs/quality.md), with the worker's quality.run job scoring
// offline: the admin adds a question to Mia's check set and checks her current setup from the
// Quality tab, generates a version of her model with the offline fine-tuner, sees its check beside
// the default's and makes it the default (confirming when it scores worse); then the creator sees
// the Twin quality card on the dashboard and corrects the weakest answer.

/** Runs and fine-tuning are worker jobs that arrive through the change feed; allow for a slow machine. */
const workerTimeoutMs = 90_000;

const goldfish = 'What was the name of your childhood goldfish?';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/doppel-quality-${name}.png`, fullPage: true });

/** Waits for a score badge to show a finished score (its data-score set). */
async function waitForScore(badge: Locator): Promise<void> {
  await expect
    .poll(async () => (await badge.getAttribute('data-score')) ?? '', { timeout: workerTimeoutMs, interval: 500 })
    .not.toBe('');
}

describe('twin quality', () => {
  const browser = useBrowser();
  const sql = useDatabase();

  it('the admin checks Mia, makes a new version default beside the default’s score, and the creator corrects a weak answer', async () => {
    const [mia] = await sql<{ id: string; modelId: string }[]>`
      select t.id, m.id as "modelId" from talents t join models m on m.talent_id = t.id where t.tag = 'mia' limit 1`;
    if (!mia) throw new Error('the demo data has no Mia with a model');

    const { context, page } = await openPage(browser());
    await openAdminUi(page);
    await openAdminSection(page, 'Talents', '/talents');
    await page.goto(`/talents/${mia.id}?tab=quality`);

    // The check set: an admin's own question, with a field error first.
    await page.getByTestId('quality-add-case').click();
    const dialog = page.getByRole('dialog', { name: 'Add a question' });
    await dialog.getByLabel('What a good answer says').fill('Says it was called Bubbles.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Write the question a fan asks').waitFor();
    await dialog.getByLabel('What the fan asks').fill(goldfish);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('quality-case').filter({ hasText: goldfish }).waitFor();

    // Check the current setup now: the run shows live and opens on its results. Earlier runs may be
    // listed already (the change sweep checks Mia after other tests changed her), so the new one is
    // the run that was not there before, on top.
    await page.locator('[data-testid="quality-runs"], [data-testid="quality-runs-empty"]').first().waitFor();
    const runs = page.getByTestId('quality-run');
    const runsBefore = await runs.count();
    await page.getByTestId('quality-run-now').click();
    await expect.poll(() => runs.count(), { timeout: workerTimeoutMs }).toBe(runsBefore + 1);
    const run = runs.first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: workerTimeoutMs, interval: 500 }).toBe('DONE');
    await run.click();
    await page.getByTestId('quality-run-results').getByText(goldfish).first().waitFor();
    await shot(page, 'run-results');
    await page.keyboard.press('Escape');

    // A new version of Mia's model, fine-tuned offline (the demo's own fine-tuning holds the slot until the sweep ends it).
    await page.goto(`/models/${mia.modelId}`);
    await runOps(['run', 'models.fine-tune', '--wait']);
    const generate = page.getByTestId('generate-version');
    await expect.poll(() => generate.isEnabled(), { timeout: workerTimeoutMs }).toBe(true);
    const before = await page.locator('[data-testid^="model-version-"][data-status]').count();
    await generate.click();
    // The generation is one API call, but a busy machine can take seconds over it and the refetch.
    await expect
      .poll(() => page.locator('[data-testid^="model-version-"][data-status]').count(), { timeout: 15_000 })
      .toBe(before + 1);
    const version = page.locator('[data-testid^="model-version-"][data-status]').first();
    await expect.poll(() => version.getAttribute('data-status'), { timeout: workerTimeoutMs, interval: 500 }).toBe('SUCCEEDED');

    // Its check: started by the new version itself, or by the admin when it has none yet.
    const badge = version.getByTestId('model-version-quality');
    await badge.waitFor();
    await version.getByTestId('model-version-title').click();
    if ((await badge.textContent()) === 'Not checked') await version.getByTestId('model-version-run-check').click();
    await waitForScore(badge);

    // Compare with default: both runs side by side.
    await version.getByTestId('model-version-compare').click();
    const compare = page.getByTestId('quality-compare');
    await compare.waitFor();
    expect(await compare.getByTestId('quality-compare-version-score').textContent()).toMatch(/^\d+%$/);
    expect(await compare.getByTestId('quality-compare-default-score').textContent()).toMatch(/^\d+%$/);
    await shot(page, 'compare');
    await page.keyboard.press('Escape');

    // Make Default: a version that scores worse asks first, saying what got worse.
    await version.getByTestId('make-default').click();
    const confirm = page.getByTestId('make-default-confirm');
    const madeDefault = version.getByTestId('model-version-default');
    await Promise.race([confirm.waitFor(), madeDefault.waitFor()]);
    if (await confirm.isVisible()) {
      expect(await confirm.textContent()).toMatch(/\d+% → \d+%/);
      await shot(page, 'confirm-worse');
      await page.getByTestId('make-default-anyway').click();
    }
    await madeDefault.waitFor({ timeout: workerTimeoutMs });
    // The previous default can be restored in one click.
    await page.getByTestId('model-roll-back').waitFor();
    await shot(page, 'default');
    await context.close();

    // The creator's dashboard: the Twin quality card with its weakest answers.
    const creator = await openPage(browser(), { width: 375, height: 812 });
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    const card = creator.page.getByTestId('twin-quality');
    await expect.poll(() => card.getByTestId('twin-quality-score').textContent(), { timeout: workerTimeoutMs }).toMatch(/^\d+%$/);
    const weak = card.getByTestId('twin-quality-weak').first();
    await weak.waitFor();
    const question = (await weak.locator('p').first().textContent()) ?? '';
    await weak.getByTestId('twin-quality-correct').click();
    const modal = creator.page.getByRole('dialog', { name: 'Write the right answer' });
    await modal.getByRole('button', { name: 'Save answer' }).click();
    await modal.getByText('Write the right answer', { exact: true }).last().waitFor();
    await modal.getByLabel('Your answer').fill('Bubbles! A very round goldfish.');
    await modal.getByRole('button', { name: 'Save answer' }).click();
    await creator.page.getByText('Thanks! Your twin answers like this from now on.').waitFor();
    const corrected = card.getByTestId('twin-quality-weak').filter({ hasText: question }).first();
    await expect.poll(() => corrected.getAttribute('data-corrected')).toBe('true');
    expect(await corrected.getByTestId('twin-quality-correction').textContent()).toContain('Bubbles! A very round goldfish.');
    // A phone-sized screen: the card fits the width.
    const overflow = await creator.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(creator.page, 'creator-card');

    const [kept] = await sql<{ source: string; answer: string }[]>`
      select source, answer_text as answer from talent_corrections where talent_id = ${mia.id} and source = 'QUALITY_CHECK'`;
    expect(kept).toEqual({ source: 'QUALITY_CHECK', answer: 'Bubbles! A very round goldfish.' });
    await creator.context.close();
  }, 300_000);
});

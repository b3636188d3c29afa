import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminUi } from './support/admin.ts';
import { openPage, pathOf, useBrowser } from './support/browser.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// Money out, end to end: the demo creator opens /earnings, expands a month (chart and breakdown),
// withdraws by bank transfer (an invalid IBAN first), reviews the amount, the masked IBAN and the
// arrival (Back keeps the form, only Confirm sends), sees "Payout requested!" and the pending
// payout; the demo admin rejects it with a reason, and the creator's open page shows the reason
// and the restored disbursable amount without a reload.

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/doppel-payouts-${name}.png`, fullPage: true });
/** Live updates arrive through the change feed; allow for a slow, shared machine. */
const liveTimeoutMs = 15_000;

describe('creator payouts', () => {
  const browser = useBrowser();

  it('withdraws by bank transfer, and sees the admin’s rejection and the money back live', async () => {
    const creator = await openPage(browser(), { width: 430, height: 900 });
    await signInWithMagicLink(creator.page, 'creator@doppel.dev', { reuseSession: true });
    await creator.page.goto('/');
    await creator.page.getByRole('heading', { name: 'Your dashboard' }).waitFor();
    await creator.page.goto('/earnings');
    await creator.page.getByRole('heading', { name: 'Earnings', exact: true }).first().waitFor();

    // The newest month expands into its daily chart and breakdown.
    const month = creator.page.locator('[data-testid^="earnings-month-"]').first();
    const monthId = ((await month.getAttribute('data-testid')) ?? '').replace('earnings-month-', '');
    expect(monthId).toMatch(/^\d{4}-\d{2}$/);
    await month.getByRole('button').first().click();
    await creator.page.getByTestId(`earnings-chart-${monthId}`).waitFor();
    await creator.page.locator('[data-testid="breakdown-sendMessage"]').first().waitFor();
    await shot(creator.page, 'earnings');

    const disbursable = (await creator.page.getByTestId('disbursable-amount').textContent()) ?? '';
    const disbursableCents = Math.round(Number(disbursable.replace(/[$,]/g, '')) * 100);
    expect(disbursableCents, 'the demo twin has enough settled earnings to withdraw').toBeGreaterThanOrEqual(2_000);

    await creator.page.getByRole('button', { name: 'Withdraw' }).click();
    await creator.page.waitForURL('**/earnings/withdraw');
    await expect.poll(() => creator.page.getByTestId('withdraw-amount').textContent()).toBe(disbursable);
    // One way back: the header's arrow, no second link on the page.
    expect(await creator.page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(1);
    expect(await creator.page.getByRole('link', { name: /back/i }).count()).toBe(0);
    await creator.page.getByRole('radio', { name: 'Bank transfer' }).check();
    await creator.page.getByLabel('Account holder').fill('Mia Rivera');
    await creator.page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await creator.page.getByLabel('BIC').fill('COBADEFFXXX');
    await creator.page.getByRole('button', { name: 'Request Payout' }).click();
    await creator.page.getByText('This IBAN is not valid. Check it for typos.').waitFor();
    expect(pathOf(creator.page)).toBe('/earnings/withdraw');

    await creator.page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await creator.page.getByRole('button', { name: 'Request Payout' }).click();
    // The review: nothing is sent yet, and the IBAN shows only its last four characters.
    const review = creator.page.getByTestId('withdraw-review');
    await review.waitFor();
    expect(await review.getByTestId('withdraw-review-amount').textContent()).toBe(disbursable);
    expect(await creator.page.getByTestId('withdraw-amount').count(), 'the amount shows once, in the review').toBe(0);
    expect(await review.getByTestId('withdraw-review-destination').textContent()).toBe(
      'Bank transfer to Mia Rivera, IBAN ••••\u00a03000',
    );
    expect(await review.getByTestId('withdraw-review-arrival').textContent()).toContain('Doppel team reviews it');
    await shot(creator.page, 'review');
    await review.getByRole('button', { name: 'Back', exact: true }).click();
    await creator.page.getByLabel('IBAN').waitFor();
    expect(await creator.page.getByTestId('withdraw-amount').textContent(), 'the amount card is back with the form').toBe(
      disbursable,
    );
    expect(await creator.page.getByLabel('IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    expect(pathOf(creator.page)).toBe('/earnings/withdraw');

    await creator.page.getByRole('button', { name: 'Request Payout' }).click();
    await review.getByRole('button', { name: 'Confirm', exact: true }).click();
    await creator.page.getByText('Payout requested!').waitFor();
    await creator.page.waitForURL('**/earnings');
    // The new request, newest first (the demo twin also has an older pending payout).
    const pending = creator.page
      .locator('[data-testid^="payout-row-"][data-status="PENDING"]')
      .filter({ has: creator.page.getByTestId('payout-amount').filter({ hasText: disbursable }) })
      .first();
    await pending.waitFor();
    await expect.poll(() => creator.page.getByTestId('disbursable-amount').textContent()).toBe('$0.00');
    const payoutId = ((await pending.getAttribute('data-testid')) ?? '').replace('payout-row-', '');
    await shot(creator.page, 'requested');

    // The admin rejects it with a reason.
    const admin = await openPage(browser());
    await openAdminUi(admin.page);
    await admin.page.goto(`/payouts/${payoutId}`);
    await admin.page.getByTestId('payout-timeline').waitFor();
    expect(await admin.page.getByTestId('payout-status').first().getAttribute('data-status')).toBe('PENDING');
    await admin.page.getByRole('combobox', { name: 'Status' }).click();
    await admin.page.getByRole('option', { name: 'Rejected' }).click();
    const reason = 'The account holder does not match the talent.';
    await admin.page.getByLabel('Reason').fill(reason);
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Saved!', { exact: true }).first().waitFor();
    await admin.page.getByTestId('payout-timeline-entry').filter({ hasText: 'Rejected' }).waitFor();
    await shot(admin.page, 'admin-rejected');

    // The creator's page, still open, shows the rejection and the money back.
    const rejected = creator.page.locator(`[data-testid="payout-row-${payoutId}"][data-status="REJECTED"]`);
    await rejected.waitFor({ timeout: liveTimeoutMs });
    expect(await rejected.getByTestId('payout-reason').textContent()).toBe(reason);
    await expect
      .poll(() => creator.page.getByTestId('disbursable-amount').textContent(), { timeout: liveTimeoutMs })
      .toBe(disbursable);
    await shot(creator.page, 'rejected');
    await admin.context.close();
    await creator.context.close();
    // Two people, a review step and two live updates on a shared two-core machine.
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { replyTimeoutMs, sendAndWaitForReply, waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// A fan tells Mia their name and their dog's; the demo creator finds both notes on the dashboard's
// "Fan memory" page on a phone, corrects one and deletes the other, and the fan's own panel
// ("What Mia remembers about you", left open) follows. Names unique to this file, so the fan's card
// is found among any other fans' notes.

describe('creator fan memory', () => {
  const browser = useBrowser();

  it('lists, edits and deletes what Mia remembers about a fan, and the fan sees it', async () => {
    const phone = { width: 390, height: 844 };
    const fan = await openPage(browser(), phone);
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    await sendAndWaitForReply(fan.page, 'Hi Mia! My name is Juniper and I have a dog named Biscuit.');
    // The memory job runs after the reply; the fan's panel shows its notes once stored.
    await fan.page.getByRole('button', { name: 'Chat options' }).click();
    await fan.page.getByRole('menuitem', { name: 'What Mia remembers about you' }).click();
    const sheet = fan.page.getByRole('dialog', { name: 'What Mia remembers about you' });
    await sheet.getByText('Has a dog named Biscuit', { exact: true }).waitFor({ timeout: replyTimeoutMs });
    await sheet.getByText('Name: Juniper', { exact: true }).waitFor({ timeout: replyTimeoutMs });

    const creator = await openPage(browser(), phone);
    const page = creator.page;
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/settings');
    await page.getByRole('link', { name: /Fan memory/ }).click();
    await page.getByText('Fans can see and delete their own notes too.', { exact: false }).waitFor();
    const found = page.getByTestId('creator-fan-memory-fan').filter({ hasText: 'Has a dog named Biscuit' });
    await found.getByText('Name: Juniper', { exact: true }).waitFor();
    // From here on the card is named by its fan: its notes' text changes.
    const card = page.locator(`[data-testid="creator-fan-memory-fan"][aria-label="${await found.getAttribute('aria-label')}"]`);
    expect(await card.getByText(/^Anonymous fan #/).count(), 'the anonymous fan is named by a short id').toBe(1);
    expect(await card.getByText('Fact', { exact: true }).count()).toBe(1);
    expect(await card.getByText(/^Learnt \d/).count()).toBe(2);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'nothing runs off the phone').toBeLessThanOrEqual(phone.width);

    // Edit: the shared schema's message first, then the correction is saved.
    await card.getByRole('button', { name: 'Edit "Has a dog named Biscuit"' }).click();
    const field = card.getByRole('textbox', { name: 'Fact note' });
    await field.fill('   ');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Write what the twin should remember').waitFor();
    await field.fill('Has a beagle named Biscuit');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved!', { exact: true }).first().waitFor();
    const edited = card;
    await edited.getByText('Has a beagle named Biscuit', { exact: true }).waitFor();
    await edited.getByText(/^Edited \d/).waitFor();
    await page.screenshot({ path: '/tmp/doppel-creator-fan-memory.png', fullPage: true });

    // Delete, behind a confirm.
    await edited.getByRole('button', { name: 'Delete "Name: Juniper"' }).click();
    await edited.getByRole('button', { name: 'Yes, delete' }).click();
    await edited.getByText('Name: Juniper', { exact: true }).waitFor({ state: 'detached' });
    expect(await edited.getByTestId('creator-fan-memory-note').count()).toBe(1);

    // The fan's open panel follows live.
    await sheet.getByText('Has a beagle named Biscuit', { exact: true }).waitFor();
    await sheet.getByText('Name: Juniper', { exact: true }).waitFor({ state: 'detached' });
    expect(await sheet.getByText('Has a dog named Biscuit', { exact: true }).count()).toBe(0);

    // The fan forgets the rest: the creator's page drops the fan live.
    await sheet.getByRole('button', { name: 'Forget everything' }).click();
    await sheet.getByRole('button', { name: 'Yes, forget everything' }).click();
    await edited.waitFor({ state: 'detached' });
    await creator.context.close();
    await fan.context.close();
  });
});

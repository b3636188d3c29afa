import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { replyTimeoutMs, sendAndWaitForReply, twinMessages, waitForChatOpen } from './support/fan-chat.ts';

describe('fan memory', () => {
  const browser = useBrowser();

  it('lists what the twin remembers on a phone, uses it, and deletes one note and then all', async () => {
    const { context, page } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto('/chat/mia');
    await waitForChatOpen(page);
    await sendAndWaitForReply(page, 'Hi Mia! My name is Sam and I have a dog named Rex.');

    // The memory job runs after the reply; the open panel shows its notes as they arrive.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'What Mia remembers about you' }).click();
    const sheet = page.getByRole('dialog', { name: 'What Mia remembers about you' });
    await sheet.getByText('Name: Sam', { exact: true }).waitFor({ timeout: replyTimeoutMs });
    await sheet.getByText('Has a dog named Rex', { exact: true }).waitFor({ timeout: replyTimeoutMs });
    const box = await sheet.boundingBox();
    expect(box?.width, 'the panel fits the phone').toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/doppel-fan-memory.png' });

    await sheet.getByRole('button', { name: 'Forget "Has a dog named Rex"' }).click();
    await sheet.getByText('Has a dog named Rex', { exact: true }).waitFor({ state: 'detached' });
    expect(await sheet.getByText('Name: Sam', { exact: true }).count()).toBe(1);

    // The twin greets the fan by the name it remembers.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await sendAndWaitForReply(page, 'hey');
    expect(await twinMessages(page).last().textContent()).toContain('Sam');

    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'What Mia remembers about you' }).click();
    await sheet.getByText('Name: Sam', { exact: true }).waitFor();
    await sheet.getByRole('button', { name: 'Forget everything' }).click();
    await sheet.getByRole('button', { name: 'Yes, forget everything' }).click();
    await sheet.getByTestId('memory-empty').waitFor();
    await context.close();
  });
});

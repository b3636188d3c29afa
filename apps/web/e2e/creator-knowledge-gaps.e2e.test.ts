import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { sendAndWaitForReply, waitForChatOpen } from './support/fan-chat.ts';
import { signInWithMagicLink } from './support/sign-in.ts';

// A fan on a phone asks Mia two questions her FAQ cannot answer and sends some small talk; the demo
// creator, on a phone, finds the questions as compact rows on Knowledge gaps and not the small talk,
// opens one row's answer form in place, and dismisses the other, which stays gone after a reload.
// The questions carry a word unique to this run, so other files' fans' questions do not interfere.

describe('creator knowledge gaps', () => {
  const browser = useBrowser();

  it('lists questions only, as compact rows that open to answer, and remembers a dismissal', async () => {
    const phone = { width: 390, height: 844 };
    const word = `zq${Math.random().toString(36).slice(2, 8)}`;
    const kept = `Do you ever paint ${word} murals?`;
    const dismissed = `Which ${word} telescope would you buy for stargazing?`;
    const smallTalk = `Haha unlocked it, looks great ${word}`;

    const fan = await openPage(browser(), phone);
    await fan.page.goto('/chat/mia');
    await waitForChatOpen(fan.page);
    for (const text of [smallTalk, kept, dismissed]) await sendAndWaitForReply(fan.page, text);

    const { page } = await openPage(browser(), phone);
    await signInWithMagicLink(page, 'creator@doppel.dev', { reuseSession: true });
    await page.goto('/knowledge-gaps');
    await page.getByRole('heading', { name: 'Knowledge gaps' }).waitFor();
    const keptRow = page.getByTestId('knowledge-gap').filter({ hasText: kept });
    const dismissedRow = page.getByTestId('knowledge-gap').filter({ hasText: dismissed });
    await keptRow.waitFor();
    await dismissedRow.waitFor();
    expect(await page.getByText(smallTalk).count(), 'small talk is not a knowledge gap').toBe(0);
    await keptRow.getByText('Asked once').waitFor();

    // Compact: the row holds the question, its count and time and two buttons, no form.
    const closed = await keptRow.boundingBox();
    expect(closed?.height ?? 0, 'a closed row is compact').toBeLessThan(160);
    expect(await keptRow.getByRole('textbox').count()).toBe(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'nothing runs off the phone').toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: '/tmp/doppel-creator-knowledge-gaps.png', fullPage: true });

    // Answer opens the form in place, with the question offered as the FAQ's wording.
    await keptRow.getByRole('button', { name: 'Answer' }).click();
    await keptRow.getByRole('textbox', { name: 'Your answer' }).waitFor();
    expect(await keptRow.getByRole('textbox', { name: 'Question' }).inputValue()).toBe(kept);
    expect(await keptRow.getByRole('button', { name: 'Answer' }).getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: '/tmp/doppel-creator-knowledge-gaps-open.png', fullPage: true });
    await keptRow.getByRole('button', { name: 'Cancel' }).click();
    await keptRow.getByRole('textbox', { name: 'Your answer' }).waitFor({ state: 'detached' });

    // Dismiss: the row goes, and stays gone after a reload; the other stays.
    await dismissedRow.getByRole('button', { name: 'Dismiss' }).click();
    await dismissedRow.waitFor({ state: 'detached' });
    await page.reload();
    await keptRow.waitFor();
    expect(await dismissedRow.count(), 'a dismissed question is remembered').toBe(0);
  });
});

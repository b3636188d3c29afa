import type { Page } from 'playwright-core';

// The twin answers through the worker (offline engine, no LLM configured) within a second or two;
// the waits are generous so a slow machine does not fail the test (a held reply took over 20 s to
// reach the creator's home once, with the e2e tier and a Lighthouse run sharing two cores).
export const replyTimeoutMs = 30_000;

export const twinSelector = '[data-testid="chat-message"][data-kind="message"][data-sender="TALENT"]';
export const conversation = (page: Page) => page.locator('[data-testid="chat-message"][data-kind="message"]');
export const twinMessages = (page: Page) => page.locator(twinSelector);

export async function balanceOf(page: Page): Promise<number> {
  return Number(await page.getByTestId('credit-balance-total').textContent());
}

export async function waitForBalance(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (value) => document.querySelector('[data-testid="credit-balance-total"]')?.textContent === String(value),
    expected,
    { timeout: replyTimeoutMs },
  );
}

export async function waitForCount(page: Page, selector: string, atLeast: number): Promise<void> {
  await page.waitForFunction(
    ({ css, count }) => document.querySelectorAll(css).length >= count,
    { css: selector, count: atLeast },
    {
      timeout: replyTimeoutMs,
    },
  );
}

/** Types a message, sends it with Enter, and waits for the twin's next message. */
export async function sendAndWaitForReply(page: Page, text: string): Promise<void> {
  const before = await twinMessages(page).count();
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(text);
  await field.press('Enter');
  await conversation(page).getByText(text, { exact: true }).waitFor();
  await waitForCount(page, twinSelector, before + 1);
}

/**
 * Waits until the app has opened the twin's chat. The server's first paint shows the twin's name
 * as a heading before any script runs; the app removes it once its own chat screen is painted.
 */
export async function waitForChatOpen(page: Page, twinName = 'Mia Moreno'): Promise<void> {
  await page.getByRole('heading', { name: twinName }).first().waitFor();
  await page.locator('#page-shell').waitFor({ state: 'detached' });
}

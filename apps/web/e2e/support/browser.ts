import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium (or CHROMIUM_PATH) driven by playwright-core, which ships no browser of its own. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
}

/**
 * One browser for the calling describe block: launched before its tests, closed after them. Returns a
 * getter because the browser exists only once the hook has run. Call it before the block's own hooks:
 * Vitest runs beforeAll hooks in order and afterAll hooks in reverse (`sequence.hooks: 'stack'`), so
 * their set-up finds the browser open and their clean-up runs before it closes.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: use it inside a hook or test, not at collection.');
    return browser;
  };
}

/** A fresh browser profile (no cookies, empty localStorage unless given) pointed at the app under test. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  /** Cookies and localStorage of an earlier context (`context.storageState()`), to skip signing in again. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport, storageState });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** The path of the page's current address, e.g. '/status'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

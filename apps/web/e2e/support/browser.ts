import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
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

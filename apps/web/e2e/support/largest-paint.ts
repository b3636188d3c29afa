import type { BrowserContext, Page } from 'playwright-core';

/** One largest-contentful-paint candidate: how large, what it said, whether the server's first paint held it. */
export type LargestPaint = { size: number; text: string; inFirstPaint: boolean };

/**
 * Records every largest-contentful-paint candidate of the context's pages, from the first byte.
 * Lighthouse's LCP is the last of them: a page whose app paints nothing larger than the server's
 * first paint (apps/api/src/http/page-shell.ts) has its LCP at that first paint, before any script.
 */
export async function recordLargestPaints(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const paints: Array<{ size: number; text: string; inFirstPaint: boolean }> = [];
    (window as unknown as { __largestPaints: typeof paints }).__largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { size: number; element: Element | null }>) {
        paints.push({
          size: entry.size,
          text: (entry.element?.textContent ?? entry.element?.tagName ?? '').trim().slice(0, 80),
          inFirstPaint: entry.element?.closest('#page-shell') != null,
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The candidates so far, once the app has taken over from the first paint and painted twice. */
export async function largestPaintsAfterHandOver(page: Page): Promise<LargestPaint[]> {
  await page.locator('#page-shell').waitFor({ state: 'detached' });
  return page.evaluate(
    () =>
      new Promise<LargestPaint[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            // The observer's callback is queued after the paint: one task later it has run.
            setTimeout(() => resolve((window as unknown as { __largestPaints: LargestPaint[] }).__largestPaints), 100),
          ),
        ),
      ),
  );
}

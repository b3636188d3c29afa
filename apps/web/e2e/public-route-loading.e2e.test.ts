import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';

// What the three public routes load (issue 14, fast on a phone): the page carries one small entry
// script and nothing preloaded before its first paint, and the styles that arrive are those of the
// components the route shows (apps/web/build/mantine-styles.ts), not the admin's tables or charts.

/** The first class of a package stylesheet: it appears in any stylesheet that holds its rules. */
function firstClassOf(path: string): string {
  const css = readFileSync(new URL(`../node_modules/${path}`, import.meta.url), 'utf8');
  const match = /\.(m_[0-9a-f]+)/.exec(css);
  if (!match?.[1]) throw new Error(`no Mantine class in ${path}`);
  return match[1];
}

const creatorOnlyStyles = {
  'the table (admin lists)': firstClassOf('@mantine/core/styles/Table.css'),
  'the stepper (onboarding)': firstClassOf('@mantine/core/styles/Stepper.css'),
  'the charts (earnings, analytics)': firstClassOf('@mantine/charts/styles.css'),
  'the date pickers (broadcasts)': firstClassOf('@mantine/dates/styles.css'),
};
const creatorChunks = /(admin-layout|talent-layout|onboarding-layout|waitlist-layout|LineChart|-section)-[\w-]+\.js$/;

type Loaded = { scripts: string[]; styles: Map<string, Promise<string>>; calls: string[]; requests: string[] };

function record(page: Page): Loaded {
  const loaded: Loaded = { scripts: [], styles: new Map(), calls: [], requests: [] };
  // In the order the page sent them.
  page.on('request', (request) => loaded.requests.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const type = response.request().resourceType();
    if (type === 'script') loaded.scripts.push(pathname);
    if (type === 'stylesheet') loaded.styles.set(pathname, response.text());
    if (pathname.startsWith('/trpc/')) loaded.calls.push(...pathname.slice('/trpc/'.length).split(','));
  });
  return loaded;
}

const routes = [
  { path: '/', ready: (page: Page) => page.locator('#root').getByRole('heading', { name: /Create your digital twin/ }) },
  { path: '/sign-in', ready: (page: Page) => page.getByLabel('Email') },
  { path: '/chat/mia', ready: (page: Page) => page.getByPlaceholder(/message/i) },
];

describe('what a public page loads', () => {
  const browser = useBrowser();

  it('sends one small entry script and preloads nothing before the first paint', async () => {
    const { context, page } = await openPage(browser());
    for (const { path } of routes) {
      const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<script\b/g)?.length, `${path}: scripts in the head`).toBe(1);
      expect(head, `${path}: nothing preloaded`).not.toContain('modulepreload');
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(head)?.[1] ?? '';
      const script = await page.request.get(entry);
      expect(script.status()).toBe(200);
      // The whole app was 360 KB; the entry only styles the page and starts the app after it paints.
      expect((await script.body()).length, `${path}: entry script bytes`).toBeLessThan(20_000);
    }
    await context.close();
  });

  for (const { path, ready } of routes) {
    it(`${path} loads no creator code or styles, and opens once`, async () => {
      const { context, page } = await openPage(browser(), { width: 390, height: 844 });
      const loaded = record(page);
      await page.goto(path);
      await ready(page).waitFor();
      await page.locator('#page-shell').waitFor({ state: 'detached' });

      expect(loaded.scripts.filter((script) => creatorChunks.test(script))).toEqual([]);
      const css = (await Promise.all(loaded.styles.values())).join('\n');
      for (const [component, className] of Object.entries(creatorOnlyStyles)) {
        expect(css.includes(className), `${path} loaded the styles of ${component}`).toBe(false);
      }
      // The messenger opens its chat once: no second chat.open before or after it shows. The entry
      // sends it (shell/early-calls.ts) before the app's own code is even requested.
      if (path.startsWith('/chat/')) {
        expect(loaded.calls.filter((call) => call === 'chat.open')).toHaveLength(1);
        const appRequested = loaded.requests.findIndex((request) => /\/assets\/app-[\w-]+\.js$/.test(request));
        expect(loaded.requests.indexOf('/trpc/chat.open'), 'chat.open was sent before the app was requested').toBeLessThan(
          appRequested,
        );
      }
      await context.close();
    });
  }
});

// How main.tsx starts the app (issue 14, fast on a phone). The page the server sends for a public
// route is already meaningful (apps/api/src/http/page-shell.ts), so nothing of the app needs to
// compete with its first paint: the app is fetched once the page has painted.
//
// It is evaluated in stages, one task each (loadInStages): evaluating React DOM, Mantine, the data
// libraries and the app's own modules in one go was a single task of 100–300 ms at a phone's speed
// (a Lighthouse trace at 4x slowdown), which blocks a tap on the page for as long.

import type { DashboardLayout } from './dashboard-calls.ts';

/** Resolves after the browser has painted once (a frame, then a task), or soon in a hidden tab. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A background tab gets no frames until it is shown; a timer still starts the app there.
    const fallback = window.setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      window.setTimeout(() => {
        window.clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** Resolves in a new task, so the browser can handle input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** Runs each stage (a dynamic import) after the last, each in a task of its own. */
export async function loadInStages(stages: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
}

/** Loads the chunks of the route the address opens (the last stage before the app's own modules). */
export function preloadRouteChunk(pathname: string, dashboard: Promise<DashboardLayout | null>): Promise<unknown> {
  // The public routes' layouts directly, as before the dashboards were preloaded: no chunk in between.
  // The same imports as lazy-layouts.ts: the lazy layouts then find their modules already loaded.
  if (/^\/chat\/[^/]+\/?$/.test(pathname)) return import('../layouts/fan/fan-chat-layout.tsx');
  // A visitor's `/` and `/sign-in` come with the server's first paint; a creator's `/` with the
  // dashboard's (class ps-dashboard, apps/api page-shell.ts), whose layout the entry's `auth.me` picks.
  const shell = document.getElementById('page-shell');
  if ((pathname === '/' || pathname === '/sign-in') && shell && !shell.classList.contains('ps-dashboard'))
    return Promise.all([
      import('../layouts/public/public-layout.tsx'),
      // The sign-in form's own chunk beside its layout's, not after it.
      pathname === '/sign-in' ? import('../layouts/public/sign-in-page.tsx') : undefined,
    ]).then(([layout]) => (pathname === '/sign-in' ? layout.loadSignInPage() : undefined));
  return import('./lazy-layouts.ts').then((m) => m.loadRouteLayout(pathname, dashboard));
}
